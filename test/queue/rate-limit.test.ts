import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { loadConfig } from "../../src/config/load.ts";
import { readResults } from "../../src/eval/results.ts";
import { runQueued } from "../../src/queue/coordinator.ts";
import { parseRateLimits } from "../../src/queue/rate-limit.ts";
import { answerFor } from "../eval/scripted-backbones.ts";
import { multiUserSet } from "../eval/shard-slice.ts";
import { openaiCompletion, openaiError, ScriptedServer, type WireJson } from "../mllm/scripted-server.ts";
import { redisMissing, startRedis, type TestRedis } from "./redis.ts";
import { startWorker, TEST_ENV, type WorkerProcess } from "./workers.ts";

const skip = redisMissing();
const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const c of cleanup.reverse()) await c();
});

test("--rate-limit: NAME=RPM[:TPM], bad parts named", () => {
  assert.deepEqual(parseRateLimits("gpt-4o-mini=500:200000, g=60"), {
    "gpt-4o-mini": { requestsPerMinute: 500, tokensPerMinute: 200000 },
    g: { requestsPerMinute: 60, tokensPerMinute: null },
  });
  for (const bad of ["x", "x=0", "x=-1", "x=10:0", "=5"])
    assert.throws(() => parseRateLimits(bad), /--rate-limit expects NAME=REQUESTS_PER_MINUTE/);
});

test("a per-backbone limit holds across 3 workers (the scripted server counts requests per second), and a 429 pauses them all", {
  skip: skip ?? false,
  timeout: 240_000,
}, async () => {
  const root = mkdtempSync(join(tmpdir(), "polar-rate-"));
  const dataset = await multiUserSet(root, { evaluationPerUser: 1, extraAcquisitionPerUser: 0 });
  const redis: TestRedis = await startRedis();
  cleanup.push(() => redis.stop());
  let throttledAt = -1;
  const server = await ScriptedServer.start({
    responder: (req, i) => {
      if (i === 12) {
        throttledAt = req.at;
        return openaiError(429, "scripted rate limit", { "retry-after": "2" });
      }
      const schema = (req.body as WireJson).response_format?.json_schema?.schema;
      return openaiCompletion(JSON.stringify(answerFor(schema, i)), { prompt_tokens: 100, completion_tokens: 10 });
    },
  });
  cleanup.push(() => server.close());
  const yaml = join(root, "limited.yaml");
  writeFileSync(
    yaml,
    `name: limited\ntype: openai\nmodel: scripted-limited\nbaseUrl: ${server.url}/v1\napiKeyEnv: SCRIPTED_OPENAI_KEY\nmaxRetries: 3\nschemaRetries: 1\ntimeoutMs: 10000\n`,
  );
  const env = { ...TEST_ENV, POLAR_SIMULATOR__MAXSTEPS: "6", SCRIPTED_OPENAI_KEY: "sk-scripted" };
  process.env.SCRIPTED_OPENAI_KEY = env.SCRIPTED_OPENAI_KEY; // the runtime reads the key from the process, as polar eval does
  const workers: WorkerProcess[] = [0, 1, 2].map(() => startWorker(redis.url, { env }));
  cleanup.push(async () => {
    await Promise.all(workers.map((w) => w.stop()));
  });
  const rpm = 180; // 3 a second for the whole run
  const out = join(root, "out");
  const config = loadConfig({
    env,
    overrides: { eval: { dataset, out, backbones: [yaml], memoryModes: ["none"], bootstrapSamples: 50 } },
  });
  const s = await runQueued(config, {
    url: redis.url,
    report: false,
    lockMs: 8000,
    pollMs: 200,
    env,
    rateLimits: { limited: { requestsPerMinute: rpm, tokensPerMinute: null } },
  });
  assert.equal(s.remaining, 0, JSON.stringify(s));
  assert.equal(readResults(join(out, "results.jsonl")).lines.length, s.collected);
  const at = server.requests.map((r) => r.at).sort((a, b) => a - b);
  assert.ok(at.length >= 20, `enough requests to measure (${at.length})`);
  // A token bucket lets through at most its capacity (one second's worth) plus one second's refill
  // in any second of *taking*; the server sees arrivals, which a loaded machine's scheduling and
  // the HTTP round trip can shift by up to a second more. Unlimited, 3 workers on a server that
  // answers at once send tens a second, so the bound still tells the two apart.
  const perSecond = new Map<number, number>();
  for (const t of at) perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1);
  const busiest = Math.max(...perSecond.values());
  assert.ok(busiest <= (3 * rpm) / 60, `at most ${(3 * rpm) / 60} requests in any second, saw ${busiest}`);
  const rate = ((at.length - 1) / ((at.at(-1) as number) - at[0])) * 1000;
  assert.ok(rate <= (rpm / 60) * 1.2, `${rate.toFixed(2)} requests/s over the run, limit ${rpm / 60}`);
  // the 429 paused every worker for its retry-after: nothing reached the server in the window after it
  assert.equal(s.throttled.limited, 1);
  const inPause = at.filter((t) => t > throttledAt + 300 && t < throttledAt + 1800);
  assert.deepEqual(inPause, [], "no request during the pause the 429 asked for");
});
