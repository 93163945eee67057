/**
 * `polar eval --queue redis://…`: plans the run as `polar eval` does, publishes it for workers,
 * enqueues its jobs and collects what they hand back into the usual results.jsonl and report.
 *
 * Per user and backbone, one flow: the user's acquisition job is the child of a gate job, which
 * BullMQ runs only once the acquisition has completed (memorized); the gate then releases that
 * user's evaluation jobs. Job ids are fixed per unit and run, so a coordinator started again
 * (after Ctrl-C, a crash, a Redis restart) adds nothing twice, and lines are keyed by unit and
 * run hash, so a job that ran twice (a worker killed after finishing) is written once.
 */
import { hostname } from "node:os";
import type { Job as BullJob, FlowProducer, Queue, QueueEvents } from "bullmq";
import type { Redis } from "ioredis";
import { buildPlan, createMemoryFactory, createRuntime } from "../compose/index.ts";
import type { PolarConfig } from "../config/index.ts";
import {
  configHash,
  type EvalPlan,
  episodeSettings,
  type Job,
  planJobs,
  type ReportOutput,
  type ResultLine,
  RunLedger,
  runConfigOf,
  writeReport,
} from "../eval/index.ts";
import { bullmqPackage, ioredisPackage } from "../util/index.ts";
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
  const { plan, planned, ledger, spec } = await openRun(config, o, notice);
  const { runHash } = ledger;
  const done = new Set(ledger.previous.filter((l) => l.runHash === runHash).map((l) => l.key));
  const skipped = done.size;
  const q = new QueueHandles(connection, runHash);
  const collect = new Collector(planned, done, ledger, notice);
  const throttled: Record<string, number> = {};
  try {
    await publish(q, spec, plan, planned, collect.pending);
    await collectUntilDone(q, collect, o);
    for (const b of Object.keys(spec.rateLimits)) throttled[b] = await throttledCount(q.redis, runHash, b);
    // every unit is written: the run leaves nothing behind in Redis
    if (collect.pending.size === 0) await q.forget();
  } finally {
    await q.close();
    const unrecorded = ledger.close({
      episodesRun: collect.collected,
      remaining: collect.pending.size,
      now: new Date(),
    });
    if (unrecorded) notice(unrecorded);
  }
  const report =
    o.report === false || collect.collected + skipped === 0
      ? null
      : await writeReport(plan.outDir, { samples: config.eval.bootstrapSamples, seed: config.eval.seed });
  return {
    runHash,
    collected: collect.collected,
    skipped,
    failed: collect.failedKeys.size,
    remaining: collect.pending.size,
    resultsPath: ledger.resultsPath,
    report,
    refusals: collect.refusals,
    throttled,
  };
}

/** The run planned as polar eval plans it, its ledger opened, and what workers will be told of it. */
async function openRun(config: PolarConfig, o: QueuedRunOptions, notice: (m: string) => void) {
  // the coordinator runs no episode: the workers' --sim-url, not its own, reach the simulator
  const { plan, backbones } = await buildPlan(config, o.env, { runsEpisodes: false });
  const runtime = createRuntime(config, plan.set, backbones, await createMemoryFactory(config, notice));
  const hash = configHash(config, plan.datasetHash);
  const planned = planJobs(plan);
  // the same ledger as polar eval's: a run started either way resumes either way
  let ledger: RunLedger;
  try {
    ledger = RunLedger.open(plan, runtime, hash, { planned, argv: o.argv ?? [], now: new Date() });
  } finally {
    await runtime.close(); // the coordinator runs no episode: it only needed the resolved embedder
  }
  const spec = runSpecOf(config, plan, {
    runHash: ledger.runHash,
    runId: ledger.manifest.runId,
    episodeConfig: hash,
    embedder: runtime.embedder,
    store: runtime.store,
    lockMs: o.lockMs ?? 30_000,
    rateLimits: o.rateLimits ?? {},
  });
  const unknownLimit = Object.keys(spec.rateLimits).filter((n) => !plan.backbones.some((b) => b.name === n));
  if (unknownLimit.length) {
    ledger.close({ episodesRun: 0, remaining: planned.length, now: new Date() });
    throw new QueueRunError(
      `--rate-limit names ${unknownLimit.join(", ")}, not a backbone of this run (${plan.backbones.map((b) => b.name).join(", ")})`,
    );
  }
  return { plan, planned, ledger, spec };
}

/** The run's Redis connections; errors are read where they matter (the collect loop), not as events. */
class QueueHandles {
  readonly redis: Redis;
  readonly name: string;
  readonly queue: Queue<JobData>;
  readonly flows: FlowProducer;
  readonly events: QueueEvents;
  /** a finished or failed job ends the wait between two collections (else up to pollMs each time) */
  readonly finished = new Wakeup();

  constructor(
    connection: ReturnType<typeof parseQueueUrl>,
    readonly runHash: string,
  ) {
    this.redis = new (ioredisPackage().Redis)(connection);
    this.redis.on("error", () => undefined);
    this.name = queueName(runHash);
    const { Queue } = bullmqPackage();
    this.queue = new Queue<JobData>(this.name, { connection });
    this.queue.on("error", () => undefined);
    this.flows = new (bullmqPackage().FlowProducer)({ connection });
    this.flows.on("error", () => undefined);
    this.events = new (bullmqPackage().QueueEvents)(this.name, { connection });
    this.events.on("error", () => undefined);
    this.events.on("completed", () => this.finished.wake());
    this.events.on("failed", () => this.finished.wake());
  }

