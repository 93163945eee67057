/**
 * One invocation of `polar eval` on this machine, in named phases: open the ledger, open the
 * slots (simulators here, or episode threads), then per backbone reconcile its memory, run the
 * acquisitions user by user and the evaluation after them; close the ledger and write the
 * report. The state a session keeps (counters, why it stopped, the slots) is one object, not
 * the captured variables of one long closure.
 */
import { join } from "node:path";
import type { EvaluationEpisode } from "../datasets/index.ts";
import type { Simulator } from "../sim/index.ts";
import { type ClaimedDir, claimDir, diskProblem } from "../util/index.ts";
import { Budget } from "./budget.ts";
import { episodeDir } from "./episode-files.ts";
import { runPool } from "./pool.ts";
import { type Progress, silentProgress } from "./progress.ts";
import { fileProgress, teeProgress } from "./progress-file.ts";
import { type ReportOutput, writeReport } from "./report/write-report.ts";
import type { ResultLine, ResultWriter } from "./results.ts";
import { RunLedger } from "./run-ledger.ts";
import {
  type BackboneRuntime,
  configHash,
  type EpisodeOutcome,
  type EpisodeWorker,
  type EvalPlan,
  type EvalRuntime,
  type Job,
  planJobs,
  type RunOptions,
  type RunSummary,
  runKeeping,
  selectEvaluation,
  slug,
  toLine,
} from "./runner.ts";
import { inShard } from "./shard.ts";

/** One episode at a time: on this thread with its simulator, or on a worker thread. */
type Slot = { sim: Simulator; worker?: undefined } | { worker: EpisodeWorker; sim?: undefined };

export async function runEvaluation(plan: EvalPlan, runtime: EvalRuntime, opts: RunOptions = {}): Promise<RunSummary> {
  const session = new EvaluationSession(plan, runtime, opts);
  try {
    await session.run();
  } finally {
    await session.close();
  }
  return session.summary(await session.report());
}

class EvaluationSession {
  readonly now: () => Date;
  readonly progress: Progress;
  readonly hash: string;
  readonly ledger: RunLedger;
  /** every episode of the run (this shard's) */
  readonly inRun: Job[];
  /** what this session was asked to run (`--limit` chooses among inRun) */
  readonly jobs: Job[];
  readonly done: Map<string, ResultLine>;
  readonly skipped: number;
  readonly notes: string[] = [];
  /** Ctrl-C (the caller's signal), --limit-acquisition, a limit or a stop reason */
  readonly stop = new AbortController();
  private readonly onAbort = () => this.stop.abort();
  readonly deadline: number | null;
  readonly budget: Budget | null;

  slots: Slot[] = [];
  workers: EpisodeWorker[] = [];
  onThisThread = true;
  threadCount = 0;
  dispatched = 0;
  ran = 0;
  infrastructureFailures = 0;
  inARow = 0;
  /** jobs whose episode the simulator could not set up as recorded (deterministic: a rerun fails the same) */
  readonly setupRefused = new Set<string>();
  stoppedBecause: string | null = null;
  overBudget = false;
  spentUsd: number | null = 0;

  constructor(
    readonly plan: EvalPlan,
    readonly runtime: EvalRuntime,
    readonly opts: RunOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
    // also as progress.json in the folder, for the dashboard and anyone else watching the run
    this.progress = teeProgress(opts.progress ?? silentProgress(), fileProgress(plan.outDir));
    this.hash = configHash(plan.config, plan.datasetHash);
    const planned = planJobs(plan);
    this.ledger = RunLedger.open(plan, runtime, this.hash, {
      planned,
      shard: opts.shard ?? null,
      argv: opts.argv ?? [],
      now: this.now(),
    });
    this.done = new Map(this.ledger.previous.map((l) => [l.key, l]));
    this.inRun = opts.shard ? inShard(planned, opts.shard) : planned;
    this.jobs = opts.evaluationLimit === undefined ? this.inRun : selectEvaluation(this.inRun, opts.evaluationLimit);
    opts.signal?.addEventListener("abort", this.onAbort, { once: true });
    if (opts.signal?.aborted || opts.limit === 0) this.stop.abort();
    const maxMinutes = plan.config.eval.maxMinutes;
    this.deadline = maxMinutes === undefined ? null : Date.now() + maxMinutes * 60_000;
    this.budget = opts.maxCostUsd === undefined ? null : new Budget(opts.maxCostUsd, this.ledger.previous);
    this.skipped = this.jobs.filter((j) => this.done.has(j.key)).length;
    this.progress.start(this.jobs.length, this.skipped);
  }

  get remaining(): number {
    return this.jobs.filter((j) => !this.done.has(j.key)).length;
  }

  stopFor(why: string): void {
    this.stoppedBecause ??= why;
    this.stop.abort();
  }

