/**
 * `polar worker`: joins every run published on the queue whose config it shares, pulls that
 * run's jobs (up to --concurrency at a time) and runs them. A run it would run differently
 * (another config, dataset, embedder or project version) is refused, once, with the reason,
 * both on its stderr and in Redis for the coordinator to show.
 */
import { hostname } from "node:os";
import type { Queue, Worker } from "bullmq";
import type { PolarConfig } from "../config/index.ts";
import { bullmqPackage } from "../util/index.ts";
import { connectRedis, parseQueueUrl, queueName, RUNS_CHANNEL, RUNS_KEY, refusalsKey, specKey } from "./connection.ts";
import { openRunContext, type RunContext, RunRefused } from "./context.ts";
import { processorFor } from "./process.ts";
import { installRateLimits } from "./rate-limit.ts";
import { SimPool } from "./sim-pool.ts";
import { type JobData, parseSpec } from "./spec.ts";
import { Wakeup } from "./wakeup.ts";

export interface WorkerOptions {
  url: string;
  config: PolarConfig;
  simUrls: string[];
  concurrency: number;
  signal?: AbortSignal;
  log?: (message: string) => void;
  /** how often to look for new runs */
  pollMs?: number;
  /** how long to wait for Redis to answer at start (default CONNECT_TIMEOUT_MS) */
  connectTimeoutMs?: number;
}

interface Attached {
  ctx: RunContext;
  worker: Worker;
  processor: ReturnType<typeof processorFor>;
  queue: Queue;
  sims: SimPool;
  uninstallLimits: () => void;
}

export async function runWorker(o: WorkerOptions): Promise<void> {
  const log = o.log ?? ((m: string) => console.error(m));
  const connection = parseQueueUrl(o.url);
  const redis = await connectRedis(connection, o.connectTimeoutMs);
  redis.removeAllListeners("error");
  redis.on("error", () => undefined); // ioredis reconnects by itself; the loop below reports outages
  const attached = new Map<string, Attached>();
  const refused = new Set<string>();
  const me = `${hostname()}:${process.pid}`;
  let unreachable = false;
  // a run published wakes the loop below at once; the poll stays for a message missed in an outage
  const added = new Wakeup();
  const subscriber = redis.duplicate();
  subscriber.on("error", () => undefined);
  subscriber.on("message", () => added.wake());
  await subscriber.subscribe(RUNS_CHANNEL).catch(() => undefined);

  const attach = async (runHash: string) => {
    const spec = parseSpec(await redis.get(specKey(runHash)), runHash);
    if (!spec) return;
    let ctx: RunContext;
    try {
      ctx = await openRunContext(o.config, spec, { simUrls: o.simUrls, onNotice: (m) => log(`polar worker: ${m}`) });
    } catch (e) {
      if (!(e instanceof RunRefused)) throw e;
      refused.add(runHash);
      log(`polar worker: refusing run ${runHash}: ${e.message}`);
      await redis.hset(refusalsKey(runHash), me, e.message);
      return;
    }
    const name = queueName(runHash);
    const queue = new (bullmqPackage().Queue)(name, { connection });
    // without a listener BullMQ prints every reconnect's error with its stack; the loop below
    // says once that Redis is gone and once that it is back
    queue.on("error", () => undefined);
    const sims = new SimPool(ctx.runtime);
    const limited = ctx.plan.backbones
      .filter((b) => spec.rateLimits[b.name])
      .map((b) => ({ name: b.name, model: b.model, limit: spec.rateLimits[b.name] }));
    const uninstallLimits = installRateLimits(redis, runHash, limited);
    const processor = processorFor(ctx, sims, queue);
    const { Worker } = bullmqPackage();
    const worker = new Worker<JobData>(name, processor.run, {
      connection,
      concurrency: o.concurrency,
      lockDuration: spec.lockMs,
      stalledInterval: spec.lockMs,
      maxStalledCount: 3,
      name: me,
    });
    worker.on("error", () => undefined); // connection errors while Redis restarts: BullMQ retries
    const label = (job: { data: JobData }) =>
      job.data.kind === "episode" ? job.data.key : `${job.data.kind} ${job.data.backbone}/${job.data.user}`;
    // a lock that could not be renewed means the queue will give the job to another worker: stop ours
    worker.on("lockRenewalFailed", (ids) => {
      for (const id of ids) worker.cancelJob(id, "lock lost");
    });
    worker.on("active", (job) => log(`polar worker: running ${label(job)}`));
    worker.on("failed", (job, err) =>
      log(`polar worker: ${job ? label(job) : "a job"} failed (${err.message}); the queue retries it`),
    );
    attached.set(runHash, { ctx, worker, processor, queue, sims, uninstallLimits });
    log(`polar worker: joined run ${runHash} (${ctx.plan.set.name}, concurrency ${o.concurrency})`);
  };

  const detach = async (runHash: string) => {
    const a = attached.get(runHash);
    if (!a) return;
    attached.delete(runHash);
    await a.worker.close();
    await a.processor.close();
    a.uninstallLimits();
    await a.queue.close();
    await a.sims.close();
    await a.ctx.close();
    log(`polar worker: run ${runHash} finished`);
  };

  const stopped = new Promise<void>((resolve) => {
    if (o.signal?.aborted) resolve();
    o.signal?.addEventListener("abort", () => resolve(), { once: true });
  });
  log(`polar worker: waiting for runs on ${connection.host}:${connection.port}/${connection.db}`);
  try {
    while (!o.signal?.aborted) {
      try {
        const runs = new Set(await redis.smembers(RUNS_KEY));
        if (unreachable) log("polar worker: Redis is back");
        unreachable = false;
        for (const h of runs) if (!attached.has(h) && !refused.has(h)) await attach(h);
        for (const h of [...attached.keys()]) if (!runs.has(h)) await detach(h);
      } catch (e) {
        if (!unreachable) log(`polar worker: Redis unreachable (${(e as Error).message}); retrying`);
        unreachable = true;
      }
      await Promise.race([stopped, added.wait(o.pollMs ?? 1000, o.signal)]);
    }
  } finally {
    // close() waits for the jobs in flight: a stopped worker finishes what it holds
    for (const h of [...attached.keys()]) await detach(h);
    subscriber.disconnect();
    redis.disconnect();
  }
}
