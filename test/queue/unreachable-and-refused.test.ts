/**
 * Queue failures that need no Redis: a worker or a
 * coordinator pointed at a Redis that is not there fails within a bound, in one line, exit 4;
 * one 429 asking for a day pauses a backbone for at most a minute; and a worker that cannot run
 * a run names the setting that differs, not a hash. (With a redis-server, test/queue/ checks
 * the restart logs and the limiter across workers.)
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { createMemoryFactory } from "../../src/compose/memory-factory.ts";
import { buildPlan } from "../../src/compose/setup.ts";
import { createRuntime } from "../../src/compose/wiring.ts";
import { loadConfig } from "../../src/config/load.ts";
import { runHash } from "../../src/eval/run-config.ts";
import { configHash } from "../../src/eval/runner.ts";
import { CONNECT_TIMEOUT_MS } from "../../src/queue/connection.ts";
import { openRunContext, RunRefused } from "../../src/queue/context.ts";
import { runSpecOf } from "../../src/queue/coordinator.ts";
import { MAX_PAUSE_MS, pauseAfter429 } from "../../src/queue/rate-limit.ts";
import { cliEnv, STACK } from "../cli/helpers.ts";
import { runPolar } from "../cli/polar-process.ts";
import { tinySet } from "../eval/slice.ts";

const tmp = mkdtempSync(join(tmpdir(), "polar-robust-queue-"));
after(() => rmSync(tmp, { recursive: true, force: true }));
const NOWHERE = "redis://127.0.0.1:1/0";

test("no Redis: polar worker and polar eval --queue fail within the bound, one line, exit 4", {
  timeout: 90_000,
}, async () => {
  const dataset = await tinySet(tmp, { evaluation: 1, extraAcquisition: 0 });
  const env = cliEnv(tmp, { POLAR_EMBEDDER__TYPE: "lexical" });
  const bound = CONNECT_TIMEOUT_MS + 20_000; // the bound, plus the CLI's own start on a loaded machine
  const [worker, coordinator] = await Promise.all([
    runPolar(["worker", "--queue", NOWHERE], { env, ms: bound }),
    runPolar(["eval", "--dataset", dataset, "--out", join(tmp, "q"), "--queue", NOWHERE, "--no-report"], {
      env,
      ms: bound,
    }),
  ]);
  for (const [name, r] of [
    ["worker", worker],
    ["eval --queue", coordinator],
  ] as const) {
    assert.equal(r.code, 4, `${name}: ${r.err}`);
    assert.match(r.err, /^polar: cannot reach Redis at 127\.0\.0\.1:1\/0 within 10 s \(connection refused\)/m, name);
    assert.doesNotMatch(r.err, STACK, name);
    assert.equal(
      r.err
        .trim()
        .split("\n")
        .filter((l) => l.startsWith("polar: cannot reach")).length,
      1,
      name,
    );
  }
});

test("one 429 asking for a day pauses its backbone for at most a minute", () => {
  const h = (o: Record<string, string>) => new Headers(o);
  assert.equal(pauseAfter429(h({ "retry-after": "86400" })), MAX_PAUSE_MS);
  assert.equal(pauseAfter429(h({ "retry-after-ms": "999999999" })), MAX_PAUSE_MS);
  assert.equal(pauseAfter429(h({ "retry-after": new Date(Date.now() + 86_400_000).toUTCString() })), MAX_PAUSE_MS);
  assert.equal(pauseAfter429(h({ "retry-after": "3" })), 3000);
  assert.equal(pauseAfter429(h({})), 2000);
  assert.equal(MAX_PAUSE_MS, 60_000);
});

test("a worker that cannot run a run names the setting that differs", { timeout: 60_000 }, async () => {
  const dataset = await tinySet(tmp, { evaluation: 1, extraAcquisition: 0 });
  const config = (maxSteps: number) =>
    loadConfig({
      env: {},
      overrides: { simulator: { maxSteps }, embedder: { type: "lexical" }, eval: { dataset, out: join(tmp, "run") } },
    });
  const coordinator = config(60);
  const { plan, backbones } = await buildPlan(coordinator);
  const runtime = createRuntime(coordinator, plan.set, backbones, await createMemoryFactory(coordinator));
  const hash = configHash(coordinator, plan.datasetHash);
  const draft = runSpecOf(coordinator, plan, {
    runHash: "",
    runId: "r1",
    episodeConfig: hash,
    embedder: runtime.embedder,
    store: runtime.store,
    lockMs: 30_000,
    rateLimits: {},
  });
  await runtime.close();
  const spec = { ...draft, runHash: runHash(draft.config) };
  const refusal = await openRunContext(config(80), spec).then(
    () => assert.fail("the worker joined a run of another config"),
    (e: Error) => e,
  );
  assert.ok(refusal instanceof RunRefused, String(refusal));
  assert.match(refusal.message, /simulator\.maxSteps: run has 60, this worker 80/);
  assert.doesNotMatch(refusal.message, /episodeConfig/);
  // and the same config joins
  const ctx = await openRunContext(config(60), spec);
  await ctx.close();
  // a store kept on the coordinator's disk cannot be shared with a worker on another host
  const elsewhere = await openRunContext(config(60), { ...spec, host: `not-${hostname()}` }).then(
    () => assert.fail("a worker on another host joined a run whose memory is a local file"),
    (e: Error) => e,
  );
  assert.ok(elsewhere instanceof RunRefused, String(elsewhere));
  assert.match(elsewhere.message, /sqlite \(embedded\), kept on not-.*need a shared store/);
});
