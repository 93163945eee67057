/**
 * An evaluation folder as the page shows it: its result lines reduced to the table's columns
 * (read and validated by the evaluation's own reader), the report's Markdown and figures, the
 * folder's progress file, and which lines have a run folder to replay. Every measure the lines
 * record beyond the fixed columns is a column of its own, so a newly registered measure shows
 * without an edit here.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { lineMeasures, PROGRESS_FILE, ProgressFile, readResults } from "../eval/index.ts";
import { processAlive, readDataHead, readDataText } from "../util/index.ts";
import type { DataRoots } from "./paths.ts";
import { listRuns } from "./replay.ts";

export interface ResultRow {
  key: string;
  episodeId: string;
  scene: string;
  user: string;
  stage: string;
  scenario: string;
  memory: string;
  representation: string;
  backbone: string;
  success: boolean;
  spl: number;
  cm: boolean;
  steps: number;
  groundedCorrect: boolean | null;
  calls: number;
  costUsd: number | null;
  error: string | null;
  /** the line's other measures by id (the columns `measureColumns` names) */
  measures: Record<string, number | boolean | null>;
  /** a run folder of this episode, memory mode and backbone to replay, when there is one */
  replay: string | null;
}

/** Measures the table shows in fixed columns (outcome, SPL, CM, steps). */
const FIXED_COLUMNS = new Set(["success", "spl", "category_match", "steps"]);

export interface ResultsView {
  path: string;
  dataset: string | null;
  rows: ResultRow[];
  /** measure ids beyond the fixed columns, in the order the lines list them */
  measureColumns: string[];
  problems: string[];
  report: string | null;
  figures: string[];
  progress: ProgressFile | null;
}

const LooseManifest = z.looseObject({ dataset: z.looseObject({ path: z.string() }).optional() });

export function readProgress(roots: DataRoots, dir: string): ProgressFile | null {
  try {
    // the file itself, links followed, must be inside the roots too: a progress.json linked
    // elsewhere is not read
    const r = ProgressFile.safeParse(JSON.parse(readDataText(roots.inside(dir, PROGRESS_FILE), { maxBytes: 1 << 20 })));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** Whether the process that writes a progress file still runs (on this host). */
export function isAlive(p: ProgressFile): boolean {
  return !p.finished && processAlive(p.pid);
}

/**
 * Run folders by "episode|memory|backbone", read from their start events: the evaluation's own
 * (`polar eval --trajectories` keeps them under its folder), else the newest under runs/.
 */
function replayIndex(roots: DataRoots, dir: string): Map<string, string> {
  const index = new Map<string, string>();
  for (const r of [...listRuns(roots, "runs", 500).reverse(), ...listRuns(roots, dir, 100_000).reverse()]) {
    try {
      const head = readDataHead(roots.inside(roots.resolve(r.path), "events.jsonl"), 1 << 16);
      const first = head.toString("utf8").split("\n", 1)[0];
      const e = JSON.parse(first) as { type?: string; episodeId?: string; memory?: string; backbone?: string };
      if (e.type === "episode_start") index.set(`${e.episodeId}|${e.memory}|${e.backbone}`, r.path);
    } catch {
      /* a folder being written, or not a run: nothing to replay */
    }
  }
  return index;
}

export function readResultsView(roots: DataRoots, path: string): ResultsView {
  const dir = roots.resolve(path);
  if (!statSync(dir).isDirectory() || !existsSync(join(dir, "results.jsonl")))
    throw new Error(`"${path}" is not an evaluation folder (no results.jsonl in it)`);
  // Every file is resolved to the file it really is (links followed) and checked against the
  // roots before it is read: the folder being inside them says nothing about its files.
  const read = readResults(roots.inside(dir, "results.jsonl"));
  const index = replayIndex(roots, dir);
  const measureColumns = new Set<string>();
  const rows: ResultRow[] = read.lines.map((l) => ({
    key: l.key,
    episodeId: l.episodeId,
    scene: l.scene,
    user: l.user,
    stage: l.stage,
    scenario: l.scenario,
    memory: l.memory,
    representation: l.representation,
    backbone: l.backbone,
    success: l.success,
    spl: l.spl,
    cm: l.cm,
    steps: l.steps,
    groundedCorrect: l.grounded.correct,
    calls: l.usage.calls,
    costUsd: l.usage.costUsd,
    error: l.error,
    measures: Object.fromEntries(
      Object.entries(lineMeasures(l)).filter(([id]) => {
        if (FIXED_COLUMNS.has(id)) return false;
        measureColumns.add(id);
        return true;
      }),
    ),
    replay: index.get(`${l.episodeId}|${l.memory}|${l.backbone}`) ?? null,
  }));
  let dataset: string | null = null;
  try {
    dataset =
      LooseManifest.parse(JSON.parse(readDataText(roots.inside(dir, "manifest.json"), { maxBytes: 16 << 20 }))).dataset
        ?.path ?? null;
  } catch {
    /* no manifest: the rows still show; "run it here" needs the dataset and says so */
  }
  const reportDir = join(dir, "report");
  const problems = read.problems.map((p) => `line ${p.line}: ${p.message}`);
  let report: string | null = null;
  if (existsSync(join(reportDir, "report.md")))
    try {
      report = readDataText(roots.inside(reportDir, "report.md"), { maxBytes: 16 << 20 });
    } catch (e) {
      problems.push((e as Error).message);
    }
  const figures = existsSync(reportDir)
    ? readdirSync(reportDir)
        .filter((f) => f.endsWith(".svg"))
        // by figure number as a reader counts (fig5 before fig10), not by character
        .sort(new Intl.Collator("en", { numeric: true }).compare)
        .map((f) => roots.label(join(reportDir, f)))
    : [];
  return {
    path: roots.label(dir),
    dataset,
    rows,
    measureColumns: [...measureColumns],
    problems,
    report,
    figures,
    progress: readProgress(roots, dir),
  };
}

/** Evaluation folders under results/ (one level, and one more for grouped runs). */
export function listResultFolders(roots: DataRoots): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (!existsSync(dir) || depth > 2) return;
    if (existsSync(join(dir, "results.jsonl"))) out.push(roots.label(dir));
    for (const e of readdirSync(dir, { withFileTypes: true }))
      if (e.isDirectory() && e.name !== "memory" && e.name !== "report" && !e.name.startsWith("."))
        walk(join(dir, e.name), depth + 1);
  };
  for (const root of roots.searchRoots(["results"])) walk(root, 0);
  return [...new Set(out)].sort();
}