  async run(): Promise<void> {
    await this.openSlots();
    for (const b of this.plan.backbones) {
      if (this.stop.signal.aborted) break;
      if (!(await this.runBackbone(b.name))) break;
    }
  }

  /**
   * Simulators on this thread, or (with --concurrency and a threads factory) none yet: a thread
   * costs a start (modules, memory, simulator, ~1 s of CPU), so no more threads than episodes
   * this session will run, and none for a single one (`--limit 1`, a resumed tail).
   */
  private async openSlots(): Promise<void> {
    const toRun = Math.min(this.jobs.length - this.skipped, this.opts.limit ?? Infinity);
    this.threadCount = Math.min(this.plan.concurrency, toRun);
    this.onThisThread = !(this.opts.threads && this.threadCount > 1);
    if (!this.stop.signal.aborted && this.onThisThread)
      this.slots = (await this.runtime.openSimulators(this.plan.concurrency)).map((sim) => ({ sim }));
  }

  /**
   * Threads start once there is an episode to run and the memory opened here: a run that cannot
   * start fails before N threads have planned it.
   */
  private async startThreads(): Promise<void> {
    if (this.onThisThread || this.workers.length) return;
    try {
      this.workers = await this.opts.threads!.open(this.threadCount);
      this.slots = this.workers.map((worker) => ({ worker }));
    } catch (e) {
      // a plug-in registered in code here (a measure, a provider) does not reach a fresh
      // thread: the episodes run on this one, as planned, only not in parallel
      if ((e as Error).name !== "PluginsNotInThreads") throw e;
      this.notes.push(`episodes ran on one thread: ${(e as Error).message}`);
      this.onThisThread = true;
      this.slots = (await this.runtime.openSimulators(this.plan.concurrency)).map((sim) => ({ sim }));
    }
  }

  /** One backbone's episodes; false when its acquisition is unfinished (the evaluation must wait). */
  private async runBackbone(name: string): Promise<boolean> {
    // the memory this run reads and writes is its own while it runs: a `polar run --memory-dir`
    // into it would change this run's raw-mode outcomes under it (and is refused, exit 3)
    const memoryLock: ClaimedDir = claimDir(join(this.plan.outDir, "memory", slug(name)), {
      label: "memory folder",
      command: ["polar", ...(this.opts.argv ?? ["eval"])].join(" "),
    });
    const bb = await this.runtime.openBackbone(name, memoryLock.path).catch((e) => {
      memoryLock.release();
      throw e;
    });
    const where = this.runtime.memoryNote?.(memoryLock.path, name) ?? null;
    if (where) this.notes.push(where);
    try {
      const mine = this.jobs.filter((j) => j.backbone === name);
      const acquisition = mine.filter((j) => j.stage === "acquisition");
      await reconcileMemory(bb, acquisition, this.done, this.notes, this.ledger.results);
      await this.runAcquisition(bb, mine, acquisition, memoryLock.path);
      // evaluation waits for a complete memory; an acquisition the simulator refused to set up
      // would be refused again, so it does not hold the evaluation back: the report names the
      // evaluation episodes that ran without it
      if (acquisition.some((j) => !this.done.has(j.key) && !this.setupRefused.has(j.key))) return false;
      const evaluation = mine.filter((j) => j.stage === "evaluation" && !this.done.has(j.key));
      await Promise.all(this.workers.map((w) => w.openBackbone(name, memoryLock.path)));
      await runPool(evaluation, this.slots, (job, slot) => this.execute(bb, job, slot), this.stop.signal);
      return true;
    } finally {
      await Promise.all(this.workers.map((w) => w.releaseBackbone().catch(() => undefined)));
      await bb.close();
      memoryLock.release();
    }
  }

  /**
   * A user's acquisition episodes run in order on one slot, as with one: each memorizes into what
   * the ones before it left (an object seen again is the same object), so the memory, and every
   * evaluation that reads it, does not depend on which slot is faster.
   */
  private async runAcquisition(bb: BackboneRuntime, mine: Job[], acquisition: Job[], memoryDir: string): Promise<void> {
    const byUser = new Map<string, Job[]>();
    for (const j of acquisition.filter((j) => !this.done.has(j.key)))
      byUser.set(j.episode.userId, [...(byUser.get(j.episode.userId) ?? []), j]);
    const evaluationLeft = mine.some((j) => j.stage === "evaluation" && !this.done.has(j.key));
    if (!this.stop.signal.aborted && (byUser.size > 0 || evaluationLeft)) await this.startThreads();
    // threads open the memory per stage: the evaluation must see what every thread memorized
    await Promise.all(this.workers.map((w) => w.openBackbone(bb.name, memoryDir)));
    const inOrder = async (list: Job[], slot: Slot) => {
      for (const j of list) {
        if (this.stop.signal.aborted) return;
        await this.execute(bb, j, slot);
      }
    };
    await runPool([...byUser.values()], this.slots, inOrder, this.stop.signal);
  }

