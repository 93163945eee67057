/**
 * The PinNED scenario evaluation (paper §4.1): per backbone, the acquisition stage (explicit
 * instructions; each episode is memorized into its user's own memory) and then the evaluation
 * stage (implicit instructions) in every memory mode. One result line per finished episode;
 * a rerun of the same command skips what is done.
 *
 * Resume and memory: a backbone's memory (graph store + raw-interaction log, under
 * OUT/memory/<backbone>/) is built only by its acquisition episodes, and evaluation starts only
 * once every acquisition episode of that backbone has a result line. On resume the runner
 * checks, per user, that the memory holds exactly the acquisition episodes that have result
 * lines; when it does not (a crash between memorizing and writing the line, a deleted memory
 * folder), it clears that user's memory and reruns that user's acquisition episodes, whose new
 * lines supersede the old ones. So evaluation never reads a memory that differs from what the
 * results say was acquired.
 */
import { createHash } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { EpisodeEvent } from "../agent/index.ts";
import type { PolarConfig } from "../config/index.ts";
import type { AcquisitionEpisode, EvaluationEpisode, ScenarioSet } from "../datasets/index.ts";
import type { Image, Simulator } from "../sim/index.ts";
import { claimDir, diskProblem } from "../util/index.ts";
import { Budget } from "./budget.ts";
import { episodeDir } from "./episode-files.ts";
import type { EpisodeMap } from "./episode-map.ts";
import type { RunEpisodeOptions } from "./harness.ts";
import type { MeasureMap } from "./measures/measure.ts";
import { runPool } from "./pool.ts";
import { type Progress, silentProgress } from "./progress.ts";
import { fileProgress, teeProgress } from "./progress-file.ts";
import type { EpisodeRecord } from "./record.ts";
import { type ReportOutput, writeReport } from "./report/write-report.ts";
import {
  type MemoryModeName,
  RESULT_VERSION,
  type Representation,
  type ResultLine,
  type ResultWriter,
  resultKey,
} from "./results.ts";
import { RunLedger } from "./run-ledger.ts";
import { inShard, type Shard } from "./shard.ts";
import { TrajectoryWriter } from "./trajectory-writer.ts";
import type { UsageDetail } from "./usage-detail.ts";
import { ViewKeeper } from "./view-keeper.ts";

export interface Job {
  key: string;
  backbone: string;
  stage: "acquisition" | "evaluation";
  memory: MemoryModeName;
  representation: Representation;
  episode: AcquisitionEpisode | EvaluationEpisode;
}

/** What an episode run hands back: the agent's record, reduced to what a result line needs. */
export interface EpisodeOutcome {
  success: boolean;
  spl: number;
  cm: boolean;
  steps: number;
  pathLength: number;
  shortestPath: number | null;
  /** every measure of eval.measures by id; absent from runtimes that do not measure (older test doubles) */
  measures?: MeasureMap;
  target: { objectId: string; category: string };
  grounded: { objectId: string | null; category: string | null; correct: boolean | null };
  retrievedObjectIds: string[];
  goldInRetrieved: boolean | null;
  rawSampleIds: string[];
  rawIncludesGold: boolean | null;
  /** null: unknown, some call's provider did not report it */
  usage: {
    calls: number;
    inputTokens: number | null;
    outputTokens: number | null;
    costUsd: number | null;
    failedCalls: number;
  } & Partial<UsageDetail>;
  memorized: boolean;
  error: string | null;
  /** the episode ended on an infrastructure failure: not a result; it is run again later */
  infrastructure: boolean;
}

export interface RecallOutcome {
  k: number;
  polar: number | null;
  bm25: number | null;
  dense: number | null;
}

