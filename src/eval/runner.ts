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
import type { EpisodeEvent } from "../agent/index.ts";
import type { PolarConfig } from "../config/index.ts";
import type { AcquisitionEpisode, EvaluationEpisode, ScenarioSet } from "../datasets/index.ts";
import type { Image, Simulator } from "../sim/index.ts";
import { diskProblem } from "../util/index.ts";
import type { EpisodeMap } from "./episode-map.ts";
import type { RunEpisodeOptions } from "./harness.ts";
import type { MeasureMap } from "./measures/measure.ts";
import type { Progress } from "./progress.ts";
import type { EpisodeRecord } from "./record.ts";
import type { ReportOutput } from "./report/write-report.ts";
import { type MemoryModeName, RESULT_VERSION, type Representation, type ResultLine, resultKey } from "./results.ts";
import type { Shard } from "./shard.ts";
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
  /** where a backbone's memory is when it is not a file in its folder, and how to see it (null: it is) */
  memoryNote?(memoryDir: string, backbone: string): string | null;
  close(): Promise<void>;
}

/**
 * Episodes on other threads (thread-pool.ts), each with its own simulator and memory
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