  async forget(): Promise<void> {
    await this.redis.srem(RUNS_KEY, this.runHash);
    await this.redis.del(specKey(this.runHash), refusalsKey(this.runHash));
    await this.queue.obliterate({ force: true });
  }

  async close(): Promise<void> {
    await this.events.close();
    await this.flows.close();
    await this.queue.close();
    this.redis.disconnect();
  }
}

/** The spec for workers, the run announced, its open units enqueued, last time's failures retried. */
async function publish(q: QueueHandles, spec: RunSpec, plan: EvalPlan, planned: Job[], pending: Set<string>) {
  await q.events.waitUntilReady();
  await q.redis.set(specKey(q.runHash), JSON.stringify(spec));
  await q.redis.sadd(RUNS_KEY, q.runHash);
  await q.redis.publish(RUNS_CHANNEL, q.runHash);
  await enqueue(
    plan.backbones.map((b) => b.name),
    planned,
    pending,
    { queue: q.queue, flows: q.flows, name: q.name, runHash: q.runHash },
  );
  // a rerun retries what failed for good last time, as a rerun of polar eval does
  for (const job of await q.queue.getJobs(["failed"])) await job.retry().catch(() => undefined);
}

/** Until every unit has a line or failed for good (or Ctrl-C): collect, and wait for the next to finish. */
async function collectUntilDone(q: QueueHandles, c: Collector, o: QueuedRunOptions): Promise<void> {
  const notice = o.onNotice ?? (() => undefined);
  let unreachable = false;
  while (c.pending.size > c.failedKeys.size && !o.signal?.aborted) {
    try {
      await c.collect(q);
      if (unreachable) notice("Redis is back; collecting again");
      unreachable = false;
      await c.report(q, o.onProgress);
    } catch (e) {
      if (!unreachable) notice(`Redis unreachable (${(e as Error).message}); waiting for it`);
      unreachable = true;
    }
    if (c.pending.size > c.failedKeys.size) await q.finished.wait(o.pollMs ?? 500, o.signal);
  }
}

/** What the workers finished, written to the ledger once each; what failed for good, recorded apart. */
class Collector {
  readonly pending: Set<string>;
  readonly failedKeys = new Set<string>();
  readonly refusals: string[] = [];
  collected = 0;
  private readonly seen = new Set<string>();
  private readonly seenFailed = new Set<string>();
  private offset = 0;
  private readonly t0 = Date.now();
  private lastReport = 0;

  constructor(
    private readonly planned: Job[],
    done: Set<string>,
    private readonly ledger: RunLedger,
    private readonly notice: (m: string) => void,
  ) {
    this.pending = new Set(planned.map((j) => j.key).filter((k) => !done.has(k)));
  }

  async collect(q: QueueHandles): Promise<void> {
    const counts = await q.queue.getJobCounts("completed", "failed");
    for (const job of await q.queue.getJobs(["completed"], this.offset, this.offset + 499, true)) this.take(job);
    this.offset = this.seen.size;
    // finish times from several machines' clocks need not arrive in order: rescan when one slipped past
    if ((counts.completed ?? 0) > this.seen.size)
      for (const job of await q.queue.getJobs(["completed"])) this.take(job);
    if ((counts.failed ?? 0) > this.seenFailed.size)
      for (const job of await q.queue.getJobs(["failed"])) this.fail(job);
    for (const [who, why] of Object.entries(await q.redis.hgetall(refusalsKey(q.runHash))))
      if (!this.refusals.includes(`${who}: ${why}`)) {
        this.refusals.push(`${who}: ${why}`);
        this.notice(`worker ${who} refused this run: ${why}`);
      }
  }

  private take(job: BullJob): void {
    if (!job.id || this.seen.has(job.id)) return;
    this.seen.add(job.id);
    const result = job.returnvalue as JobResult | { enqueued: number } | null;
    if (!result || !("lines" in result)) return;
    for (const line of result.lines as ResultLine[]) {
      if (line.runHash !== this.ledger.runHash || !this.pending.has(line.key)) continue;
      this.ledger.results.append(line);
      this.pending.delete(line.key);
      this.collected++;
    }
  }

  private fail(job: BullJob<JobData>): void {
    if (!job.id || this.seenFailed.has(job.id)) return;
    this.seenFailed.add(job.id);
    for (const j of this.blockedBy(job)) {
      if (!this.pending.has(j.key)) continue;
      this.failedKeys.add(j.key);
      this.ledger.failures.append({
        key: j.key,
        episodeId: j.episode.id,
        error: job.failedReason ?? null,
        at: new Date().toISOString(),
      });
    }
  }

  private blockedBy(job: BullJob<JobData>): Job[] {
    const d = job.data;
    if (d.kind === "episode") return this.planned.filter((j) => j.key === d.key);
    // a user whose acquisition could not run: none of their units can
    return this.planned.filter((j) => j.backbone === d.backbone && j.episode.userId === d.user);
  }

  /** Progress every 2 s, and once at the end. */
  async report(q: QueueHandles, onProgress: QueuedRunOptions["onProgress"]): Promise<void> {
    if (Date.now() - this.lastReport <= 2000 && this.pending.size !== this.failedKeys.size) return;
    this.lastReport = Date.now();
    onProgress?.({
      workers: (await q.queue.getWorkers()).length,
      done: this.planned.length - this.pending.size,
      failed: this.failedKeys.size,
      total: this.planned.length,
      perMinute: this.collected / Math.max((Date.now() - this.t0) / 60_000, 1e-9),
    });
  }
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