/** One backbone's agent and memory for the run (built by wiring.ts from the real parts). */
export interface BackboneRuntime {
  readonly name: string;
  readonly type: string;
  readonly model: string | null;
  /** acquisition episode ids this user's memory holds (graph and raw log agreeing) */
  memorizedEpisodes(userId: string): Promise<Set<string>>;
  /** forgets this user's memory, graph and raw log, before their acquisition is rerun */
  forgetUser(userId: string): Promise<void>;
  run(
    job: Job,
    sim: Simulator,
    opts?: {
      onEvent?: (e: EpisodeEvent) => void;
      saveImage?: (ref: string, image: Image) => void;
      onMap?: (map: EpisodeMap) => void;
    },
  ): Promise<EpisodeOutcome>;
  /**
   * One episode's whole record, with its event stream and views when asked: what run() reduces
   * to a result line, and what `polar run` prints and writes (one wiring path for both).
   */
  record(
    episode: AcquisitionEpisode | EvaluationEpisode,
    sim: Simulator,
    opts?: {
      memory?: MemoryModeName;
      representation?: Representation;
      onEvent?: (e: EpisodeEvent) => void;
      saveImage?: (ref: string, image: Image) => Promise<void> | void;
      /** the episode's metric map for an onlooker (see runEpisode's `onMap`) */
      onMap?: (map: EpisodeMap) => void;
      /** the user's rules for this input (see runEpisode's `rules`) */
      rules?: RunEpisodeOptions["rules"];
    },
  ): Promise<EpisodeRecord>;
  /** Figure 8's recall of the gold prior episodes by each retriever, or null when not measurable */
  recall(episode: EvaluationEpisode): Promise<RecallOutcome | null>;
  /**
   * Catches up with what another process wrote since this opened (the raw interaction log; the
   * stores see other connections' commits themselves): a queue worker keeps a backbone open
   * across jobs and calls this before each.
   */
  refresh?(): void;
  close(): Promise<void>;
}

export interface EvalRuntime {
  readonly simulator: string;
  readonly store: string;
  readonly embedder: string;
  /** the perception the run assumed (semantic sensor, views) and each backbone's decision schedule */
  readonly perception?: string;
  openSimulators(n: number): Promise<Simulator[]>;
  openBackbone(name: string, memoryDir: string): Promise<BackboneRuntime>;
  close(): Promise<void>;
}

/**
 * Episodes on other threads (episode-threads.ts), each with its own simulator and memory
 * connection; the runner hands them job keys and gets back what bb.run and bb.recall gave.
 */
export interface EpisodeWorkers {
  open(n: number): Promise<EpisodeWorker[]>;
}

export interface EpisodeWorker {
  /** opens the backbone's memory anew: what other threads wrote before is seen */
  openBackbone(name: string, memoryDir: string): Promise<void>;
  releaseBackbone(): Promise<void>;
  /** a fresh simulator session, after an infrastructure failure */
  renewSimulator(): Promise<void>;
  run(key: string, trajectoryDir: string | null): Promise<{ outcome: EpisodeOutcome }>;
  close(): Promise<void>;
}

export interface EvalPlan {
  config: PolarConfig;
  set: ScenarioSet;
  datasetPath: string;
  /** hash of the scenario-set file, part of the config hash */
  datasetHash: string;
  backbones: { name: string; type: string; model: string | null }[];
  memoryModes: MemoryModeName[];
  scenarios: string[];
  representations: Representation[];
  concurrency: number;
  outDir: string;
}

export interface RunOptions {
  /** run at most this many new episodes in the run's order, acquisitions first, then stop as after Ctrl-C (--limit-acquisition) */
  limit?: number;
  /** run only these many evaluation episodes and the acquisitions they need (--limit; selectEvaluation) */
  evaluationLimit?: number;
  signal?: AbortSignal;
  progress?: Progress;
  argv?: string[];
  /** write the report at the end (default true) */
  report?: boolean;
  now?: () => Date;
  /** --max-cost: stop starting episodes when this session's estimated spend (USD) would pass it (budget.ts) */
  maxCostUsd?: number;
  /** keep each episode's event stream under OUT/episodes/ (episode-files.ts) */
  trajectories?: boolean;
  /** run only this shard's users (--shard i/N); the run file still lists every unit of the run */
  shard?: Shard;
  /** with concurrency above 1: run the episodes on these threads instead of this one's event loop */
  threads?: EpisodeWorkers;
}

