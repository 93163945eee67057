// `npm run bench scale`: throughput of a queued evaluation (BullMQ on a local redis-server) with
// 1, 2 and 4 `polar worker` processes, in the regime that matters: model-bound. A scripted
// OpenAI-format server answers every call after ~800 ms, so an episode waits on its model, not
// on this machine's 2 cores. Also the queue's own overhead per episode: the same episodes run
// in one process without the queue (concurrency 1) against one queued worker.
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config/load.ts";
import { evaluate } from "../src/eval/evaluate.ts";
import { readResults } from "../src/eval/results.ts";
import { runQueued } from "../src/queue/coordinator.ts";
import { answerFor } from "../test/eval/scripted-backbones.ts";
import { multiUserSet } from "../test/eval/shard-slice.ts";
import { openaiCompletion, ScriptedServer, type WireJson } from "../test/mllm/scripted-server.ts";
import { redisMissing, startRedis } from "../test/queue/redis.ts";
import { startWorker, TEST_ENV } from "../test/queue/workers.ts";

const LATENCY_MS = Number(process.env.POLAR_BENCH_LATENCY_MS ?? 800);
const WORKERS = [1, 2, 4];

export async function run(): Promise<Record<string, unknown>> {
  const missing = redisMissing();
  if (missing) return { skipped: missing };
  const root = mkdtempSync(join(tmpdir(), "polar-scale-bench-"));
  const dataset = await multiUserSet(root, { users: 4, evaluationPerUser: 2 });
  const server = await ScriptedServer.start({
    responder: async (req) => {
      await new Promise((r) => setTimeout(r, LATENCY_MS));
      const body = req.body as WireJson;
      // the answer depends on the request alone, not on arrival order: every run does the same episodes
      const seed = createHash("sha256").update(JSON.stringify(body.messages)).digest().readUInt32BE(0);
      return openaiCompletion(JSON.stringify(answerFor(body.response_format?.json_schema?.schema, seed)), {
        prompt_tokens: 300,
        completion_tokens: 30,
      });
    },
  });
  const yaml = join(root, "slow.yaml");
  writeFileSync(
    yaml,
    `name: slow\ntype: openai\nmodel: scripted-slow\nbaseUrl: ${server.url}/v1\napiKeyEnv: SCRIPTED_OPENAI_KEY\nmaxRetries: 2\nschemaRetries: 1\ntimeoutMs: 30000\n`,
  );
  const env = { ...TEST_ENV, POLAR_SIMULATOR__MAXSTEPS: "8", SCRIPTED_OPENAI_KEY: "sk-scripted" };
  process.env.SCRIPTED_OPENAI_KEY = env.SCRIPTED_OPENAI_KEY;
  const config = (out: string) =>
    loadConfig({
      env,
      overrides: { eval: { dataset, out, backbones: [yaml], memoryModes: ["none", "polar"], concurrency: 1 } },
    });
  const redis = await startRedis();
  try {
    // the same episodes in one process, one at a time: the baseline the queue's overhead is measured against
    const calls0 = server.requests.length;
    const t0 = performance.now();
    const direct = await evaluate(config(join(root, "direct")), { report: false, onNotice: () => {} });
    const directMs = performance.now() - t0;
    const episodes = direct.ran;
    const callsPerEpisode = (server.requests.length - calls0) / episodes;

    const runs: {
      workers: number;
      episodesPerMinute: number;
      wallSeconds: number;
      modelCalls: number;
      lost: number;
      duplicated: number;
    }[] = [];
    for (const n of WORKERS) {
      const workers = Array.from({ length: n }, () => startWorker(redis.url, { env }));
      await Promise.all(workers.map((w) => w.waitFor(/waiting for runs/)));
      const out = join(root, `queued-${n}`);
      const calls = server.requests.length;
      const t = performance.now();
      const s = await runQueued(config(out), { url: redis.url, report: false, pollMs: 100, env });
      const ms = performance.now() - t;
      await Promise.all(workers.map((w) => w.stop()));
      const r = readResults(join(out, "results.jsonl"));
      runs.push({
        workers: n,
        episodesPerMinute: Number((s.collected / (ms / 60_000)).toFixed(1)),
        wallSeconds: Number((ms / 1000).toFixed(1)),
        modelCalls: server.requests.length - calls,
        lost: episodes - r.lines.length,
        duplicated: r.duplicates,
      });
    }
    const one = runs.find((r) => r.workers === 1);
    const four = runs.find((r) => r.workers === 4);
    return {
      directModelCalls: Math.round(callsPerEpisode * episodes),
      setup: {
        dataset: "4 users, 1 scene (test/eval/shard-slice.ts), memory none + polar",
        episodes,
        modelLatencyMs: LATENCY_MS,
        modelCallsPerEpisode: Number(callsPerEpisode.toFixed(1)),
        maxSteps: 8,
        workerConcurrency: 1,
      },
      directEpisodesPerMinute: Number((episodes / (directMs / 60_000)).toFixed(1)),
      runs,
      // per episode: one queued worker's wall time against the same episodes run in one process
      queueOverheadMsPerEpisode: one ? Math.round((one.wallSeconds * 1000 - directMs) / episodes) : null,
      scaling1to4: one && four ? Number((four.episodesPerMinute / one.episodesPerMinute).toFixed(2)) : null,
    };
  } finally {
    await redis.stop();
    await server.close();
  }
}
