import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { evaluate } from "../../src/compose/evaluate.ts";
import { loadConfig } from "../../src/config/load.ts";
import { type ResultLine, readResults } from "../../src/eval/results.ts";
import { runQueued } from "../../src/queue/coordinator.ts";
import { multiUserSet } from "../eval/shard-slice.ts";
import { redisMissing, startRedis, type TestRedis } from "./redis.ts";
import { startWorker, TEST_ENV, type WorkerProcess } from "./workers.ts";

const skip = redisMissing();
if (skip) console.log(`# ${skip}`);

const root = mkdtempSync(join(tmpdir(), "polar-queue-"));
let dataset = "";
let redis: TestRedis;
let reference: ResultLine[] = [];
const workers: WorkerProcess[] = [];
/** ends a coordinator a failed test left waiting, so the file's after() can finish rather than hang to its time limit */
const coordinators = new AbortController();

const config = (out: string) =>
  loadConfig({ env: TEST_ENV, overrides: { eval: { dataset, out, concurrency: 1, bootstrapSamples: 100 } } });
const outcome = (l: ResultLine) => {
  const { runId: _r, durationMs: _d, finishedAt: _f, ...rest } = l;
  return JSON.stringify(rest);
};
const byKey = (lines: ResultLine[]) => [...lines].sort((a, b) => a.key.localeCompare(b.key)).map(outcome);

before(async () => {
  if (skip) return;
  dataset = await multiUserSet(root, { evaluationPerUser: 1, extraAcquisitionPerUser: 1 });
  redis = await startRedis();
  await evaluate(config(join(root, "single")), { onNotice: () => {}, report: false });
  reference = readResults(join(root, "single", "results.jsonl")).lines;
});
after(async () => {
  coordinators.abort();
  await Promise.all(workers.map((w) => w.stop()));
  await redis?.stop();
});

test("3 workers, one killed with kill -9 mid-episode: the results equal a single-process run, episode for episode; a worker of another config is refused", {
  skip: skip ?? false,
  timeout: 280_000,
}, async () => {
  const three = [0, 1, 2].map(() => startWorker(redis.url));
  const odd = startWorker(redis.url, { env: { POLAR_SIMULATOR__MAXSTEPS: "99" } });
  workers.push(...three, odd);
  const out = join(root, "queued");
  const run = runQueued(config(out), {
    url: redis.url,
    report: false,
    lockMs: 8000,
    pollMs: 200,
    signal: coordinators.signal,
  });
  // kill the first worker as soon as it has started a job: that job's lock runs out, another worker reruns it
  await three[0].waitFor(/running /);
  await new Promise((r) => setTimeout(r, 300));
  three[0].proc.kill("SIGKILL");
  const killedJob = [...three[0].log().matchAll(/running (.+)\n/g)].at(-1)?.[1];
  assert.ok(killedJob, three[0].log());
  const s = await run;
  assert.equal(s.remaining, 0);
  assert.equal(s.failed, 0);
  const r = readResults(join(out, "results.jsonl"));
  assert.equal(r.duplicates, 0, "no episode counted twice");
  assert.deepEqual(byKey(r.lines), byKey(reference));
  assert.ok(
    three.slice(1).some((w) => w.log().includes(`running ${killedJob}\n`)),
    `the killed worker's job (${killedJob}) ran again on another worker`,
  );
  await odd.waitFor(/refusing run/);
  // it names the setting that differs, not the hash of all of them
  assert.match(
    odd.log(),
    /refusing run [0-9a-f]+: its config differs from this worker's: simulator\.maxSteps: run has 60, this worker 99/,
  );
  assert.doesNotMatch(odd.log(), /running /, "the refusing worker ran nothing");
  assert.ok(
    s.refusals.some((x) => /simulator\.maxSteps/.test(x)),
    "the coordinator hears the refusal",
  );
  await Promise.all([...three, odd].map((w) => w.stop()));
});

test("a Redis restart mid-run: workers and the coordinator reconnect and the run completes as a clean one", {
  skip: skip ?? false,
  timeout: 280_000,
}, async () => {
  const two = [0, 1].map(() => startWorker(redis.url));
  workers.push(...two);
  const out = join(root, "restarted");
  const run = runQueued(config(out), {
    url: redis.url,
    report: false,
    lockMs: 8000,
    pollMs: 200,
    signal: coordinators.signal,
  });
  // mid-run: once either worker is on an evaluation episode (on a loaded machine the acquisitions before take a while)
  await Promise.any(two.map((w) => w.waitFor(/running .*eval-/)));
  await redis.restart();
  const s = await run;
  assert.equal(s.remaining, 0);
  const r = readResults(join(out, "results.jsonl"));
  assert.equal(r.duplicates, 0);
  assert.deepEqual(byKey(r.lines), byKey(reference));
  for (const w of two) {
    // the outage in a line or two (gone, back), never an error with its stack per reconnect attempt
    assert.doesNotMatch(w.log(), /\n\s+at .*:\d+:\d+|\[ioredis\]|ECONNREFUSED.*\n.*ECONNREFUSED/, w.log());
    assert.ok((w.log().match(/Redis unreachable/g) ?? []).length <= 1, w.log());
  }
  await Promise.all(two.map((w) => w.stop()));
});