export interface RunSummary {
  ran: number;
  /** episodes that ended on an infrastructure failure this session: no result line, rerun retries them */
  infrastructureFailures: number;
  /** why the run stopped before the end, when it was not Ctrl-C or --limit */
  stoppedBecause: string | null;
  /** episodes of the whole run (this shard's) not run yet: more than `remaining` when --limit chose a part */
  remainingInRun: number;
  /** it stopped because --max-cost would have been passed */
  overBudget: boolean;
  /** USD this session spent, as the episodes reported it (null: some did not) */
  spentUsd: number | null;
  skipped: number;
  remaining: number;
  interrupted: boolean;
  resultsPath: string;
  report: ReportOutput | null;
  notes: string[];
}

export function slug(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, "_");
}

/** The settings that change what an episode does; results from different hashes never mix. */
export function configHash(config: PolarConfig, datasetHash: string): string {
  return createHash("sha256")
    .update(JSON.stringify(episodeSettings(config, datasetHash)))
    .digest("hex")
    .slice(0, 12);
}

/** The settings configHash covers, as a tree: what a queue worker compares to name the one that differs. */
export function episodeSettings(config: PolarConfig, datasetHash: string): Record<string, unknown> {
  const { path: _path, ...memory } = config.memory;
  return {
    simulator: { ...config.simulator, url: undefined, urls: undefined },
    memory,
    embedder: config.embedder,
    agent: config.agent,
    eval: { seed: config.eval.seed, recallK: config.eval.recallK },
    dataset: datasetHash,
  };
}

export function hashFile(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex").slice(0, 16);
}

/** Every job of the plan, in run order: per backbone, acquisition (time order) then evaluation. */
export function planJobs(plan: EvalPlan): Job[] {
  const jobs: Job[] = [];
  const byTime = <T extends { timestamp: string; id: string }>(a: T, b: T) =>
    a.timestamp.localeCompare(b.timestamp) || a.id.localeCompare(b.id);
  const acquisition = [...plan.set.acquisition].sort(byTime);
  const evaluation = plan.set.evaluation
    .filter((e) => plan.scenarios.includes(e.scenario))
    // Grouped by scene so a worker's simulator reloads its scene as rarely as possible.
    .sort((a, b) => a.sceneId.localeCompare(b.sceneId) || byTime(a, b));
  for (const b of plan.backbones) {
    for (const episode of acquisition)
      jobs.push({
        key: resultKey(b.name, "none", "episodic", episode.id),
        backbone: b.name,
        stage: "acquisition",
        // Acquisition instructions are explicit (reference image): no prior memory is read.
        memory: "none",
        representation: "episodic",
        episode,
      });
    for (const memory of plan.memoryModes) {
      const reps: Representation[] = memory === "polar" ? plan.representations : ["episodic"];
      for (const representation of reps)
        for (const episode of evaluation)
          jobs.push({
            key: resultKey(b.name, memory, representation, episode.id),
            backbone: b.name,
            stage: "evaluation",
            memory,
            representation,
            episode,
          });
    }
  }
  return jobs;
}

/**
 * `--limit N`: N evaluation episodes, taken round-robin over the run's backbones, memory modes
 * and representations in the order the run lists them, so each of them gets the same episodes
 * as far as N allows (a comparison, not N episodes of the first backbone); and every acquisition
 * episode of those episodes' users, for each backbone whose chosen episodes read a memory (a
 * user's memory and raw sample are built from all of that user's prior interactions, as in the
 * full run). Acquisitions alone are never what was asked for.
 */
