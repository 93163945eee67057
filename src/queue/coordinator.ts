import { hostname } from "node:os";
import { type Job as BullJob, FlowProducer, Queue, QueueEvents } from "bullmq";
import { Redis } from "ioredis";
import type { PolarConfig } from "../config/index.ts";
import { type EvalPlan, type Job, type ReportOutput, type ResultLine, RunLedger, runConfigOf } from "../eval/index.ts";
import { createMemoryFactory } from "../eval/memory-factory.ts";
import { writeReport } from "../eval/report/write-report.ts";
import { configHash, episodeSettings, planJobs } from "../eval/runner.ts";
import { buildPlan } from "../eval/setup.ts";
import { createRuntime } from "../eval/wiring.ts";
import { connectRedis, parseQueueUrl, queueName, RUNS_CHANNEL, RUNS_KEY, refusalsKey, specKey } from "./connection.ts";
import { JOB_OPTIONS, type JobResult } from "./jobs.ts";
import { type RateLimit, throttledCount } from "./rate-limit.ts";
import { type JobData, jobId, type RunSpec } from "./spec.ts";
import { Wakeup } from "./wakeup.ts";

export class QueueRunError extends Error {}

export interface QueueProgress {
  workers: number;
  done: number;
  failed: number;
  total: number;
  perMinute: number;
}

export interface QueuedRunOptions {
  url: string;
  signal?: AbortSignal;
  argv?: string[];
  report?: boolean;
  /** how long a silent worker keeps its job (default 30 s) */
  lockMs?: number;
  pollMs?: number;
  /** per backbone name, shared by every worker */
  rateLimits?: Record<string, RateLimit>;
  /** how long to wait for Redis to answer at start (default CONNECT_TIMEOUT_MS) */
  connectTimeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  onNotice?: (m: string) => void;
  onProgress?: (p: QueueProgress) => void;
}

export interface QueuedRunSummary {
  runHash: string;
  collected: number;
  skipped: number;
  failed: number;
  remaining: number;
  resultsPath: string;
  report: ReportOutput | null;
  refusals: string[];
  /** 429s the workers met, per rate-limited backbone */
  throttled: Record<string, number>;
}

