import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { evaluate } from "../src/compose/evaluate.ts";
import { readResults } from "../src/eval/results.ts";
import { runQueued } from "../src/queue/coordinator.ts";
import { redisMissing, startRedis } from "../test/queue/redis.ts";
import { startWorker } from "../test/queue/workers.ts";
import { queuedRunSetup } from "./queued-run-setup.ts";

const LATENCY_MS = Number(process.env.POLAR_BENCH_LATENCY_MS ?? 800);
const WORKERS = [1, 2, 4];

export async function run(): Promise<Record<string, unknown>> {
  const missing = redisMissing();
  if (missing) return { skipped: missing };
  const root = mkdtempSync(join(tmpdir(), "polar-scale-bench-"));
  const { server, env, config } = await queuedRunSetup(root, { name: "slow", latencyMs: LATENCY_MS });
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