  /** One episode: admitted (time, budget), run, then a result line or a recorded failure. */
  private async execute(bb: BackboneRuntime, job: Job, slot: Slot): Promise<void> {
    if (!(await this.admit(job))) return;
    this.dispatched++;
    if (this.opts.limit !== undefined && this.dispatched >= this.opts.limit) this.stop.abort();
    const t0 = Date.now();
    const trajectoryDir = this.opts.trajectories
      ? join(this.plan.outDir, episodeDir({ ...job, episodeId: job.episode.id }))
      : null;
    let outcome: EpisodeOutcome;
    if (slot.worker) ({ outcome } = await slot.worker.run(job.key, trajectoryDir));
    else outcome = await runKeeping(bb, job, slot.sim, trajectoryDir);
    this.account(job, outcome);
    if (outcome.infrastructure) return this.afterInfrastructureFailure(job, outcome, slot);
    this.inARow = 0;
    // the episode's own time: the recall below is the harness's measurement, not the agent's
    const ms = Date.now() - t0;
    // on this thread for every slot: a user's pool of raw interactions is embedded for the dense
    // baseline once here, not once in every episode thread (seconds each with a model embedder,
    // which the first evaluation episodes of each user waited for)
    const measured = job.stage === "evaluation" && job.memory === "polar" && job.representation === "episodic";
    // the episode threads appended to the raw-interaction log: read what they wrote first
    if (measured && slot.worker) bb.refresh?.();
    const recall = measured ? await bb.recall(job.episode as EvaluationEpisode) : null;
    const line = toLine(job, outcome, recall, {
      runId: this.ledger.manifest.runId,
      hash: this.hash,
      runHash: this.ledger.runHash,
      dataset: this.plan.set.name,
      model: bb.model,
      ms,
      now: this.now(),
    });
    this.keep(job, line);
  }

  /** Whether the run's time limit and --max-cost let this episode start. */
  private async admit(job: Job): Promise<boolean> {
    if (this.deadline !== null && Date.now() >= this.deadline) {
      this.stopFor(`the run's time limit of ${this.plan.config.eval.maxMinutes} min was reached`);
      return false;
    }
    if (!this.budget) return true;
    const budgetJob = { key: job.key, backbone: job.backbone, stage: job.stage };
    const admitted = await this.budget.admit(budgetJob);
    if (!admitted.ok) {
      this.overBudget = true;
      this.stopFor(admitted.reason);
      return false;
    }
    if (this.stop.signal.aborted) {
      this.budget.finish(budgetJob, undefined);
      return false;
    }
    return true;
  }

  /** What the episode cost, against --max-cost. */
  private account(job: Job, outcome: EpisodeOutcome): void {
    const cost = outcome.usage.costUsd;
    this.budget?.finish({ key: job.key, backbone: job.backbone, stage: job.stage }, cost);
    this.spentUsd = this.spentUsd === null || cost === null ? null : this.spentUsd + cost;
    if (this.budget && cost === null && outcome.usage.calls > 0) {
      this.overBudget = true;
      this.stopFor(
        `${job.backbone} did not report the cost of episode ${job.episode.id} (no token counts, or no prices in its backbone file): --max-cost cannot be kept`,
      );
    }
  }

  /**
   * Not a result: the simulator or the model service could not be used. Recorded apart, left
   * undone, so a rerun runs it again; enough of them in a row stop the run.
   */
  private async afterInfrastructureFailure(job: Job, outcome: EpisodeOutcome, slot: Slot): Promise<void> {
    this.infrastructureFailures++;
    this.inARow++;
    if (isSetupRefusal(outcome.error)) this.setupRefused.add(job.key);
    this.recordFailure(job, outcome.error);
    if (this.inARow >= this.plan.config.eval.maxConsecutiveFailures) {
      this.stopFor(`${this.inARow} infrastructure failures in a row, the last: ${outcome.error ?? "unknown"}`);
      return;
    }
    // A session that timed out or lost its connection is spent (a late reply must never answer
    // a later request): this slot goes on with a fresh one.
    if (slot.worker) {
      await slot.worker.renewSimulator();
      return;
    }
    const sim = slot.sim;
    await sim.close().catch(() => undefined);
    slot.sim = await this.runtime
      .openSimulators(1)
      .then(([fresh]) => fresh)
      .catch(() => sim);
  }

