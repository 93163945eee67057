/**
 * Failures of the infrastructure are not results: a simulator killed mid-run leaves
 * its episodes undone (recorded in failures.jsonl), the run stops after a few in a row instead
 * of burning through the rest, and a rerun against a restarted simulator finishes with the same
 * results, episode for episode, as a run that never failed.
 */
import assert from "node:assert/strict";
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, test } from "node:test";
import { evaluate } from "../../src/compose/evaluate.ts";
import { buildPlan } from "../../src/compose/setup.ts";
import { loadConfig } from "../../src/config/load.ts";
import { FAILURES_FILE, readResults } from "../../src/eval/results.ts";
import { planJobs } from "../../src/eval/runner.ts";
import { startPolar } from "../cli/polar-process.ts";
import { tinySet } from "./slice.ts";

const root = mkdtempSync(join(tmpdir(), "polar-infra-"));
let dataset = "";
before(async () => {
  // 10 episode units (2 evaluation episodes × 3 memory modes, 4 acquisitions): enough that a
  // kill after 5 and 3 failures in a row leave some undone
  dataset = await tinySet(root, { evaluation: 2, extraAcquisition: 1 });
});

/**
 * `polar sim serve` in its own process, so it can be killed like a crashed bridge. Killed when
 * this file's tests end, whatever they did; a start that fails says what the server wrote.
 */
async function serve(port = 0): Promise<{ url: string; proc: ChildProcess }> {
  const c = startPolar(["sim", "serve", "--port", String(port)]);
  const [, url] = await c.waitFor(/listening on (ws:\/\/\S+)/, 60_000);
  return { url, proc: c.child };
}

const config = (out: string, simulator: Record<string, unknown> = {}) =>
  loadConfig({
    env: {},
    overrides: {
      simulator: { maxSteps: 80, ...simulator },
      embedder: { type: "lexical" },
      eval: { dataset, out, concurrency: 1, bootstrapSamples: 50, maxConsecutiveFailures: 3 },
    },
  });

const quiet = { onNotice: () => {}, report: false };

/** What an episode's line says about the agent, without timings and run ids. */
function outcomes(dir: string): Map<string, unknown> {
  const r = readResults(join(dir, "results.jsonl"));
  return new Map(
    r.lines.map((l) => [
      l.key,
      { success: l.success, spl: l.spl, cm: l.cm, steps: l.steps, grounded: l.grounded, error: l.error },
    ]),
  );
}

test("a simulator killed mid-run: its episodes are not results, the run stops, and a rerun finishes as a clean run would", async () => {
  const clean = join(root, "clean");
  await evaluate(config(clean), quiet);

  const out = join(root, "killed");
  const first = await serve();
  const port = Number(new URL(first.url).port);
  const resultsPath = join(out, "results.jsonl");
  // kill -9 the bridge once a few episodes have finished
  const killer = setInterval(() => {
    if (existsSync(resultsPath) && readFileSync(resultsPath, "utf8").split("\n").length > 4) {
      first.proc.kill("SIGKILL");
      clearInterval(killer);
    }
  }, 20);
  const broken = await evaluate(config(out, { type: "websocket", url: first.url, timeoutMs: 5000 }), quiet);
  clearInterval(killer);
  first.proc.kill("SIGKILL");
  const { plan } = await buildPlan(config(out));
  const total = planJobs(plan).length;
  assert.ok(broken.infrastructureFailures >= 1, "the dead simulator's episodes are counted as failures");
  assert.match(broken.stoppedBecause ?? "", /3 infrastructure failures in a row/);
  assert.ok(broken.remaining > 0 && broken.remaining < total, `stopped part way: ${broken.remaining} of ${total} left`);
  const written = readResults(resultsPath).lines;
  assert.ok(
    written.every((l) => l.error === null || !/connect|closed|disconnect/i.test(l.error)),
    "no transport failure was written as an episode result",
  );
  const failures = readFileSync(join(out, "failures.jsonl"), "utf8").trim().split("\n");
  assert.equal(failures.length, broken.infrastructureFailures);

  const second = await serve(port);
  try {
    const resumed = await evaluate(config(out, { type: "websocket", url: second.url, timeoutMs: 5000 }), quiet);
    assert.equal(resumed.remaining, 0);
    assert.equal(resumed.infrastructureFailures, 0);
    assert.equal(resumed.ran + written.length, total, "the rerun ran exactly what was left");
  } finally {
    second.proc.kill("SIGKILL");
  }
  const got = outcomes(out);
  const want = outcomes(clean);
  assert.equal(got.size, want.size);
  for (const [key, o] of want) assert.deepEqual(got.get(key), o, `episode ${key} differs from the clean run`);
});

