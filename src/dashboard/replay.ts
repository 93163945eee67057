/**
 * A finished episode from its events.jsonl alone: each line parsed and validated (a type the
 * event schema knows must fit it; a type it does not know yet, say from a newer agent, is kept
 * as a generic event with the common fields), bad lines reported by number and skipped.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { z } from "zod";
import { EpisodeEvent } from "../agent/index.ts";
import { EPISODES_DIR } from "../eval/index.ts";
import { keptValue, readDataHead, readDataText } from "../util/index.ts";
import type { DataRoots } from "./paths.ts";

/** an episode stream larger than this is refused, not parsed (700 steps keep well under it) */
export const REPLAY_MAX_BYTES = 64 * 1024 * 1024;

const KNOWN = new Set<string>(EpisodeEvent.options.map((o) => o.shape.type.value));

const GenericEvent = z.looseObject({
  type: z.string().min(1),
  episodeId: z.string(),
  seq: z.number().int().nonnegative(),
  t: z.number().nonnegative(),
});

export type AnyEvent = z.infer<typeof GenericEvent>;

export interface ReplayLog {
  /** the run folder (views/ sits in it) */
  dir: string;
  events: AnyEvent[];
  problems: string[];
}

export function parseEventLines(text: string, file: string): { events: AnyEvent[]; problems: string[] } {
  const events: AnyEvent[] = [];
  const problems: string[] = [];
  const lines = text.split("\n");
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      problems.push(`${file}:${i + 1}: not JSON`);
      continue;
    }
    const generic = GenericEvent.safeParse(raw);
    if (!generic.success) {
      problems.push(
        `${file}:${i + 1}: ${generic.error.issues[0]?.path.join(".")}: ${generic.error.issues[0]?.message}`,
      );
      continue;
    }
    if (KNOWN.has(generic.data.type)) {
      const known = EpisodeEvent.safeParse(raw);
      if (!known.success) {
        const is = known.error.issues[0];
        problems.push(`${file}:${i + 1}: ${generic.data.type} event: ${is?.path.join(".")}: ${is?.message}`);
        continue;
      }
    }
    // a file written before events were cut and cleared of secrets (or by hand) is sent as if it had been
    events.push(keptValue(generic.data));
  }
  return { events, problems };
}

/** A run folder or its events.jsonl, inside the roots. */
export function readReplay(roots: DataRoots, path: string): ReplayLog {
  const real = roots.resolve(path);
  const file = statSync(real).isDirectory() ? roots.inside(real, "events.jsonl") : real;
  if (basename(file) !== "events.jsonl") throw new Error(`"${path}" is not a run folder or an events.jsonl file`);
  const { events, problems } = parseEventLines(readDataText(file, { maxBytes: REPLAY_MAX_BYTES }), roots.label(file));
  return { dir: dirname(file), events, problems };
}

/** Run folders (with an events.jsonl) under a folder (relative to the project), newest first, at most `limit`. */
export function listRuns(roots: DataRoots, root: string, limit = 200): { path: string; mtime: number }[] {
  const out: { path: string; mtime: number }[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > 6 || !existsSync(dir)) return;
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isFile() && e.name === "events.jsonl")
        out.push({ path: roots.label(dir), mtime: statSync(join(dir, e.name)).mtimeMs });
      else if (e.isDirectory() && e.name !== "views" && e.name !== "memory" && !e.name.startsWith("."))
        walk(join(dir, e.name), depth + 1);
    }
  };
  walk(resolve(roots.projectDir, root), 0);
  return out.sort((a, b) => b.mtime - a.mtime).slice(0, limit);
}

/**
 * How many runs the picker lists, newest first: one evaluation with --trajectories keeps a run per
 * episode and memory mode (polar-mini: 240), so a few evaluations' worth; the page says how many
 * more there were.
 */
export const RUNS_LISTED = 5000;

/** Replays under the project's runs/ and results/ and under every extra root, newest first. */
export function listAllRuns(roots: DataRoots, limit = RUNS_LISTED): { path: string; mtime: number }[] {
  return findAllRuns(roots).slice(0, limit);
}

/** Every replay under the roots, newest first (the picker lists the first RUNS_LISTED and counts the rest). */
export function findAllRuns(roots: DataRoots): { path: string; mtime: number }[] {
  const seen = new Map<string, { path: string; mtime: number }>();
  for (const root of roots.searchRoots(["runs", "results"]))
    for (const r of listRuns(roots, root, Number.POSITIVE_INFINITY)) seen.set(r.path, r);
  return [...seen.values()].sort((a, b) => b.mtime - a.mtime);
}

/** What the run picker groups and searches a run by: its folder, and its episode_start event's fields. */
export interface RunSummary {
  path: string;
  /** the evaluation it is an episode of (OUT of OUT/episodes/<backbone>/<group>/<episode>), else the folder it sits in */
  folder: string;
  mtime: number;
  episode: string | null;
  backbone: string | null;
  memory: string | null;
  scenario: string | null;
}

/** `polar eval --trajectories` keeps an episode at OUT/episodes/<backbone>/<group>/<episode>: OUT, or null */
function evaluationOf(path: string): string | null {
  const parts = path.split(/[\\/]/);
  const at = parts.length - 4;
  return at >= 1 && parts[at] === EPISODES_DIR ? parts.slice(0, at).join("/") : null;
}

/** bytes read from the head of an events.jsonl: its first event is the episode's start */
const HEAD_BYTES = 16 * 1024;

/**
 * Run summaries kept by path and modification time: the catalogue goes to every page that
 * connects, and reading thousands of events.jsonl heads each time would hold the server.
 */
export class RunSummaries {
  private readonly kept = new Map<string, RunSummary>();

  constructor(private readonly roots: DataRoots) {}

  of(runs: { path: string; mtime: number }[]): RunSummary[] {
    const next = new Map<string, RunSummary>();
    const out = runs.map((r) => {
      const had = this.kept.get(r.path);
      const s = had && had.mtime === r.mtime ? had : summarizeRun(this.roots, r);
      next.set(r.path, s);
      return s;
    });
    // only the runs listed now are kept: a deleted run's summary goes with it
    this.kept.clear();
    for (const [k, v] of next) this.kept.set(k, v);
    return out;
  }
}

/** A run's summary from the first lines of its events.jsonl; what cannot be read is null, never an error. */
export function summarizeRun(roots: DataRoots, run: { path: string; mtime: number }): RunSummary {
  const out: RunSummary = {
    ...run,
    folder: evaluationOf(run.path) ?? dirname(run.path),
    episode: null,
    backbone: null,
    memory: null,
    scenario: null,
  };
  let head: string;
  try {
    head = readDataHead(roots.inside(roots.resolve(run.path), "events.jsonl"), HEAD_BYTES).toString("utf8");
  } catch {
    return out;
  }
  for (const line of head.split("\n").slice(0, 8)) {
    let e: unknown;
    try {
      e = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof e !== "object" || e === null) continue;
    const r = e as Record<string, unknown>;
    const text = (k: string) => (typeof r[k] === "string" ? (r[k] as string).slice(0, 200) : null);
    if (r.type !== "episode_start") continue;
    return {
      ...out,
      episode: text("episodeId"),
      backbone: text("backbone"),
      memory: text("memory"),
      scenario: text("scenario"),
    };
  }
  return out;
}