  private keep(job: Job, line: ResultLine): void {
    try {
      this.ledger.results.append(line);
    } catch (e) {
      const problem = diskProblem(e);
      if (!problem) throw e;
      // not kept, so not a result (a rerun runs it again); a full disk ends the run here
      this.infrastructureFailures++;
      this.recordFailure(job, `its result line could not be written: ${problem}`);
      this.stopFor(`the disk could not take a write: ${problem}`);
      return;
    }
    this.done.set(job.key, line);
    this.ran++;
    this.progress.episode(
      line.success,
      `${job.backbone}/${job.stage === "acquisition" ? "acq" : job.memory} ${job.episode.id}`,
    );
  }

  private recordFailure(job: Job, error: string | null): void {
    try {
      this.ledger.failures.append({ key: job.key, episodeId: job.episode.id, error, at: this.now().toISOString() });
    } catch (e) {
      // the disk that failed the episode may not take this line either: said on stderr instead
      this.notes.push(
        `could not record the failure of ${job.key} (${diskProblem(e) ?? (e as Error).message}): ${error}`,
      );
    }
    this.progress.failure(`${job.backbone}/${job.memory} ${job.episode.id}`, error ?? "infrastructure failure");
  }

  async close(): Promise<void> {
    this.progress.stop();
    this.opts.signal?.removeEventListener("abort", this.onAbort);
    await Promise.all(this.slots.map((s) => (s.worker ?? s.sim).close().catch(() => undefined)));
    const unrecorded = this.ledger.close({
      episodesRun: this.ran,
      remaining: this.remaining,
      stoppedBecause: this.stoppedBecause,
      now: this.now(),
    });
    if (unrecorded) this.notes.push(unrecorded);
  }

  /** The report over every line in the folder; the results are kept when the disk cannot take it. */
  async report(): Promise<ReportOutput | null> {
    if (this.opts.report === false) return null;
    try {
      return await writeReport(this.plan.outDir, {
        samples: this.plan.config.eval.bootstrapSamples,
        seed: this.plan.config.eval.seed,
      });
    } catch (e) {
      // a report that did not fit on the disk is rebuilt by `polar report`
      const problem = diskProblem(e);
      if (!problem) throw e;
      this.notes.push(`the report could not be written (${problem}): free space, then run polar report`);
      return null;
    }
  }

  summary(report: ReportOutput | null): RunSummary {
    const remaining = this.remaining;
    return {
      ran: this.ran,
      infrastructureFailures: this.infrastructureFailures,
      stoppedBecause: this.stoppedBecause,
      overBudget: this.overBudget,
      spentUsd: this.spentUsd,
      skipped: this.skipped,
      remaining,
      remainingInRun: this.inRun.filter((j) => !this.done.has(j.key)).length,
      interrupted: remaining > 0,
      resultsPath: this.ledger.resultsPath,
      report,
      notes: this.notes,
    };
  }
}

/**
 * Makes each user's memory agree with the acquisition lines: a user whose memory holds an
 * episode without a line, or lacks one that has a line, is cleared and acquired again.
 */
async function reconcileMemory(
  bb: BackboneRuntime,
  acquisition: Job[],
  done: Map<string, ResultLine>,
  notes: string[],
  writer: ResultWriter,
): Promise<void> {
  const users = [...new Set(acquisition.map((j) => j.episode.userId))];
  for (const user of users) {
    const jobs = acquisition.filter((j) => j.episode.userId === user);
    const withLine = new Set(jobs.filter((j) => done.has(j.key)).map((j) => j.episode.id));
    const inMemory = await bb.memorizedEpisodes(user);
    // Episodes whose line says they were not memorized (a failed episode) are fine either way.
    const expected = new Set([...withLine].filter((id) => memorizedFlag(done, jobs, id)));
    const extra = [...inMemory].filter((id) => !withLine.has(id));
    const missing = [...expected].filter((id) => !inMemory.has(id));
    if (extra.length === 0 && missing.length === 0) continue;
    notes.push(
      `${bb.name}: memory of user ${user} disagreed with the results (${extra.length} extra, ${missing.length} missing); ` +
        `cleared it and reran that user's ${jobs.length} acquisition episodes`,
    );
    // their lines go first: a crash between the two leaves a memory with extra episodes, which
    // the next run repairs the same way; the rerun then adds each line once
    writer.drop(new Set(jobs.map((j) => j.key)));
    await bb.forgetUser(user);
    for (const j of jobs) done.delete(j.key);
  }
}

function memorizedFlag(done: Map<string, ResultLine>, jobs: Job[], id: string): boolean {
  const job = jobs.find((j) => j.episode.id === id);
  const line = job ? done.get(job.key) : undefined;
  return line?.memorized === true;
}

/** The harness's message for an episode the simulator could not set up as recorded (harness.ts setupFailure). */
function isSetupRefusal(error: string | null | undefined): boolean {
  return error?.startsWith("simulator (unplaceable)") === true && error.includes("could not be set up");
}
