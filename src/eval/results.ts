/**
 * The evaluation's results: one JSON line per finished episode, holding everything the report
 * recomputes its tables and figures from, plus a manifest per output folder that says what
 * produced them. Lines are appended and flushed one at a time so that a crash or Ctrl-C loses
 * at most the episodes still in flight.
 */
import { closeSync, existsSync, fsyncSync, openSync, readSync, renameSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { openDataFile, readDataText, redactDeep, writing } from "../util/index.ts";
import { MeasureMap } from "./measures/measure.ts";
import { UsageDetailFields } from "./usage-detail.ts";

export const RESULTS_FILE = "results.jsonl";
export const MANIFEST_FILE = "manifest.json";
/** episodes that ended on an infrastructure failure: one line each, kept apart from results */
export const FAILURES_FILE = "failures.jsonl";
export const RESULT_VERSION = 1;

export const Stage = z.enum(["acquisition", "evaluation"]);
export type Stage = z.infer<typeof Stage>;
export const MemoryModeName = z.enum(["none", "raw", "polar"]);
export type MemoryModeName = z.infer<typeof MemoryModeName>;
/** Table 2's trajectory representations; `episodic` is Polar's own and the default. */
export const Representation = z.enum(["instruction", "raw_trajectory", "summary", "episodic"]);
export type Representation = z.infer<typeof Representation>;
export const REPRESENTATION_LABELS: Record<Representation, string> = {
  instruction: "Instruction only",
  raw_trajectory: "+ Raw trajectory",
  summary: "+ Summary",
  episodic: "+ Episodic memory (Polar)",
};

const Count = z.number().int().min(0);
const Metres = z.number().min(0);

export const ResultLine = z.strictObject({
  v: z.literal(RESULT_VERSION),
  runId: z.string().min(1),
  configHash: z.string().min(1),
  /** the run's identity (run-config.ts): dataset, backbones, modes, rules, embedder, seed, version; absent in older results */
  runHash: z.string().min(1).optional(),
  /** identity for resume: backbone|memory|representation|episodeId */
  key: z.string().min(1),
  dataset: z.string().min(1),
  scene: z.string().min(1),
  user: z.string().min(1),
  episodeId: z.string().min(1),
  stage: Stage,
  /** the scenario of an evaluation episode; "acquisition" for acquisition episodes */
  scenario: z.string().min(1),
  temporalKind: z.string().nullable(),
  memory: MemoryModeName,
  representation: Representation,
  backbone: z.string().min(1),
  model: z.string().nullable(),
  success: z.boolean(),
  spl: z.number().min(0).max(1),
  cm: z.boolean(),
  steps: Count,
  pathLength: Metres,
  shortestPath: Metres.nullable(),
  /**
   * Every measure of eval.measures by id (success, spl, cm, steps and pathLength above are
   * five of them, kept by name); absent in lines written before measures flowed
   */
  measures: MeasureMap.optional(),
  target: z.strictObject({ objectId: z.string(), category: z.string() }),
  grounded: z.strictObject({
    objectId: z.string().nullable(),
    category: z.string().nullable(),
    correct: z.boolean().nullable(),
  }),
  retrieval: z.strictObject({
    /** object ids of Polar's retrieved candidates, best first (polar mode) */
    ids: z.array(z.string()),
    /** did the target object come back among them; null when nothing was retrieved by design */
    targetRetrieved: z.boolean().nullable(),
  }),
  raw: z.strictObject({
    /** episode ids of the raw-interaction sample (raw mode) */
    sampleIds: z.array(z.string()),
    /** did the sample hold every gold prior episode; null outside raw mode */
    includesGold: z.boolean().nullable(),
  }),
  /** Figure 8: recall@k of the gold prior episodes, per retriever, over this user's raw interactions */
  recall: z
    .strictObject({
      k: z.number().int().positive(),
      polar: z.number().min(0).max(1).nullable(),
      bm25: z.number().min(0).max(1).nullable(),
      dense: z.number().min(0).max(1).nullable(),
    })
    .nullable(),
  usage: z.strictObject({
    calls: Count,
    /** null: some call's provider did not report it (unknown, not 0) */
    inputTokens: Count.nullable(),
    outputTokens: Count.nullable(),
    costUsd: z.number().min(0).nullable(),
    failedCalls: Count,
    /** images sent, transport retries, schema re-asks and the same per stage (absent in older lines: not reported) */
    ...UsageDetailFields,
  }),
  /** evaluation: the gold prior episodes the scenario set names (absent in older lines and for acquisition) */
  goldPriors: z.array(z.string()).optional(),
  /** acquisition: the episode was written into the user's memory */
  memorized: z.boolean(),
  error: z.string().nullable(),
  durationMs: z.number().min(0),
  finishedAt: z.string().min(1),
});
export type ResultLine = z.infer<typeof ResultLine>;

/**
 * A line's measures by id. Lines written before measures flowed carry only the named fields;
 * those read as the measures they came from, so old and new lines sit in one table.
 */
export function lineMeasures(l: ResultLine): Record<string, number | boolean | null> {
  return {
    path_length: l.pathLength,
    steps: l.steps,
    success: l.success,
    spl: l.spl,
    category_match: l.cm,
    ...(l.measures ?? {}),
  };
}

export function resultKey(backbone: string, memory: string, representation: string, episodeId: string): string {
  return `${backbone}|${memory}|${representation}|${episodeId}`;
}

export const RunManifest = z.strictObject({
  v: z.literal(RESULT_VERSION),
  runId: z.string().min(1),
  configHash: z.string().min(1),
  dataset: z.strictObject({ path: z.string(), name: z.string(), episodes: Count, users: Count, scenes: Count }),
  simulator: z.string().min(1),
  store: z.string().min(1),
  embedder: z.string().min(1),
  /** what the agent was assumed to perceive, and when each backbone's low-level planner was asked */
  perception: z.string().optional(),
  backbones: z.record(z.string(), z.strictObject({ type: z.string(), model: z.string().nullable() })),
  gitCommit: z.string().nullable(),
  createdAt: z.string(),
  sessions: z.array(
    z.strictObject({
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      argv: z.array(z.string()),
      episodesRun: Count,
      interrupted: z.boolean(),
      /** why the session stopped handing out episodes early (a budget, a time limit), when it did */
      stoppedBecause: z.string().optional(),
    }),
  ),
});
export type RunManifest = z.infer<typeof RunManifest>;

/**
 * Appends result lines to a file, each written and fsync'ed before `append` returns, so the
 * file on disk is always a prefix of complete lines (plus, after a power cut, maybe one torn
 * line that the reader reports).
 */
export class ResultWriter {
  private fd: number;

  constructor(readonly path: string) {
    // A torn last line from an earlier crash would glue onto our first line: start on a fresh one.
    // (Checked first: a FIFO in its place must be refused, not block the open for writing.)
    let torn = false;
    if (existsSync(path)) {
      const { fd, size } = openDataFile(path, { maxBytes: Number.MAX_SAFE_INTEGER });
      try {
        const last = Buffer.alloc(1);
        torn = size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
      } finally {
        closeSync(fd);
      }
    }
    this.fd = openSync(path, "a");
    if (torn) writeSync(this.fd, "\n");
  }

  append(line: ResultLine): void {
    // an error a server echoed a key into is stored without it
    const checked = redactDeep(ResultLine.parse(line));
    writing(this.path, () => {
      writeSync(this.fd, `${JSON.stringify(checked)}\n`);
      fsyncSync(this.fd);
    });
  }

  /**
   * Takes these episodes' lines out of the file (their episodes are about to run again: a memory
   * repair), so that the file holds each episode once whatever happens next.
   */
  drop(keys: ReadonlySet<string>): void {
    if (keys.size === 0) return;
    closeSync(this.fd);
    this.fd = -1;
    compactResults(this.path, keys);
    this.fd = openSync(this.path, "a");
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }
}

/**
 * Rewrites a results file with each episode's line once (the last, as readResults counts them)
 * and without the lines of `drop`; a line that does not parse stays as it is, for the reader to
 * report. Atomic: a new file flushed to disk, renamed over the old one, the folder flushed, so a
 * crash leaves the old file or the new, whole. Returns how many lines went.
 */
export function compactResults(path: string, drop: ReadonlySet<string> = new Set()): number {
  if (!existsSync(path)) return 0;
  const rows = readDataText(path).split("\n");
  const keyOf = (row: string): string | null => {
    try {
      const k = (JSON.parse(row) as { key?: unknown }).key;
      return typeof k === "string" ? k : null;
    } catch {
      return null;
    }
  };
  const keys = rows.map(keyOf);
  const last = new Map<string, number>();
  keys.forEach((k, i) => {
    if (k !== null) last.set(k, i);
  });
  const kept = rows.filter((row, i) => {
    const k = keys[i];
    return k === null ? row.trim() !== "" : !drop.has(k) && last.get(k) === i;
  });
  const removed = rows.filter((r) => r.trim() !== "").length - kept.length;
  if (removed === 0) return 0;
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, "w");
  try {
    writeSync(fd, kept.map((r) => `${r}\n`).join(""));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  const dir = openSync(dirname(path), "r");
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
  return removed;
}

/** An episode that could not be run for infrastructure reasons (no result: a rerun retries it). */
export interface FailureLine {
  key: string;
  episodeId: string;
  error: string | null;
  at: string;
}

/** Appends failure lines, each flushed before append returns. */
export class FailureWriter {
  private fd = -1;

  constructor(readonly path: string) {}

  append(line: FailureLine): void {
    writing(this.path, () => {
      if (this.fd < 0) this.fd = openSync(this.path, "a");
      writeSync(this.fd, `${JSON.stringify(redactDeep(line))}\n`);
      fsyncSync(this.fd);
    });
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }
}

export interface ReadProblem {
  line: number;
  message: string;
  /** the last line without a newline: what a crash mid-write leaves */
  torn: boolean;
}

export interface ReadResults {
  lines: ResultLine[];
  problems: ReadProblem[];
  /** earlier lines of a key that a later line superseded (a rerun after a memory repair) */
  duplicates: number;
}

/** Reads and validates a results file; bad or torn lines are reported, never thrown. */
export function readResults(path: string): ReadResults {
  if (!existsSync(path)) return { lines: [], problems: [], duplicates: 0 };
  const text = readDataText(path);
  const rows = text.split("\n");
  const endsClean = text.endsWith("\n") || text.length === 0;
  const lines: ResultLine[] = [];
  const problems: ReadProblem[] = [];
  const byKey = new Map<string, number>();
  let duplicates = 0;
  rows.forEach((row, i) => {
    if (row.trim() === "") return;
    const torn = i === rows.length - 1 && !endsClean;
    let json: unknown;
    try {
      json = JSON.parse(row);
    } catch (e) {
      problems.push({ line: i + 1, torn, message: `not JSON (${(e as Error).message})` });
      return;
    }
    const parsed = ResultLine.safeParse(json);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      problems.push({ line: i + 1, torn, message: `${first.path.join(".") || "(line)"}: ${first.message}` });
      return;
    }
    const at = byKey.get(parsed.data.key);
    if (at !== undefined) {
      duplicates++;
      lines[at] = parsed.data;
      return;
    }
    byKey.set(parsed.data.key, lines.length);
    lines.push(parsed.data);
  });
  return { lines, problems, duplicates };
}

export function describeProblems(path: string, r: ReadResults): string[] {
  const out = r.problems.map(
    (p) =>
      `${path}:${p.line}: ${p.torn ? "torn last line (an interrupted write; that episode will rerun)" : p.message}`,
  );
  if (r.duplicates)
    out.push(`${path}: ${r.duplicates} episode line(s) superseded by a later rerun of the same episode`);
  return out;
}