export function selectEvaluation(jobs: readonly Job[], n: number): Job[] {
  const lists = new Map<string, Job[]>();
  for (const j of jobs) {
    if (j.stage !== "evaluation") continue;
    const k = `${j.backbone}\u0000${j.memory}\u0000${j.representation}`;
    lists.set(k, [...(lists.get(k) ?? []), j]);
  }
  const columns = [...lists.values()];
  const chosen = new Set<Job>();
  for (let i = 0; chosen.size < n && columns.some((c) => c.length > i); i++)
    for (const c of columns) if (c[i] && chosen.size < n) chosen.add(c[i]);
  const userKey = (j: Job) => `${j.backbone}\u0000${j.episode.userId}`;
  const needMemory = new Set([...chosen].filter((j) => j.memory !== "none").map(userKey));
  return jobs.filter((j) => (j.stage === "evaluation" ? chosen.has(j) : needMemory.has(userKey(j))));
}

export function toLine(
  job: Job,
  o: EpisodeOutcome,
  recall: RecallOutcome | null,
  ctx: {
    runId: string;
    hash: string;
    runHash: string;
    dataset: string;
    model: string | null;
    ms: number;
    now: Date;
  },
): ResultLine {
  const e = job.episode;
  return {
    v: RESULT_VERSION,
    runId: ctx.runId,
    configHash: ctx.hash,
    runHash: ctx.runHash,
    key: job.key,
    dataset: ctx.dataset,
    scene: e.sceneId,
    user: e.userId,
    episodeId: e.id,
    stage: job.stage,
    scenario: e.stage === "evaluation" ? e.scenario : "acquisition",
    temporalKind: e.stage === "evaluation" ? (e.temporalKind ?? null) : null,
    memory: job.memory,
    representation: job.representation,
    backbone: job.backbone,
    model: ctx.model,
    success: o.success,
    spl: o.spl,
    cm: o.cm,
    steps: o.steps,
    pathLength: o.pathLength,
    shortestPath: o.shortestPath,
    ...(o.measures ? { measures: o.measures } : {}),
    target: o.target,
    grounded: o.grounded,
    retrieval: { ids: o.retrievedObjectIds, targetRetrieved: job.memory === "polar" ? o.goldInRetrieved : null },
    raw: { sampleIds: o.rawSampleIds, includesGold: job.memory === "raw" ? o.rawIncludesGold : null },
    recall,
    usage: o.usage,
    ...(e.stage === "evaluation" ? { goldPriors: [...e.goldPriorEpisodeIds] } : {}),
    memorized: o.memorized,
    error: o.error,
    durationMs: ctx.ms,
    finishedAt: ctx.now.toISOString(),
  };
}

