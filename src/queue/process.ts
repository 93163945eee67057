/**
 * What a worker does with each kind of job of a run: a user's acquisition stage, the gate that
 * then releases that user's evaluation jobs, and one evaluation episode. An episode that the
 * infrastructure could not run throws, so BullMQ retries it (with backoff) instead of
 * recording it as a result.
 */
import type { Job as BullJob, Queue } from "bullmq";
import type { EvaluationEpisode } from "../datasets/index.ts";
import type { BackboneRuntime, Job } from "../eval/index.ts";
import { toLine } from "../eval/index.ts";
import type { RunContext } from "./context.ts";
import { JOB_OPTIONS, type JobResult } from "./jobs.ts";
import type { SimPool } from "./sim-pool.ts";
import { type JobData, jobId } from "./spec.ts";

export class InfrastructureError extends Error {}

export function processorFor(ctx: RunContext, sims: SimPool, queue: Queue) {
  const { spec } = ctx;
  const jobsOf = (backbone: string, user: string, stage: Job["stage"]) =>
    [...ctx.byKey.values()].filter((j) => j.backbone === backbone && j.episode.userId === user && j.stage === stage);

  const runOne = async (bb: BackboneRuntime, job: Job): Promise<JobResult["lines"][number]> => {
    const sim = await sims.take();
    const t0 = Date.now();
    let spent = false;
    try {
      const outcome = await bb.run(job, sim);
      if (outcome.infrastructure) {
        spent = true;
        throw new InfrastructureError(`${job.key}: ${outcome.error ?? "infrastructure failure"}`);
      }
      const recall =
        job.stage === "evaluation" && job.memory === "polar" && job.representation === "episodic"
          ? await bb.recall(job.episode as EvaluationEpisode)
          : null;
      return toLine(job, outcome, recall, {
        runId: spec.runId,
        hash: ctx.episodeHash,
        runHash: spec.runHash,
        dataset: ctx.plan.set.name,
        model: bb.model,
        ms: Date.now() - t0,
        now: new Date(),
      });
    } finally {
      if (spent) await sims.discard(sim);
      else sims.give(sim);
    }
  };

  // A backbone is opened once per run and kept across jobs (re-opening its store, log and
  // caches for every job cost more than the queue's hand-overs); what another worker wrote since
  // is caught up with before each job: SQLite and Neo4j see other connections' commits, and
  // refresh() re-reads the raw interaction log when its size changed.
  const open = new Map<string, Promise<BackboneRuntime>>();
  const withBackbone = async <T>(name: string, f: (bb: BackboneRuntime) => Promise<T>): Promise<T> => {
    let bb = open.get(name);
    if (!bb) {
      bb = ctx.runtime.openBackbone(name, ctx.memoryDir(name));
      open.set(name, bb);
      // a failed open is tried again by the next job, not remembered
      bb.catch(() => open.delete(name));
    }
    const runtime = await bb;
    runtime.refresh?.();
    return f(runtime);
  };

  const close = async () => {
    const all = [...open.values()];
    open.clear();
    for (const bb of await Promise.allSettled(all)) if (bb.status === "fulfilled") await bb.value.close();
  };

  const run = async (
    job: BullJob<JobData>,
    _token?: string,
    signal?: AbortSignal,
  ): Promise<JobResult | { enqueued: number }> => {
    const d = job.data;
    if (d.kind === "gate") {
      const evaluation = jobsOf(d.backbone, d.user, "evaluation");
      await queue.addBulk(
        evaluation.map((j) => ({
          name: "episode",
          data: { kind: "episode", key: j.key } satisfies JobData,
          opts: { ...JOB_OPTIONS, jobId: jobId("ep", spec.runHash, j.key) },
        })),
      );
      return { enqueued: evaluation.length };
    }
    if (d.kind === "acquire")
      return withBackbone(d.backbone, async (bb) => {
        // A retry after a crash starts this user's memory over: the lost attempt may have
        // memorized some episodes, and memorizing one twice is not the run's result.
        if ((await bb.memorizedEpisodes(d.user)).size > 0) await bb.forgetUser(d.user);
        const lines = [];
        for (const j of jobsOf(d.backbone, d.user, "acquisition")) {
          // this worker lost the job (its lock ran out while it was busy): another one has it now
          if (signal?.aborted) throw new Error(`${d.backbone}/${d.user}: acquisition cancelled, the job moved on`);
          lines.push(await runOne(bb, j));
          await job.updateProgress(lines.length);
        }
        // The memory must hold what the lines say was memorized, no more, no less: else another
        // attempt wrote into it at the same time, and this one starts over (forgetting first).
        const held = await bb.memorizedEpisodes(d.user);
        const said = new Set(lines.filter((l) => l.memorized).map((l) => l.episodeId));
        if (
          held.size !== said.size ||
          [...said].some((id) => !held.has(id)) ||
          lines.some((l) => l.error?.startsWith("memorize:"))
        )
          throw new Error(
            `${d.backbone}/${d.user}: the memory disagrees with this acquisition's results; retrying it from scratch`,
          );
        return { lines };
      });
    const j = ctx.byKey.get(d.key);
    if (!j) throw new Error(`job ${job.id}: ${d.key} is not a unit of run ${spec.runHash}`);
    return withBackbone(j.backbone, async (bb) => ({ lines: [await runOne(bb, j)] }));
  };
  return { run, close };
}
