/**
 * What the harness could not do, named in the report: episodes that ended on an infrastructure
 * failure (failures.jsonl: no result line, e.g. a simulator that could not set the episode up),
 * and evaluation episodes that ran without one of their gold prior episodes in memory (its
 * acquisition failed, was not run, or was not memorized), so a reader can tell a lost prior
 * from an agent's mistake.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import { FAILURES_FILE, type FailureLine, type ResultLine } from "../results.ts";

/** failures.jsonl is read up to this many bytes (a report names failures, it never reads a disk's worth) */
const MAX_FAILURES_BYTES = 8 * 1024 * 1024;
/** rows listed per table; the rest are counted */
const MAX_ROWS = 50;

/** failures.jsonl's lines, newest per key; [] when absent, not a regular file, or unreadable. */
export function readFailures(dir: string): FailureLine[] {
  let fd: number;
  try {
    // O_NONBLOCK (0o4000 on Linux) so a FIFO in its place never blocks the report
    fd = openSync(join(dir, FAILURES_FILE), "r", 0o4000);
  } catch {
    return [];
  }
  try {
    if (!fstatSync(fd).isFile()) return [];
    const buf = Buffer.alloc(Math.min(fstatSync(fd).size, MAX_FAILURES_BYTES));
    const n = readSync(fd, buf, 0, buf.length, 0);
    const byKey = new Map<string, FailureLine>();
    for (const text of buf.subarray(0, n).toString("utf8").split("\n")) {
      if (!text.trim()) continue;
      try {
        const v = JSON.parse(text) as Partial<FailureLine>;
        if (typeof v.key === "string" && typeof v.episodeId === "string")
          byKey.set(v.key, {
            key: v.key,
            episodeId: v.episodeId,
            error: typeof v.error === "string" ? v.error : null,
            at: String(v.at ?? ""),
          });
      } catch {
        // a torn last line (a kill mid-write): skipped
      }
    }
    return [...byKey.values()];
  } finally {
    closeSync(fd);
  }
}

export interface MissingPriors {
  line: ResultLine;
  /** gold prior id → why it is not in memory */
  missing: { id: string; why: string }[];
}

/**
 * Evaluation lines whose gold priors were not all memorized for their user and backbone. An
 * acquisition that has a failure line and no result line is named as an infrastructure failure.
 */
export function missingGoldPriors(lines: readonly ResultLine[], failures: readonly FailureLine[]): MissingPriors[] {
  const acquired = new Map<string, ResultLine>();
  for (const l of lines) if (l.stage === "acquisition") acquired.set(`${l.backbone}|${l.user}|${l.episodeId}`, l);
  const failed = new Map<string, FailureLine>();
  for (const f of failures) failed.set(`${f.key.split("|")[0]}|${f.episodeId}`, f);
  const out: MissingPriors[] = [];
  for (const l of lines) {
    if (l.stage !== "evaluation" || !l.goldPriors) continue;
    const missing: { id: string; why: string }[] = [];
    for (const id of l.goldPriors) {
      const a = acquired.get(`${l.backbone}|${l.user}|${id}`);
      if (a?.memorized) continue;
      const f = failed.get(`${l.backbone}|${id}`);
      const why = a
        ? `acquisition not memorized${a.error ? ` (${a.error})` : ""}`
        : f
          ? `acquisition could not be run (${f.error ?? "infrastructure failure"})`
          : "no acquisition result";
      missing.push({ id, why });
    }
    if (missing.length) out.push({ line: l, missing });
  }
  return out;
}

const cell = (s: string) => s.replaceAll("|", "\\|").replaceAll("\n", " ");

/** The report's section; empty when the harness did everything it was asked. */
export function setupSection(lines: readonly ResultLine[], failures: readonly FailureLine[]): string[] {
  const done = new Set(lines.map((l) => l.key));
  const open = failures.filter((f) => !done.has(f.key));
  const missing = missingGoldPriors(lines, failures);
  if (open.length === 0 && missing.length === 0) return [];
  const md = ["## What the harness could not do", ""];
  if (open.length) {
    md.push(
      `${open.length} episode(s) ended on an infrastructure failure (failures.jsonl; no result line, a rerun retries them):`,
      "",
      "| Episode | Run | Why |",
      "| --- | --- | --- |",
      ...open.slice(0, MAX_ROWS).map((f) => `| ${cell(f.episodeId)} | ${cell(f.key)} | ${cell(f.error ?? "")} |`),
      ...(open.length > MAX_ROWS ? ["", `… and ${open.length - MAX_ROWS} more in failures.jsonl.`] : []),
      "",
    );
  }
  if (missing.length) {
    md.push(
      `${missing.length} evaluation episode(s) ran without all of their gold priors in memory (counted as results; their priors were lost, not misread):`,
      "",
      "| Episode | Backbone / memory | Missing prior: why |",
      "| --- | --- | --- |",
      ...missing
        .slice(0, MAX_ROWS)
        .map(
          (m) =>
            `| ${cell(m.line.episodeId)} | ${cell(`${m.line.backbone} / ${m.line.memory}`)} | ${cell(m.missing.map((x) => `${x.id}: ${x.why}`).join("; "))} |`,
        ),
      ...(missing.length > MAX_ROWS ? ["", `… and ${missing.length - MAX_ROWS} more.`] : []),
      "",
    );
  }
  return md;
}
