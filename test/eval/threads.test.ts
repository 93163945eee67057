import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { evaluate } from "../../src/compose/evaluate.ts";
import { episodeThreads } from "../../src/compose/thread-pool.ts";
import { loadConfig } from "../../src/config/load.ts";
import { loadScenarioSet } from "../../src/datasets/load-set.ts";
import { type ResultLine, readResults } from "../../src/eval/results.ts";
import type { EpisodeWorkers } from "../../src/eval/runner.ts";
import { multiUserSet } from "./shard-slice.ts";

const root = mkdtempSync(join(tmpdir(), "polar-threads-"));
let dataset = "";
before(async () => {
  dataset = await multiUserSet(root, { evaluationPerUser: 1 });
});
after(() => rmSync(root, { recursive: true, force: true }));

const config = (out: string, concurrency: number) =>
  loadConfig({
    env: {},
    overrides: {
      simulator: { maxSteps: 60 },
      embedder: { type: "lexical" },
      eval: { dataset, out, concurrency, bootstrapSamples: 100 },
    },
  });

const outcomeOf = (l: ResultLine) => {
  const { runId: _r, durationMs: _d, finishedAt: _f, ...rest } = l;
  return JSON.stringify(rest);
};
const byKey = (lines: ResultLine[]) => [...lines].sort((a, b) => a.key.localeCompare(b.key)).map(outcomeOf);

test("--concurrency 2 runs the episodes on 2 threads, and the lines are those of --concurrency 1", async () => {
  const one = join(root, "one");
  await evaluate(config(one, 1), { onNotice: () => {}, report: false });
  const straight = readResults(join(one, "results.jsonl")).lines;

  const two = join(root, "two");
  const c2 = config(two, 2);
  let opened = 0;
  let ran = 0;
  const real = episodeThreads(c2, await loadScenarioSet(dataset));
  const counted: EpisodeWorkers = {
    async open(n) {
      opened += n;
      return (await real.open(n)).map((w) => ({
        openBackbone: (b, d) => w.openBackbone(b, d),
        releaseBackbone: () => w.releaseBackbone(),
        renewSimulator: () => w.renewSimulator(),
        run: (k, t) => {
          ran++;
          return w.run(k, t);
        },
        close: () => w.close(),
      }));
    },
  };
  await evaluate(c2, { onNotice: () => {}, report: false, threads: counted });
  const threaded = readResults(join(two, "results.jsonl")).lines;

  assert.equal(opened, 2, "two threads");
  assert.equal(ran, straight.length, "every episode ran on a thread");
  // something to compare: memories written by acquisitions, and evaluations that read them
  assert.ok(
    straight.some((l) => l.memorized) && straight.some((l) => l.stage === "evaluation" && l.retrieval.ids.length > 0),
    "a run with something to compare",
  );
  assert.deepEqual(byKey(threaded), byKey(straight));
});
