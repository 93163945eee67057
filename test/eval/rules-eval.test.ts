/**
 * Measuring the rule layer end to end on a slice: simulated users with hidden profiles, a
 * learning phase with corrections, a frozen test phase, every method on the same episodes, the
 * table and figure written. The scorer reads what happened, never the layer's verdicts.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, test } from "node:test";
import { evaluate } from "../../src/compose/evaluate.ts";
import { loadConfig } from "../../src/config/load.ts";
import type { EpisodeRecord } from "../../src/eval/record.ts";
import type { RuleEvalLine } from "../../src/eval/rule-phase/line.ts";
import { ruleEvalRows, ruleEvalText } from "../../src/eval/rule-phase/report.ts";
import { falseBlocks } from "../../src/eval/rules-eval.ts";
import { wilson } from "../../src/eval/wilson.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";
import { tinySet } from "./slice.ts";

const root = mkdtempSync(join(tmpdir(), "polar-rules-eval-"));
let dataset = "";
before(async () => {
  dataset = await tinySet(root, { evaluation: 4 });
});

test("polar eval --rules: learning then frozen test, each method on the same episodes, table and figure", async () => {
  const out = join(root, "run");
  const config = loadConfig({
    env: {},
    overrides: {
      simulator: { maxSteps: 120 },
      embedder: { type: "lexical" },
      eval: { dataset, out, concurrency: 2, bootstrapSamples: 200, memoryModes: ["polar"] },
    },
  });
  const s = await evaluate(config, { onNotice: () => {}, rules: ["none", "text", "full"] });
  assert.ok(s.rules, "the rule layer was measured");
  const lines = readFileSync(join(out, "rules-results.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as RuleEvalLine);
  const episodes = JSON.parse(readFileSync(join(dataset, "scenario-set.json"), "utf8")).evaluation.length;
  // the heuristic reads no rule text: text is none by construction, reported so, not run
  assert.equal(lines.length, 2 * episodes, "none and full ran every evaluation episode once; text did not run");
  assert.ok(!lines.some((l) => l.method === "text"));
  for (const m of ["none", "full"]) {
    const ids = lines.filter((l) => l.method === m).map((l) => `${l.phase}:${l.simUser}:${l.episodeId}`);
    assert.deepEqual(
      ids.sort(),
      lines
        .filter((l) => l.method === "none")
        .map((l) => `${l.phase}:${l.simUser}:${l.episodeId}`)
        .sort(),
      "same episodes, same phases, same simulated users",
    );
  }
  // no test passes the held-out bank: every simulated user speaks from the development one
  assert.ok(lines.every((l) => l.bank === "dev"));
  // The simulated user corrects only in learning, and only after a broken preference it holds
  // (a one-off ignored is scored for that episode but is no lasting preference to correct).
  for (const l of lines) {
    const lasting = l.violations.filter((v) => !v.preferenceId.endsWith(".once"));
    if (l.phase === "test") {
      assert.equal(l.correction, null);
      assert.deepEqual(l.messages, [], "nothing is learned in the test phase");
    }
    if (l.correction !== null) assert.ok(lasting.length > 0, `${l.episodeId}: a correction without a violation`);
    if (l.phase === "learning" && lasting.length > 0)
      assert.ok(l.correction, `${l.episodeId}: a broken preference went uncorrected`);
    if (l.method === "none") assert.deepEqual(l.messages, [], "none keeps nothing, so nothing of it is read");
  }
  // what the learner made of every message is scored against what the user meant
  const said = lines.filter((l) => l.method === "full").flatMap((l) => l.messages);
  for (const m of said) {
    assert.ok(["lasting", "task_local", "vague", "revise", "retract"].includes(m.kind));
    assert.ok(m.fields.length > 0 && typeof m.ok === "boolean");
  }
  assert.ok(
    said.some((m) => m.kind === "vague"),
    "a vague remark is said in learning",
  );
  // none keeps nothing; full keeps what it was told.
  const dbs = readdirSync(join(out, "rules"));
  const stored = async (method: string) => {
    let n = 0;
    for (const f of dbs.filter((d) => d.includes(`-${method}-`))) {
      const lib = new SqliteRuleLibrary(join(out, "rules", f), { create: false });
      for (const u of ["u1", "u2", "u3", "u0"]) n += (await lib.snapshot(u)).rules.length;
      await lib.close();
    }
    return n;
  };
  assert.equal(await stored("none"), 0);
  const told = lines.filter((l) => l.method === "full" && l.correction).length;
  if (told > 0) assert.ok((await stored("full")) > 0, "corrections became rules");
  const rows = ruleEvalRows(lines, ["text"]);
  assert.deepEqual(
    rows.map((r) => [r.method, r.sameAs ?? null]),
    [
      ["none", null],
      ["text", "none"],
      ["full", null],
      ["full_before_final_repair", null],
    ],
  );
  for (const r of rows.filter((x) => !x.sameAs)) {
    assert.ok(r.violationRate.lo <= r.violationRate.mean && r.violationRate.mean <= r.violationRate.hi);
    // a proportion gets Wilson's interval, as SR does in the main report: never [0, 0] from a few episodes
    const k = Math.round(r.violationRate.mean * r.n);
    assert.deepEqual(r.violationRate, wilson(k, r.n));
  }
  // the terminal's rendering of the tables fits 100 columns and still names every method
  const text = ruleEvalText(rows);
  assert.ok(Math.max(...text.split("\n").map((l) => l.length)) <= 100, text);
  for (const m of ["none", "full", "full_before_final_repair"]) assert.match(text, new RegExp(`\\b${m}\\b`));
  assert.match(readFileSync(join(out, "rules-report.md"), "utf8"), /= none by construction/);
  assert.match(readFileSync(join(out, "rules-report.md"), "utf8"), /The learner on what the simulated users said/);
  assert.ok(existsSync(join(out, "rules-violations.svg")));
  assert.match(readFileSync(join(out, "rules-report.md"), "utf8"), /violation rate/);
});

test("a refusal is a false block when no applicable preference forbade that room", () => {
  const profile = {
    userId: "u1",
    preferences: [
      { id: "p1", kind: "avoid_room" as const, room: "garage", when: { fromHour: 21, toHour: 6 } },
      { id: "p2", kind: "max_words" as const, maxWords: 10 },
    ],
  };
  const facts = {
    episodeId: "e",
    userId: "u1",
    sceneId: "s",
    hour: 22,
    instruction: "bring my mug",
    roomsEntered: ["kitchen"],
    stopRoom: null,
    reply: "ok",
    found: false,
    foundRoom: null,
  };
  const record = {
    rules: {
      refused: [
        { action: "room", room: "garage", how: "revised" },
        { action: "path", room: "bedroom", how: "blocked" },
        { action: "stop", room: "Garage 2", how: "blocked" },
      ],
    },
  } as unknown as EpisodeRecord;
  assert.equal(falseBlocks(profile, facts, record), 1, "only the bedroom was not forbidden");
  assert.equal(falseBlocks(profile, { ...facts, hour: 14 }, record), 3, "by day nothing was forbidden");
});
