/**
 * Every measure a run recorded that Table 1 does not already show (stopped, distance to goal,
 * collisions, path length, a plug-in's own…), read generically from the lines' `measures`:
 * a measure registered and listed in eval.measures appears here with no edit to the report.
 * A boolean measure is a proportion (percent, Wilson interval), a numeric one a mean
 * (bootstrap interval); null values are unknown and left out, so n can differ by column.
 */
import type { Estimate } from "../bootstrap.ts";
import type { Estimates } from "../estimates.ts";
import { backbonesOf, GROUP_LABELS, MEMORY_ORDER, ordered, scenariosOf } from "../metrics.ts";
import { lineMeasures, type ResultLine } from "../results.ts";
import { toCsv } from "./tables.ts";

/** Table 1's own: shown there, not again. */
const IN_TABLE1 = new Set(["success", "spl", "category_match"]);

export interface MeasureColumn {
  id: string;
  /** every recorded value is a boolean: a proportion */
  proportion: boolean;
}

export interface MeasureCell {
  column: MeasureColumn;
  estimate: Estimate;
}

export interface MeasureRow {
  backbone: string;
  /** "acquisition" or a memory mode (evaluation episodes of Polar's own representation) */
  group: string;
  scenario: string;
  cells: MeasureCell[];
}

/** The measures beyond Table 1's, in the order the lines list them. */
export function extraMeasures(lines: readonly ResultLine[]): MeasureColumn[] {
  const kinds = new Map<string, boolean>();
  for (const l of lines)
    for (const [id, v] of Object.entries(lineMeasures(l))) {
      if (IN_TABLE1.has(id)) continue;
      const proportion = kinds.get(id) ?? true;
      kinds.set(id, v === null ? proportion : proportion && typeof v === "boolean");
    }
  return [...kinds].map(([id, proportion]) => ({ id, proportion }));
}

function groupsOf(lines: readonly ResultLine[]): Map<string, ResultLine[]> {
  const out = new Map<string, ResultLine[]>();
  for (const l of lines) {
    if (l.stage === "evaluation" && l.representation !== "episodic") continue;
    const g = l.stage === "acquisition" ? "acquisition" : l.memory;
    out.set(g, [...(out.get(g) ?? []), l]);
  }
  return out;
}

/** One row per backbone × group over all its episodes, then per scenario (the CSV's rows). */
export function measureRows(lines: readonly ResultLine[], est: Estimates): MeasureRow[] {
  const columns = extraMeasures(lines);
  if (columns.length === 0) return [];
  const rows: MeasureRow[] = [];
  const cell = (key: string, group: readonly ResultLine[], column: MeasureColumn): MeasureCell => {
    const values = group.map((l) => lineMeasures(l)[column.id]).filter((v) => v !== null && v !== undefined);
    const k = `measure:${column.id}|${key}`;
    return {
      column,
      estimate: column.proportion
        ? est.proportion(
            k,
            values.map((v) => v === true),
          )
        : est.mean(
            k,
            values.map((v) => Number(v)),
          ),
    };
  };
  for (const backbone of backbonesOf(lines)) {
    const groups = groupsOf(lines.filter((l) => l.backbone === backbone));
    for (const group of ordered(groups.keys(), ["acquisition", ...MEMORY_ORDER])) {
      const mine = groups.get(group) ?? [];
      const scenarios = group === "acquisition" ? [] : scenariosOf(mine);
      for (const scenario of ["all", ...scenarios]) {
        const these = scenario === "all" ? mine : mine.filter((l) => l.scenario === scenario);
        const key = `${backbone}|${group}|${scenario}`;
        rows.push({ backbone, group, scenario, cells: columns.map((c) => cell(key, these, c)) });
      }
    }
  }
  return rows;
}

/** A mean in its own unit, its interval to the same decimals: three significant figures of the mean are plenty. */
export function formatMeasure(c: MeasureCell): string {
  const e = c.estimate;
  if (e.n === 0) return "–";
  const a = Math.abs(e.mean);
  const digits = c.column.proportion ? 1 : a >= 100 ? 0 : a >= 10 ? 1 : 2;
  const f = (v: number) => (Number.isFinite(v) ? (c.column.proportion ? v * 100 : v).toFixed(digits) : "–");
  return `${f(e.mean)} [${f(e.lo)}, ${f(e.hi)}]`;
}

const header = (c: MeasureColumn) => `${c.id} (${c.proportion ? "%" : "mean"})`;

function mdRow(cells: string[]): string {
  return `| ${cells.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`;
}

/** The report's table: over all scenarios, one row per backbone and episode group. */
export function measuresMarkdown(rows: readonly MeasureRow[]): string {
  const all = rows.filter((r) => r.scenario === "all");
  if (all.length === 0) return "_No measures beyond Table 1's in these results._\n";
  const columns = all[0].cells.map((c) => c.column);
  const head = ["Backbone", "Episodes of", "n", ...columns.map(header)];
  return `${[
    mdRow(head),
    mdRow(head.map((_, i) => (i < 2 ? "---" : "---:"))),
    ...all.map((r) =>
      mdRow([
        r.backbone,
        GROUP_LABELS[r.group] ?? r.group,
        String(Math.max(...r.cells.map((c) => c.estimate.n))),
        ...r.cells.map(formatMeasure),
      ]),
    ),
  ].join("\n")}\n`;
}

/** Long form, per scenario too: one row per backbone × group × scenario × measure. */
export function measuresCsv(rows: readonly MeasureRow[]): string {
  return toCsv(
    ["backbone", "group", "scenario", "measure", "kind", "n", "mean", "lo", "hi"],
    rows.flatMap((r) =>
      r.cells.map((c) => [
        r.backbone,
        r.group,
        r.scenario,
        c.column.id,
        c.column.proportion ? "proportion" : "mean",
        c.estimate.n,
        c.estimate.mean,
        c.estimate.lo,
        c.estimate.hi,
      ]),
    ),
  );
}
