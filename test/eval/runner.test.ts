import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, test } from "node:test";
import { evaluate } from "../../src/compose/evaluate.ts";
import { buildPlan } from "../../src/compose/setup.ts";
import { loadConfig } from "../../src/config/load.ts";
import { compactResults, readResults } from "../../src/eval/results.ts";
import { planJobs } from "../../src/eval/runner.ts";
import { tinySet } from "./slice.ts";

const root = mkdtempSync(join(tmpdir(), "polar-eval-run-"));
let dataset = "";
before(async () => {
  // 10 units: 2 evaluation episodes in 3 memory modes, the 4 acquisitions they need
  dataset = await tinySet(root, { evaluation: 2, extraAcquisition: 1 });
});

// One thread, except where a run is stopped and resumed (the thread pool's episodes in flight at
// the limit): threads.test.ts compares threaded lines with unthreaded ones, and two threads per
// run cost seconds of CPU each (they load the eval through tsx)
const config = (out: string, extra: Record<string, unknown> = {}) =>
  loadConfig({
    env: {},
    overrides: {
      simulator: { maxSteps: 80 },
      embedder: { type: "lexical" },
      eval: { dataset, out, concurrency: 1, bootstrapSamples: 200, ...extra },
    },
  });

const quiet = { onNotice: () => {} };

test("end to end on a slice: acquisition then all three memory modes, one line per episode, a report naming its parts", async () => {
  const out = join(root, "full-run");
  const s = await evaluate(config(out), quiet);
  const { plan } = await buildPlan(config(out));
  const jobs = planJobs(plan);
  assert.equal(s.ran, jobs.length);
  assert.equal(s.remaining, 0);
  const r = readResults(join(out, "results.jsonl"));
  assert.deepEqual(r.problems, []);
  assert.equal(r.duplicates, 0);
  assert.deepEqual(new Set(r.lines.map((l) => l.key)), new Set(jobs.map((j) => j.key)));
  const acq = r.lines.filter((l) => l.stage === "acquisition");
  assert.ok(acq.length > 0 && acq.every((l) => l.memorized || l.error !== null));
  const polar = r.lines.filter((l) => l.memory === "polar");
  assert.ok(
    polar.every((l) => l.recall !== null && l.retrieval.targetRetrieved !== null),
    "polar lines carry retrieval and recall",
  );
  assert.ok(
    r.lines.filter((l) => l.memory === "raw").every((l) => l.raw.includesGold === true),
    "raw samples hold the gold interactions",
  );
  const md = readFileSync(join(out, "report", "report.md"), "utf8");
  assert.match(md, /lexical fallback/);
  assert.match(md, /Store: sqlite/);
  // every report names the perception it assumed and when the low-level planner was asked
  assert.match(md, /Perception: the simulator's semantic sensor .*instance ids new every episode/);
  assert.match(md, /heuristic tells same-category instances apart by comparing their pixels/);
  assert.ok(existsSync(join(out, "report", "fig5_gap.png")));
  assert.ok(
    existsSync(join(out, "memory", "heuristic", "memory.db")),
    "the backbone's store lives under the output folder",
  );
});

test("resume: a run stopped after N episodes, rerun, gives the same lines as one uninterrupted run, with no duplicates", async () => {
  const straight = readResults(join(root, "full-run", "results.jsonl")).lines;
  const out = join(root, "resumed");
  const first = await evaluate(config(out, { concurrency: 2 }), { ...quiet, limit: 4, report: false });
  assert.ok(first.ran >= 4 && first.ran < straight.length, `stopped early (ran ${first.ran})`);
  assert.ok(first.remaining > 0);
  const second = await evaluate(config(out), quiet); // resumed on one thread: concurrency is no part of the run
  assert.equal(second.skipped, first.ran);
  assert.equal(second.remaining, 0);
  const r = readResults(join(out, "results.jsonl"));
  assert.equal(r.duplicates, 0, "no episode ran twice");
  assert.equal(r.lines.length, straight.length);
  const outcome = (l: (typeof straight)[number]) => `${l.key}:${l.success}:${l.steps}:${l.grounded.objectId}`;
  assert.deepEqual(r.lines.map(outcome).sort(), straight.map(outcome).sort(), "same outcomes as the uninterrupted run");
  const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8"));
  assert.equal(manifest.sessions.length, 2);
  assert.equal(manifest.sessions[0].interrupted, true);
});

test("resume after the memory folder is lost: the acquisition is redone before evaluation reads it, each episode once in the file", async () => {
  const out = join(root, "lost-memory");
  const first = await evaluate(config(out), { ...quiet, limit: 3, report: false });
  rmSync(join(out, "memory"), { recursive: true, force: true });
  const second = await evaluate(config(out), { ...quiet, report: false });
  assert.ok(
    second.notes.some((n) => /cleared it and reran/.test(n)),
    second.notes.join("\n"),
  );
  const r = readResults(join(out, "results.jsonl"));
  assert.ok(first.ran > 0);
  assert.equal(r.duplicates, 0, "the redone acquisition lines replace the first ones in the file");
  const keys = readFileSync(join(out, "results.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l).key as string);
  assert.equal(keys.length, new Set(keys).size, "each episode once in results.jsonl");
  const straight = readResults(join(root, "full-run", "results.jsonl")).lines;
  const outcome = (l: (typeof straight)[number]) => `${l.key}:${l.success}:${l.grounded.objectId}`;
  assert.deepEqual(r.lines.map(outcome).sort(), straight.map(outcome).sort());
});

test("results of another configuration are never mixed into an output folder", async () => {
  const out = join(root, "full-run");
  await assert.rejects(
    evaluate(
      loadConfig({
        env: {},
        overrides: { simulator: { maxSteps: 99 }, embedder: { type: "lexical" }, eval: { dataset, out } },
      }),
      quiet,
    ),
    /another configuration/,
  );
});

test("bad requests fail before any episode: unknown scenario, unknown backbone, missing key", async () => {
  const out = join(root, "never");
  await assert.rejects(evaluate(config(out, { scenarios: ["nope"] }), quiet), /unknown scenario/);
  await assert.rejects(evaluate(config(out, { backbones: ["no-such-backbone"] }), quiet), /unknown backbone/);
  await assert.rejects(
    evaluate(config(out, { backbones: ["gpt-4o-mini"] }), { ...quiet, env: {} }),
    /OPENAI_API_KEY|key/,
  );
  assert.equal(existsSync(join(out, "results.jsonl")), false);
});

test("a results file holding an episode twice (an older version's repair) is left with each episode once, its last line", () => {
  const out = join(root, "full-run", "results.jsonl");
  const copy = join(root, "twice.jsonl");
  const lines = readFileSync(out, "utf8").split("\n").filter(Boolean);
  const again = { ...JSON.parse(lines[0]), steps: 12345 };
  writeFileSync(copy, `${lines.join("\n")}\nnot json\n${JSON.stringify(again)}\n`);
  assert.equal(compactResults(copy), 1);
  const after = readFileSync(copy, "utf8").split("\n").filter(Boolean);
  assert.equal(after.length, lines.length + 1, "the bad line stays for the reader to report");
  const r = readResults(copy);
  assert.equal(r.duplicates, 0);
  assert.equal(r.lines.find((l) => l.key === again.key)?.steps, 12345, "the later line is the one kept");
  assert.equal(r.problems.length, 1);
});