export async function runEvaluation(plan: EvalPlan, runtime: EvalRuntime, opts: RunOptions = {}): Promise<RunSummary> {
  const now = opts.now ?? (() => new Date());
  // also as progress.json in the folder, for the dashboard and anyone else watching the run
  const progress = teeProgress(opts.progress ?? silentProgress(), fileProgress(plan.outDir));
  const hash = configHash(plan.config, plan.datasetHash);
  const planned = planJobs(plan);
  const ledger = RunLedger.open(plan, runtime, hash, {
    planned,
    shard: opts.shard ?? null,
    argv: opts.argv ?? [],
    now: now(),
  });
  const { manifest, resultsPath } = ledger;
  const done = new Map(ledger.previous.map((l) => [l.key, l]));
  const inRun = opts.shard ? inShard(planned, opts.shard) : planned;
  const jobs = opts.evaluationLimit === undefined ? inRun : selectEvaluation(inRun, opts.evaluationLimit);
  const notes: string[] = [];

  // Stop handing out episodes on Ctrl-C (the caller's signal) or when the limit is reached.
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  if (opts.signal?.aborted) stop.abort();
  let dispatched = 0;
  const take = () => {
    dispatched++;
    if (opts.limit !== undefined && dispatched >= opts.limit) stop.abort();
  };

  const skipped = jobs.filter((j) => done.has(j.key)).length;
  progress.start(jobs.length, skipped);
  const writer = ledger.results;
  const failures = ledger.failures;
  // a slot runs one episode at a time: on this thread with its simulator, or on a worker thread
  let slots: ({ sim: Simulator; worker?: undefined } | { worker: EpisodeWorker; sim?: undefined })[] = [];
  let ran = 0;
  let infrastructureFailures = 0;
  /** jobs whose episode the simulator could not set up as recorded (deterministic: a rerun fails the same) */
  const setupRefused = new Set<string>();
  let inARow = 0;
  let stoppedBecause: string | null = null;
  const stopFor = (why: string) => {
    stoppedBecause ??= why;
    stop.abort();
  };
  const recordFailure = (job: Job, error: string | null) => {
    try {
      failures.append({ key: job.key, episodeId: job.episode.id, error, at: now().toISOString() });
    } catch (e) {
      // the disk that failed the episode may not take this line either: said on stderr instead
      notes.push(`could not record the failure of ${job.key} (${diskProblem(e) ?? (e as Error).message}): ${error}`);
    }
    progress.failure(`${job.backbone}/${job.memory} ${job.episode.id}`, error ?? "infrastructure failure");
  };
  const maxMinutes = plan.config.eval.maxMinutes;
  const deadline = maxMinutes === undefined ? null : Date.now() + maxMinutes * 60_000;
  const budget = opts.maxCostUsd === undefined ? null : new Budget(opts.maxCostUsd, ledger.previous);
  let overBudget = false;
  let spentUsd: number | null = 0;
  try {
    if (opts.limit === 0) stop.abort();
    // a thread costs a start (modules, memory, simulator, ~1 s of CPU): no more threads than
    // episodes this session will run, and none for a single one (`--limit 1`, a resumed tail)
    const toRun = Math.min(jobs.length - skipped, opts.limit ?? Infinity);
    const threadCount = Math.min(plan.concurrency, toRun);
    const threaded = opts.threads && threadCount > 1 ? opts.threads : null;
    if (!stop.signal.aborted && !threaded)
      slots = (await runtime.openSimulators(plan.concurrency)).map((sim) => ({ sim }));
    // threads start once there is an episode to run and the memory opened here: a run that
    // cannot start fails before N threads have planned it
    let workers: EpisodeWorker[] = [];
    let onThisThread = !threaded;
    const startThreads = async () => {
      if (onThisThread || workers.length) return;
      try {
        workers = await threaded!.open(threadCount);
        slots = workers.map((worker) => ({ worker }));
      } catch (e) {
        // a plug-in registered in code here (a measure, a provider) does not reach a fresh
        // thread: the episodes run on this one, as planned, only not in parallel
        if ((e as Error).name !== "PluginsNotInThreads") throw e;
        notes.push(`episodes ran on one thread: ${(e as Error).message}`);
        onThisThread = true;
        slots = (await runtime.openSimulators(plan.concurrency)).map((sim) => ({ sim }));
      }
    };
    for (const b of plan.backbones) {
      if (stop.signal.aborted) break;
      // the memory this run reads and writes is its own while it runs: a `polar run --memory-dir`
      // into it would change this run's raw-mode outcomes under it (and is refused, exit 3)
      const memoryLock = claimDir(join(plan.outDir, "memory", slug(b.name)), {
        label: "memory folder",
        command: ["polar", ...(opts.argv ?? ["eval"])].join(" "),
      });
      const bb = await runtime.openBackbone(b.name, memoryLock.path).catch((e) => {
        memoryLock.release();
        throw e;
      });
      try {
        const mine = jobs.filter((j) => j.backbone === b.name);
        const acquisition = mine.filter((j) => j.stage === "acquisition");
        await reconcileMemory(bb, acquisition, done, notes, writer);

        const execute = async (job: Job, slot: (typeof slots)[number]) => {
          if (deadline !== null && Date.now() >= deadline) {
            stopFor(`the run's time limit of ${maxMinutes} min was reached`);
            return;
          }
          const budgetJob = { key: job.key, backbone: job.backbone, stage: job.stage };
          if (budget) {
            const admitted = await budget.admit(budgetJob);
            if (!admitted.ok) {
              overBudget = true;
              stopFor(admitted.reason);
              return;
            }
            if (stop.signal.aborted) {
              budget.finish(budgetJob, undefined);
              return;
            }
          }
          take();
          const t0 = Date.now();
          const trajectoryDir = opts.trajectories
            ? join(plan.outDir, episodeDir({ ...job, episodeId: job.episode.id }))
            : null;
          let outcome: EpisodeOutcome;
          if (slot.worker) ({ outcome } = await slot.worker.run(job.key, trajectoryDir));
          else outcome = await runKeeping(bb, job, slot.sim, trajectoryDir);
          budget?.finish(budgetJob, outcome.usage.costUsd);
          spentUsd = spentUsd === null || outcome.usage.costUsd === null ? null : spentUsd + outcome.usage.costUsd;
          if (budget && outcome.usage.costUsd === null && outcome.usage.calls > 0) {
            overBudget = true;
            stopFor(
              `${job.backbone} did not report the cost of episode ${job.episode.id} (no token counts, or no prices in its backbone file): --max-cost cannot be kept`,
            );
          }
          if (outcome.infrastructure) {
            // Not a result: the simulator or the model service could not be used. Recorded apart,
            // left undone, so a rerun runs it again; enough of them in a row stop the run.
            infrastructureFailures++;
            inARow++;
            if (isSetupRefusal(outcome.error)) setupRefused.add(job.key);
            recordFailure(job, outcome.error);
            if (inARow >= plan.config.eval.maxConsecutiveFailures) {
              stopFor(`${inARow} infrastructure failures in a row, the last: ${outcome.error ?? "unknown"}`);
              return;
            }
            // A session that timed out or lost its connection is spent (a late reply must never
            // answer a later request): this worker goes on with a fresh one.
            if (slot.worker) {
              await slot.worker.renewSimulator();
              return;
            }
            const sim = slot.sim;
            await sim.close().catch(() => undefined);
            slot.sim = await runtime
              .openSimulators(1)
              .then(([fresh]) => fresh)
              .catch(() => sim);
            return;
          }
          inARow = 0;
          // the episode's own time: the recall below is the harness's measurement, not the agent's
          const ms = Date.now() - t0;
          // on this thread for every slot: a user's pool of raw interactions is embedded for the
          // dense baseline once here, not once in every episode thread (seconds each with a model
          // embedder, which the first evaluation episodes of each user waited for)
          const measured = job.stage === "evaluation" && job.memory === "polar" && job.representation === "episodic";
          // the episode threads appended to the raw-interaction log: read what they wrote first
          if (measured && slot.worker) bb.refresh?.();
          const recall = measured ? await bb.recall(job.episode as EvaluationEpisode) : null;
          const line = toLine(job, outcome, recall, {
            runId: manifest.runId,
            hash,
            runHash: ledger.runHash,
            dataset: plan.set.name,
            model: bb.model,
            ms,
            now: now(),
          });
          try {
            writer.append(line);
          } catch (e) {
            const problem = diskProblem(e);
            if (!problem) throw e;
            // not kept, so not a result (a rerun runs it again); a full disk ends the run here
            infrastructureFailures++;
            recordFailure(job, `its result line could not be written: ${problem}`);
            stopFor(`the disk could not take a write: ${problem}`);
            return;
          }
          done.set(job.key, line);
          ran++;
          progress.episode(
            line.success,
            `${job.backbone}/${job.stage === "acquisition" ? "acq" : job.memory} ${job.episode.id}`,
          );
        };

        // A user's acquisition episodes run in order on one slot, as with one: each memorizes
        // into what the ones before it left (an object seen again is the same object), so the
        // memory, and every evaluation that reads it, does not depend on which slot is faster.
        const byUser = new Map<string, Job[]>();
        for (const j of acquisition.filter((j) => !done.has(j.key)))
          byUser.set(j.episode.userId, [...(byUser.get(j.episode.userId) ?? []), j]);
        const inOrder = async (list: Job[], slot: (typeof slots)[number]) => {
          for (const j of list) {
            if (stop.signal.aborted) return;
            await execute(j, slot);
          }
        };
        const evaluationLeft = () => mine.some((j) => j.stage === "evaluation" && !done.has(j.key));
        if (!stop.signal.aborted && (byUser.size > 0 || evaluationLeft())) await startThreads();
        // threads open the memory per stage: the evaluation must see what every thread memorized
        await Promise.all(workers.map((w) => w.openBackbone(b.name, memoryLock.path)));
        await runPool([...byUser.values()], slots, inOrder, stop.signal);
        // evaluation waits for a complete memory; an acquisition the simulator refused to set up
        // would be refused again, so it does not hold the evaluation back: the report names the
        // evaluation episodes that ran without it
        if (acquisition.some((j) => !done.has(j.key) && !setupRefused.has(j.key))) break;
        const evaluation = mine.filter((j) => j.stage === "evaluation" && !done.has(j.key));
        await Promise.all(workers.map((w) => w.openBackbone(b.name, memoryLock.path)));
        await runPool(evaluation, slots, execute, stop.signal);
      } finally {
        await Promise.all(workers.map((w) => w.releaseBackbone().catch(() => undefined)));
        await bb.close();
        memoryLock.release();
      }
    }
  } finally {
    progress.stop();
    opts.signal?.removeEventListener("abort", onAbort);
    await Promise.all(slots.map((s) => (s.worker ?? s.sim).close().catch(() => undefined)));
    const remaining = jobs.filter((j) => !done.has(j.key)).length;
    const unrecorded = ledger.close({ episodesRun: ran, remaining, stoppedBecause, now: now() });
    if (unrecorded) notes.push(unrecorded);
  }

  const remaining = jobs.filter((j) => !done.has(j.key)).length;
  const remainingInRun = inRun.filter((j) => !done.has(j.key)).length;
  let report: ReportOutput | null = null;
  if (opts.report !== false)
    try {
      report = await writeReport(plan.outDir, {
        samples: plan.config.eval.bootstrapSamples,
        seed: plan.config.eval.seed,
      });
    } catch (e) {
      // the results are kept; a report that did not fit on the disk is rebuilt by `polar report`
      const problem = diskProblem(e);
      if (!problem) throw e;
      notes.push(`the report could not be written (${problem}): free space, then run polar report`);
    }
  return {
    ran,
    infrastructureFailures,
    stoppedBecause,
    overBudget,
    spentUsd,
    skipped,
    remaining,
    remainingInRun,
    interrupted: remaining > 0,
    resultsPath,
    report,
    notes,
  };
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

/**
 * One episode, its event stream and views kept in `dir` when given (`--trajectories`): the same
 * on the main thread and in an episode thread.
 */
export async function runKeeping(
  bb: BackboneRuntime,
  job: Job,
  sim: Simulator,
  dir: string | null,
): Promise<EpisodeOutcome> {
  if (!dir) return bb.run(job, sim);
  const trajectory = new TrajectoryWriter(dir);
  const views = new ViewKeeper(dir);
  const outcome = await bb.run(job, views.wrap(sim), {
    onEvent: (e) => {
      trajectory.onEvent(e);
      views.onEvent(e);
    },
    saveImage: views.saveImage,
    onMap: trajectory.saveMap,
  });
  // an episode whose trajectory could not be kept whole (a full disk) is not a result: the
  // rerun runs it again, as after any infrastructure failure
  let problem: string | null = trajectory.failed ? diskProblem(trajectory.failed) : null;
  if (trajectory.failed && !problem) throw trajectory.failed;
  try {
    await views.finish();
  } catch (e) {
    problem ??= diskProblem(e);
    if (!problem) throw e;
  }
  if (!problem) return outcome;
  // what was kept of it is not whole, and the disk needs the room (for failures.jsonl at least)
  rmSync(dir, { recursive: true, force: true });
  return { ...outcome, infrastructure: true, error: `the episode's trajectory could not be kept: ${problem}` };
}

/** The harness's message for an episode the simulator could not set up as recorded (harness.ts setupFailure). */
function isSetupRefusal(error: string | null | undefined): boolean {
  return error?.startsWith("simulator (unplaceable)") === true && error.includes("could not be set up");
}