export async function runQueued(config: PolarConfig, o: QueuedRunOptions): Promise<QueuedRunSummary> {
  const notice = o.onNotice ?? (() => undefined);
  const connection = parseQueueUrl(o.url);
  // before anything is planned or written: a queue that is not there says so within a bound
  (await connectRedis(connection, o.connectTimeoutMs)).disconnect();
  // the coordinator runs no episode: the workers' --sim-url, not its own, reach the simulator
  const { plan, backbones } = await buildPlan(config, o.env, { runsEpisodes: false });
  const memory = await createMemoryFactory(config, notice);
  const runtime = createRuntime(config, plan.set, backbones, memory);
  const hash = configHash(config, plan.datasetHash);
  const planned = planJobs(plan);
  // the same ledger as polar eval's: a run started either way resumes either way
  let ledger: RunLedger;
  try {
    ledger = RunLedger.open(plan, runtime, hash, { planned, argv: o.argv ?? [], now: new Date() });
  } finally {
    await runtime.close(); // the coordinator runs no episode: it only needed the resolved embedder
  }
  const { manifest, runHash, resultsPath } = ledger;
  const done = new Set(ledger.previous.filter((l) => l.runHash === runHash).map((l) => l.key));
  const skipped = done.size;
  const spec = runSpecOf(config, plan, {
    runHash,
    runId: manifest.runId,
    episodeConfig: hash,
    embedder: runtime.embedder,
    store: runtime.store,
    lockMs: o.lockMs ?? 30_000,
    rateLimits: o.rateLimits ?? {},
  });
  const unknownLimit = Object.keys(spec.rateLimits).filter((n) => !plan.backbones.some((b) => b.name === n));
  if (unknownLimit.length)
    throw new QueueRunError(
      `--rate-limit names ${unknownLimit.join(", ")}, not a backbone of this run (${plan.backbones.map((b) => b.name).join(", ")})`,
    );

  const redis = new Redis(connection);
  redis.on("error", () => undefined);
  const name = queueName(runHash);
  const queue = new Queue<JobData>(name, { connection });
  queue.on("error", () => undefined);
  const flows = new FlowProducer({ connection });
  flows.on("error", () => undefined);
  // a finished or failed job ends the wait between two collections (else up to pollMs each time)
  const finished = new Wakeup();
  const events = new QueueEvents(name, { connection });
  events.on("error", () => undefined);
  events.on("completed", () => finished.wake());
  events.on("failed", () => finished.wake());
  const writer = ledger.results;
  const failures = ledger.failures;
  const pending = new Set(planned.map((j) => j.key).filter((k) => !done.has(k)));
  const failedKeys = new Set<string>();
  const refusals: string[] = [];
  const throttled: Record<string, number> = {};
  let collected = 0;
  try {
    await events.waitUntilReady();
    await redis.set(specKey(runHash), JSON.stringify(spec));
    await redis.sadd(RUNS_KEY, runHash);
    await redis.publish(RUNS_CHANNEL, runHash);
    await enqueue(
      plan.backbones.map((b) => b.name),
      planned,
      pending,
      { queue, flows, name, runHash },
    );
    // a rerun retries what failed for good last time, as a rerun of polar eval does
    for (const job of await queue.getJobs(["failed"])) await job.retry().catch(() => undefined);

    const seen = new Set<string>();
    const seenFailed = new Set<string>();
    let offset = 0;
    const t0 = Date.now();
    let lastReport = 0;
    let unreachable = false;
    const take = (job: BullJob) => {
      if (!job.id || seen.has(job.id)) return;
      seen.add(job.id);
      const result = job.returnvalue as JobResult | { enqueued: number } | null;
      if (!result || !("lines" in result)) return;
      for (const line of result.lines as ResultLine[]) {
        if (line.runHash !== runHash || !pending.has(line.key)) continue;
        writer.append(line);
        pending.delete(line.key);
        collected++;
      }
    };
    const blockedBy = (job: BullJob<JobData>): Job[] => {
      const d = job.data;
      if (d.kind === "episode") return planned.filter((j) => j.key === d.key);
      // a user whose acquisition could not run: none of their units can
      return planned.filter((j) => j.backbone === d.backbone && j.episode.userId === d.user);
    };
    while (pending.size > failedKeys.size && !o.signal?.aborted) {
      try {
        const counts = await queue.getJobCounts("completed", "failed");
        for (const job of await queue.getJobs(["completed"], offset, offset + 499, true)) take(job);
        offset = seen.size;
        // finish times from several machines' clocks need not arrive in order: rescan when one slipped past
        if ((counts.completed ?? 0) > seen.size) for (const job of await queue.getJobs(["completed"])) take(job);
        if ((counts.failed ?? 0) > seenFailed.size)
          for (const job of await queue.getJobs(["failed"])) {
            if (!job.id || seenFailed.has(job.id)) continue;
            seenFailed.add(job.id);
            for (const j of blockedBy(job)) {
              if (!pending.has(j.key)) continue;
              failedKeys.add(j.key);
              failures.append({
                key: j.key,
                episodeId: j.episode.id,
                error: job.failedReason ?? null,
                at: new Date().toISOString(),
              });
            }
          }
        for (const [who, why] of Object.entries(await redis.hgetall(refusalsKey(runHash))))
          if (!refusals.includes(`${who}: ${why}`)) {
            refusals.push(`${who}: ${why}`);
            notice(`worker ${who} refused this run: ${why}`);
          }
        if (unreachable) notice("Redis is back; collecting again");
        unreachable = false;
        if (Date.now() - lastReport > 2000 || pending.size === failedKeys.size) {
          lastReport = Date.now();
          o.onProgress?.({
            workers: (await queue.getWorkers()).length,
            done: planned.length - pending.size,
            failed: failedKeys.size,
            total: planned.length,
            perMinute: collected / Math.max((Date.now() - t0) / 60_000, 1e-9),
          });
        }
      } catch (e) {
        if (!unreachable) notice(`Redis unreachable (${(e as Error).message}); waiting for it`);
        unreachable = true;
      }
      if (pending.size > failedKeys.size) await finished.wait(o.pollMs ?? 500, o.signal);
    }
    for (const b of Object.keys(spec.rateLimits)) throttled[b] = await throttledCount(redis, runHash, b);
    if (pending.size === 0) {
      // every unit is written: the run leaves nothing behind in Redis
      await redis.srem(RUNS_KEY, runHash);
      await redis.del(specKey(runHash), refusalsKey(runHash));
      await queue.obliterate({ force: true });
    }
  } finally {
    await events.close();
    await flows.close();
    await queue.close();
    redis.disconnect();
    const unrecorded = ledger.close({ episodesRun: collected, remaining: pending.size, now: new Date() });
    if (unrecorded) notice(unrecorded);
  }
  const report =
    o.report === false || collected + skipped === 0
      ? null
      : await writeReport(plan.outDir, { samples: config.eval.bootstrapSamples, seed: config.eval.seed });
  return {
    runHash,
    collected,
    skipped,
    failed: failedKeys.size,
    remaining: pending.size,
    resultsPath,
    report,
    refusals,
    throttled,
  };
}

