/**
 * A run's ledger: what `polar eval` and the queue's coordinator both keep in the output folder
 * (manifest.json with one session per invocation, run.json, results.jsonl, failures.jsonl), and
 * the rules for resuming: an earlier run of another configuration is refused, the results file
 * holds each episode once, and a session is recorded even when the disk fills.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ScenarioSet } from "../datasets/index.ts";
import { diskProblem, readDataText, writing } from "../util/index.ts";
import {
  compactResults,
  FAILURES_FILE,
  FailureWriter,
  MANIFEST_FILE,
  RESULT_VERSION,
  RESULTS_FILE,
  type ResultLine,
  ResultWriter,
  RunManifest,
  readResults,
} from "./results.ts";
import { runConfigOf, writeRunFile } from "./run-config.ts";
import type { Shard } from "./shard.ts";

/** What of a run's plan the ledger keeps (the runner's EvalPlan has it all). */
type LedgerPlan = Parameters<typeof runConfigOf>[0] & {
  outDir: string;
  datasetPath: string;
  set: Pick<ScenarioSet, "name" | "acquisition" | "evaluation" | "users" | "scenes">;
};
/** What the manifest names of a run's parts */
interface LedgerRuntime {
  readonly simulator: string;
  readonly store: string;
  readonly embedder: string;
  readonly perception?: string;
}

function gitCommit(): string | null {
  try {
    const head = readFileSync(".git/HEAD", "utf8").trim();
    if (!head.startsWith("ref: ")) return head;
    const ref = head.slice(5);
    if (existsSync(join(".git", ref))) return readFileSync(join(".git", ref), "utf8").trim();
    const packed = readFileSync(".git/packed-refs", "utf8")
      .split("\n")
      .find((l) => l.endsWith(` ${ref}`));
    return packed ? packed.split(" ")[0] : null;
  } catch {
    return null;
  }
}

export class ResumeMismatchError extends Error {}

/** Opens or creates OUT/manifest.json; refuses results from another configuration. */
export function openManifest(plan: LedgerPlan, runtime: LedgerRuntime, hash: string, now: Date): RunManifest {
  const path = join(plan.outDir, MANIFEST_FILE);
  const backbones = Object.fromEntries(plan.backbones.map((b) => [b.name, { type: b.type, model: b.model }]));
  if (existsSync(path)) {
    const parsed = RunManifest.safeParse(JSON.parse(readDataText(path, { maxBytes: 16 << 20 })));
    if (!parsed.success) throw new ResumeMismatchError(`${path}: not a valid run manifest; use another --out`);
    const m = parsed.data;
    if (m.configHash !== hash)
      throw new ResumeMismatchError(
        `${plan.outDir} holds results of another configuration or dataset (config ${m.configHash}, now ${hash}); ` +
          "use another --out, or the same config to resume",
      );
    for (const [name, b] of Object.entries(backbones)) {
      const before = m.backbones[name];
      if (before && (before.type !== b.type || before.model !== b.model))
        throw new ResumeMismatchError(
          `${plan.outDir}: backbone "${name}" was ${before.type}${before.model ? `:${before.model}` : ""} and is now ${b.type}${b.model ? `:${b.model}` : ""}; use another --out`,
        );
    }
    if (m.embedder !== runtime.embedder)
      throw new ResumeMismatchError(
        `${plan.outDir}: its memories were built with embedder "${m.embedder}", this run uses "${runtime.embedder}"`,
      );
    return { ...m, backbones: { ...m.backbones, ...backbones } };
  }
  return {
    v: RESULT_VERSION,
    runId: `${now.toISOString().replace(/[:.]/g, "-")}-${hash.slice(0, 6)}`,
    configHash: hash,
    dataset: {
      path: plan.datasetPath,
      name: plan.set.name,
      episodes: plan.set.acquisition.length + plan.set.evaluation.length,
      users: plan.set.users.length,
      scenes: plan.set.scenes.length,
    },
    simulator: runtime.simulator,
    store: runtime.store,
    embedder: runtime.embedder,
    ...(runtime.perception ? { perception: runtime.perception } : {}),
    backbones,
    gitCommit: gitCommit(),
    createdAt: now.toISOString(),
    sessions: [],
  };
}

/** Written whole or not at all: a full disk must not leave a cut manifest that refuses the rerun. */
export function saveManifest(outDir: string, m: RunManifest): void {
  const path = join(outDir, MANIFEST_FILE);
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writing(path, () => writeFileSync(tmp, `${JSON.stringify(m, null, 2)}\n`));
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

type Session = RunManifest["sessions"][number];

export class RunLedger {
  readonly resultsPath: string;
  /** the lines already in results.jsonl when this session began, each episode once */
  readonly previous: ResultLine[];
  readonly results: ResultWriter;
  readonly failures: FailureWriter;

  private constructor(
    readonly outDir: string,
    readonly manifest: RunManifest,
    readonly runHash: string,
    private readonly session: Session,
  ) {
    this.resultsPath = join(outDir, RESULTS_FILE);
    // a file from a crash or an older version that appended an episode's line again: each once
    compactResults(this.resultsPath);
    this.previous = readResults(this.resultsPath).lines;
    this.results = new ResultWriter(this.resultsPath);
    this.failures = new FailureWriter(join(outDir, FAILURES_FILE));
  }

  /**
   * Opens (or starts) the run in plan.outDir and records this session: refuses a folder that
   * holds another configuration's results before anything is written.
   */
  static open(
    plan: LedgerPlan,
    runtime: LedgerRuntime,
    hash: string,
    o: { planned: readonly { key: string }[]; shard?: Shard | null; argv?: string[]; now: Date },
  ): RunLedger {
    mkdirSync(plan.outDir, { recursive: true });
    const manifest = openManifest(plan, runtime, hash, o.now);
    const run = writeRunFile(
      plan.outDir,
      runConfigOf(plan, hash, runtime.embedder),
      o.planned.map((j) => j.key),
      o.shard ?? null,
    );
    const session: Session = {
      startedAt: o.now.toISOString(),
      finishedAt: null,
      argv: o.argv ?? [],
      episodesRun: 0,
      interrupted: false,
    };
    manifest.sessions.push(session);
    saveManifest(plan.outDir, manifest);
    return new RunLedger(plan.outDir, manifest, run.runHash, session);
  }

  /**
   * Closes the files and records how the session ended. Returns a note when the manifest could
   * not take it (the results are kept; the manifest on disk is the last whole one).
   */
  close(end: { episodesRun: number; remaining: number; stoppedBecause?: string | null; now: Date }): string | null {
    this.results.close();
    this.failures.close();
    this.session.finishedAt = end.now.toISOString();
    this.session.episodesRun = end.episodesRun;
    this.session.interrupted = end.remaining > 0;
    if (end.stoppedBecause) Object.assign(this.session, { stoppedBecause: end.stoppedBecause });
    try {
      saveManifest(this.outDir, this.manifest);
      return null;
    } catch (e) {
      return `this session could not be recorded in the manifest (${diskProblem(e) ?? (e as Error).message})`;
    }
  }
}
