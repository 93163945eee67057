import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { evaluate } from "../src/compose/evaluate.ts";
import { readResults } from "../src/eval/results.ts";
import { runQueued } from "../src/queue/coordinator.ts";
import { redisMissing, startRedis } from "../test/queue/redis.ts";
import { startWorker } from "../test/queue/workers.ts";
import { queuedRunSetup } from "./queued-run-setup.ts";

const REPEATS = Number(process.env.POLAR_BENCH_QUEUE_REPEATS ?? 3);
const round = (x: number) => Math.round(x * 10) / 10;

/** CPU ms a process has used (Linux /proc: user + system ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
/** CPU ms redis-server has used, as its INFO says. */
async function redisCpuMs(client: Redis): Promise<number> {
  const info = await client.info("cpu");
  const v = (k: string) => Number(new RegExp(`${k}:([0-9.]+)`).exec(info)?.[1] ?? 0);
  return (v("used_cpu_sys") + v("used_cpu_user")) * 1000;
}

export async function run(): Promise<Record<string, unknown>> {
  const missing = redisMissing();
  if (missing) return { skipped: missing };
  const root = mkdtempSync(join(tmpdir(), "polar-queue-bench-"));
  const { server, env, config } = await queuedRunSetup(root, { name: "fast", latencyMs: 0 });
  const redis = await startRedis();
  const pairs: {
    directMs: number;
    queuedMs: number;
    directCpuMs: number;
    queuedCpuMs: number;
    directInEpisodesMs: number;
    queuedInEpisodesMs: number;
    episodes: number;
    lost: number;
    duplicated: number;
  }[] = [];
  const inEpisodes = (out: string) => {
    const r = readResults(join(out, "results.jsonl"));
    return { inMs: r.lines.reduce((a, l) => a + l.durationMs, 0), lines: r.lines.length, duplicates: r.duplicates };
  };
  const info = new Redis(redis.url);
  try {
    const worker = startWorker(redis.url, { env });
    await worker.waitFor(/waiting for runs/);
    // one of each first, not counted: both sides' modules loaded and compiled before timing
    await evaluate(config(join(root, "warm-direct")), { report: false, onNotice: () => {} });
    await runQueued(config(join(root, "warm-queued")), { url: redis.url, report: false, env });
    for (let r = 0; r < REPEATS; r++) {
      const timed = async (kind: "direct" | "queued") => {
        const out = join(root, `${kind}-${r}`);
        // CPU of every process the run uses: this one (the coordinator, or the in-process run,
        // and the model server either way), the worker and redis-server
        const cpu = async () => cpuMsOf(process.pid) + cpuMsOf(worker.proc.pid ?? 0) + (await redisCpuMs(info));
        const c = await cpu();
        const t = performance.now();
        if (kind === "direct") await evaluate(config(out), { report: false, onNotice: () => {} });
        else await runQueued(config(out), { url: redis.url, report: false, env });
        return { ms: performance.now() - t, cpuMs: (await cpu()) - c, ...inEpisodes(out) };
      };
      // the order alternates, so a load that drifts during a pair does not favour one side
      const first = await timed(r % 2 ? "queued" : "direct");
      const second = await timed(r % 2 ? "direct" : "queued");
      const [direct, queued] = r % 2 ? [second, first] : [first, second];
      pairs.push({
        directMs: direct.ms,
        queuedMs: queued.ms,
        directCpuMs: direct.cpuMs,
        queuedCpuMs: queued.cpuMs,
        directInEpisodesMs: direct.inMs,
        queuedInEpisodesMs: queued.inMs,
        episodes: direct.lines,
        lost: direct.lines - queued.lines,
        duplicated: queued.duplicates,
      });
    }
    await worker.stop();
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    };
    const per = pairs.map((p) => (p.queuedMs - p.directMs) / p.episodes);
    const cpuPer = pairs.map((p) => (p.queuedCpuMs - p.directCpuMs) / p.episodes);
    // wall outside the episodes' own work (planning, hand-overs, collecting): on a loaded machine
    // the episodes' own time swings by more than the queue adds, so this is the steadier figure
    const outside = pairs.map(
      (p) => (p.queuedMs - p.queuedInEpisodesMs - (p.directMs - p.directInEpisodesMs)) / p.episodes,
    );
    return {
      setup: {
        dataset: "4 users, 1 scene (test/eval/shard-slice.ts), memory none + polar",
        episodes: pairs[0]?.episodes,
        model: "scripted OpenAI-format server, no added latency",
        maxSteps: 8,
        workers: 1,
        workerConcurrency: 1,
        polling: "CLI defaults (worker looks for runs every 1 s, coordinator collects every 0.5 s)",
        pairs: REPEATS,
      },
      pairs: pairs.map((p) => ({
        directMsPerEpisode: round(p.directMs / p.episodes),
        queuedMsPerEpisode: round(p.queuedMs / p.episodes),
        directCpuMsPerEpisode: round(p.directCpuMs / p.episodes),
        queuedCpuMsPerEpisode: round(p.queuedCpuMs / p.episodes),
        directOutsideEpisodesMsPerEpisode: round((p.directMs - p.directInEpisodesMs) / p.episodes),
        queuedOutsideEpisodesMsPerEpisode: round((p.queuedMs - p.queuedInEpisodesMs) / p.episodes),
        lost: p.lost,
        duplicated: p.duplicated,
      })),
      queueOverheadMsPerEpisode: round(median(per)),
      queueOverheadOutsideEpisodesMsPerEpisode: round(median(outside)),
      // CPU the queued run used beyond the in-process one (all its processes), per episode
      queueCpuOverheadMsPerEpisode: round(median(cpuPer)),
      loadAverage: loadavg().map((x) => Math.round(x * 100) / 100),
    };
  } finally {
    info.disconnect();
    await redis.stop();
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
}