/** What the coordinator publishes of a run for workers to join it (and to name what differs when they cannot). */
export function runSpecOf(
  config: PolarConfig,
  plan: EvalPlan,
  run: {
    runHash: string;
    runId: string;
    episodeConfig: string;
    embedder: string;
    store: string;
    lockMs: number;
    rateLimits: Record<string, RateLimit>;
  },
): RunSpec {
  return {
    runHash: run.runHash,
    runId: run.runId,
    config: runConfigOf(plan, run.episodeConfig, run.embedder),
    // JSON's view of them (undefined leaves dropped), as the worker reads them back
    episodeSettings: JSON.parse(JSON.stringify(episodeSettings(config, plan.datasetHash))),
    eval: {
      dataset: plan.datasetPath,
      out: plan.outDir,
      backbones: config.eval.backbones,
      memoryModes: plan.memoryModes,
      scenarios: plan.scenarios,
      representations: plan.representations,
      seed: config.eval.seed,
      recallK: config.eval.recallK,
    },
    store: run.store,
    host: hostname(),
    lockMs: run.lockMs,
    rateLimits: run.rateLimits,
  };
}

/** Per backbone and user: a gate flow over the acquisition, or (acquisition done) the open evaluation jobs. */
async function enqueue(
  backbones: string[],
  planned: Job[],
  pending: Set<string>,
  q: { queue: Queue<JobData>; flows: FlowProducer; name: string; runHash: string },
): Promise<void> {
  for (const backbone of backbones) {
    const users = [...new Set(planned.filter((j) => j.backbone === backbone).map((j) => j.episode.userId))].sort();
    for (const user of users) {
      const mine = planned.filter((j) => j.backbone === backbone && j.episode.userId === user);
      if (!mine.some((j) => pending.has(j.key))) continue;
      if (mine.some((j) => j.stage === "acquisition" && pending.has(j.key))) {
        await q.flows.add({
          name: "gate",
          queueName: q.name,
          data: { kind: "gate", backbone, user } satisfies JobData,
          opts: { ...JOB_OPTIONS, jobId: jobId("gate", q.runHash, backbone, user) },
          children: [
            {
              name: "acquire",
              queueName: q.name,
              data: { kind: "acquire", backbone, user } satisfies JobData,
              opts: { ...JOB_OPTIONS, jobId: jobId("acq", q.runHash, backbone, user) },
            },
          ],
        });
        continue;
      }
      await q.queue.addBulk(
        mine
          .filter((j) => pending.has(j.key))
          .map((j) => ({
            name: "episode",
            data: { kind: "episode", key: j.key } satisfies JobData,
            opts: { ...JOB_OPTIONS, jobId: jobId("ep", q.runHash, j.key) },
          })),
      );
    }
  }
}
