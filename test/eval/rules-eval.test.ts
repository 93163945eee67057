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
import { loadConfig } from "../../src/config/load.ts";
import { evaluate } from "../../src/eval/evaluate.ts";
import type { EpisodeRecord } from "../../src/eval/record.ts";
import { falseBlocks, type RuleEvalLine, ruleEvalRows } from "../../src/eval/rules-eval.ts";
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
  assert.equal(lines.length, 3 * episodes, "every method ran every evaluation episode once");
  for (const m of ["none", "text", "full"]) {
    const ids = lines.filter((l) => l.method === m).map((l) => `${l.phase}:${l.episodeId}`);
    assert.deepEqual(
      ids,
      lines.filter((l) => l.method === "none").map((l) => `${l.phase}:${l.episodeId}`),
      "same episodes, same phases",
    );
  }
  // The simulated user speaks only in learning, and only after a broken preference.
  for (const l of lines) {
    if (l.phase === "test") assert.equal(l.correction, null);
    if (l.correction !== null) assert.ok(l.violations.length > 0, `${l.episodeId}: a correction without a violation`);
    if (l.phase === "learning" && l.violations.length > 0)
      assert.ok(l.correction, `${l.episodeId}: a broken preference went uncorrected`);
  }
  // none keeps nothing; text and full keep what they were told.
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
  // full records the layer's work; text checks nothing.
  assert.ok(lines.filter((l) => l.method === "text").every((l) => l.checks === 0 && l.refusals === 0));
  const rows = ruleEvalRows(lines);
  assert.deepEqual(
    rows.map((r) => r.method),
    ["none", "text", "full", "full_before_final_repair"],
  );
  for (const r of rows)
    assert.ok(r.violationRate.lo <= r.violationRate.mean && r.violationRate.mean <= r.violationRate.hi);
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