test("a simulator frozen past the timeout, then resumed: the worker goes on with a fresh session; no late reply becomes a result", async () => {
  const clean = join(root, "clean");
  if (!existsSync(join(clean, "results.jsonl"))) await evaluate(config(clean), quiet);
  const out = join(root, "frozen");
  const bridge = await serve();
  const resultsPath = join(out, "results.jsonl");
  const failuresPath = join(out, FAILURES_FILE);
  let frozen = false;
  let resumed = false;
  const freezer = setInterval(() => {
    if (!frozen && existsSync(resultsPath) && readFileSync(resultsPath, "utf8").split("\n").length > 3) {
      frozen = true;
      bridge.proc.kill("SIGSTOP");
    } else if (frozen && !resumed && existsSync(failuresPath) && readFileSync(failuresPath, "utf8").trim()) {
      // held until the worker has timed out on it, not for a fixed while: a loaded machine may
      // take longer than any fixed freeze to get there
      resumed = true;
      bridge.proc.kill("SIGCONT");
    }
  }, 20);
  try {
    // long enough that a loaded machine's slow replies are not taken for the freeze (three of
    // them in a row stopped the run before it was frozen); the freeze outlasts it
    const sim = { type: "websocket", url: bridge.url, timeoutMs: 5000 };
    const first = await evaluate(config(out, sim), quiet);
    clearInterval(freezer);
    assert.ok(frozen, `the bridge was frozen mid-run (the run stopped: ${first.stoppedBecause})`);
    assert.ok(resumed, "it was resumed after the worker gave up on it");
    assert.ok(first.infrastructureFailures >= 1);
    assert.equal(first.stoppedBecause, null, "one timeout does not stop the run: the worker reconnects");
    for (const l of readResults(resultsPath).lines) assert.equal(l.error, null, `${l.key}: ${l.error}`);
    const second = await evaluate(config(out, sim), quiet);
    assert.equal(second.remaining, 0);
  } finally {
    clearInterval(freezer);
    bridge.proc.kill("SIGCONT");
    bridge.proc.kill("SIGKILL");
  }
  const got = outcomes(out);
  for (const [key, o] of outcomes(clean))
    assert.deepEqual(got.get(key), o, `episode ${key} differs from the clean run`);
});

test("a simulator that is not there: no episode is recorded, and the run says why it stopped", async () => {
  const out = join(root, "absent");
  const s = await evaluate(config(out, { type: "websocket", url: "ws://127.0.0.1:9", timeoutMs: 2000 }), quiet).then(
    (x) => x,
    (e: Error) => e,
  );
  // Either refused up front with one clear line, or every episode is an infrastructure failure.
  if (s instanceof Error) assert.match(s.message, /ws:\/\/127\.0\.0\.1:9/);
  else {
    assert.equal(readResults(join(out, "results.jsonl")).lines.length, 0);
    assert.ok(s.stoppedBecause);
  }
});

test("a run-level time limit stops handing out episodes and says so; a rerun resumes", async () => {
  const out = join(root, "timed");
  const c = config(out);
  c.eval.maxMinutes = 0.0001;
  const s = await evaluate(c, quiet);
  assert.match(s.stoppedBecause ?? "", /time limit/);
  assert.ok(s.remaining > 0);
  const rest = await evaluate(config(out), quiet);
  assert.equal(rest.remaining, 0);
});
