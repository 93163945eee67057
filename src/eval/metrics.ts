/**
 * SR, SPL and CM from result lines, grouped any way the report needs, each with a bootstrap
 * confidence interval. Plain functions over lines: the report recomputes everything from the
 * JSONL alone.
 */
import { type BootstrapOptions, bootstrapMean, type Estimate, hashSeed, rng } from "./bootstrap.ts";
import type { ResultLine } from "./results.ts";

export const SCENARIO_ORDER = ["compositional_single", "compositional_joint", "distractor", "temporal"];
export const SCENARIO_LABELS: Record<string, string> = {
  compositional_single: "Comp. single",
  compositional_joint: "Comp. joint",
  distractor: "Distractor",
  temporal: "Temporal",
  all: "All",
  acquisition: "Acquisition",
};
export const MEMORY_ORDER = ["none", "raw", "polar"] as const;
export const MEMORY_LABELS: Record<string, string> = { none: "No-prior", raw: "Raw-interaction", polar: "Polar" };

export interface Rates {
  n: number;
  sr: Estimate;
  spl: Estimate;
  cm: Estimate;
  errors: number;
}

export function rates(lines: readonly ResultLine[], label: string, opts: BootstrapOptions = {}): Rates {
  const seedFor = (metric: string) => hashSeed(`${label}|${metric}`, opts.seed ?? 0);
  const est = (metric: string, xs: number[]) => bootstrapMean(xs, { ...opts, seed: seedFor(metric) });
  return {
    n: lines.length,
    sr: est(
      "sr",
      lines.map((l) => (l.success ? 1 : 0)),
    ),
    spl: est(
      "spl",
      lines.map((l) => l.spl),
    ),
    cm: est(
      "cm",
      lines.map((l) => (l.cm ? 1 : 0)),
    ),
    errors: lines.filter((l) => l.error !== null).length,
  };
}

/** Known values first in their paper order, then any others alphabetically. */
export function ordered(values: Iterable<string>, order: readonly string[]): string[] {
  const set = new Set(values);
  const known = order.filter((v) => set.has(v));
  const rest = [...set].filter((v) => !order.includes(v)).sort();
  return [...known, ...rest];
}

export function scenariosOf(lines: readonly ResultLine[]): string[] {
  return ordered(
    lines.filter((l) => l.stage === "evaluation").map((l) => l.scenario),
    SCENARIO_ORDER,
  );
}

export function backbonesOf(lines: readonly ResultLine[]): string[] {
  // Order of first appearance: the order the user listed them in.
  return [...new Set(lines.map((l) => l.backbone))];
}

export function memoriesOf(lines: readonly ResultLine[]): string[] {
  return ordered(
    lines.filter((l) => l.stage === "evaluation").map((l) => l.memory),
    MEMORY_ORDER,
  );
}

/** Evaluation lines of the main comparison (Polar's own representation). */
export function mainLines(lines: readonly ResultLine[]): ResultLine[] {
  return lines.filter((l) => l.stage === "evaluation" && l.representation === "episodic");
}

export interface Table1Row {
  backbone: string;
  memory: string;
  /** per scenario, plus "all" */
  cells: Record<string, Rates>;
}

/** Table 1: SR, SPL, CM per backbone × memory mode × scenario, and over all scenarios. */
export function table1(lines: readonly ResultLine[], opts: BootstrapOptions = {}): Table1Row[] {
  const main = mainLines(lines);
  const scenarios = scenariosOf(main);
  const rows: Table1Row[] = [];
  for (const backbone of backbonesOf(main)) {
    for (const memory of memoriesOf(main)) {
      const mine = main.filter((l) => l.backbone === backbone && l.memory === memory);
      if (mine.length === 0) continue;
      const cells: Record<string, Rates> = {};
      for (const s of scenarios) {
        const group = mine.filter((l) => l.scenario === s);
        if (group.length) cells[s] = rates(group, `${backbone}|${memory}|${s}`, opts);
      }
      cells.all = rates(mine, `${backbone}|${memory}|all`, opts);
      rows.push({ backbone, memory, cells });
    }
  }
  return rows;
}

export interface UsageRow {
  backbone: string;
  memory: string;
  episodes: number;
  calls: number;
  failedCalls: number;
  /** totals; null when some episode's provider did not report it (unknown, not 0) */
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
}

/** Model usage per backbone × memory mode, over every episode (acquisition included). */
export function usageTable(lines: readonly ResultLine[]): UsageRow[] {
  const total = (group: readonly ResultLine[], f: (l: ResultLine) => number | null) =>
    group.reduce<number | null>((sum, l) => (sum === null || f(l) === null ? null : sum + (f(l) ?? 0)), 0);
  const rows: UsageRow[] = [];
  for (const backbone of backbonesOf(lines)) {
    for (const memory of ordered(
      lines.map((l) => l.memory),
      MEMORY_ORDER,
    )) {
      const group = lines.filter((l) => l.backbone === backbone && l.memory === memory);
      if (group.length === 0) continue;
      rows.push({
        backbone,
        memory,
        episodes: group.length,
        calls: total(group, (l) => l.usage.calls) ?? 0,
        failedCalls: total(group, (l) => l.usage.failedCalls) ?? 0,
        inputTokens: total(group, (l) => l.usage.inputTokens),
        outputTokens: total(group, (l) => l.usage.outputTokens),
        costUsd: total(group, (l) => l.usage.costUsd),
      });
    }
  }
  return rows;
}

/** Two-sample percentile bootstrap of mean(a) − mean(b). */
export function bootstrapDiff(a: readonly number[], b: readonly number[], opts: BootstrapOptions = {}): Estimate {
  const n = Math.min(a.length, b.length);
  if (a.length === 0 || b.length === 0) return { n, mean: Number.NaN, lo: Number.NaN, hi: Number.NaN };
  const samples = opts.samples ?? 1000;
  const rand = rng(opts.seed ?? 0);
  const diffs = new Float64Array(samples);
  const resampleMean = (xs: readonly number[]) => {
    let s = 0;
    for (let i = 0; i < xs.length; i++) s += xs[Math.floor(rand() * xs.length)];
    return s / xs.length;
  };
  for (let i = 0; i < samples; i++) diffs[i] = resampleMean(a) - resampleMean(b);
  diffs.sort();
  const avg = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const m = avg(a) - avg(b);
  const alpha = (1 - (opts.level ?? 0.95)) / 2;
  const q = (p: number) => diffs[Math.min(samples - 1, Math.max(0, Math.round((samples - 1) * p)))];
  return { n, mean: m, lo: Math.min(m, q(alpha)), hi: Math.max(m, q(1 - alpha)) };
}

export interface GapRow {
  backbone: string;
  memory: string;
  acquisition: Estimate;
  evaluation: Estimate;
  /** acquisition SR − evaluation SR */
  gap: Estimate;
}

/** Figure 5: the drop from explicit (acquisition) to implicit (evaluation) instructions. */
export function acquisitionGap(lines: readonly ResultLine[], opts: BootstrapOptions = {}): GapRow[] {
  const out: GapRow[] = [];
  const main = mainLines(lines);
  for (const backbone of backbonesOf(lines)) {
    const acq = lines
      .filter((l) => l.stage === "acquisition" && l.backbone === backbone)
      .map((l) => (l.success ? 1 : 0));
    if (acq.length === 0) continue;
    for (const memory of memoriesOf(main)) {
      const ev = main.filter((l) => l.backbone === backbone && l.memory === memory).map((l) => (l.success ? 1 : 0));
      if (ev.length === 0) continue;
      const seed = (m: string) => hashSeed(`gap|${backbone}|${memory}|${m}`, opts.seed ?? 0);
      out.push({
        backbone,
        memory,
        acquisition: bootstrapMean(acq, { ...opts, seed: seed("acq") }),
        evaluation: bootstrapMean(ev, { ...opts, seed: seed("eval") }),
        gap: bootstrapDiff(acq, ev, { ...opts, seed: seed("gap") }),
      });
    }
  }
  return out;
}

export interface ScenarioSeries {
  backbone: string;
  /** series name (memory mode, retriever, representation) */
  series: string;
  /** per scenario, plus "all" */
  values: Record<string, Estimate>;
}

function perScenario(
  lines: readonly ResultLine[],
  scenarios: readonly string[],
  value: (l: ResultLine) => number,
  label: string,
  opts: BootstrapOptions,
): Record<string, Estimate> {
  const values: Record<string, Estimate> = {};
  for (const s of [...scenarios, "all"]) {
    const group = s === "all" ? lines : lines.filter((l) => l.scenario === s);
    if (group.length)
      values[s] = bootstrapMean(group.map(value), { ...opts, seed: hashSeed(`${label}|${s}`, opts.seed ?? 0) });
  }
  return values;
}

/** Figure 6: CM (same category, wrong instance) per scenario and memory mode. */
export function cmPerScenario(lines: readonly ResultLine[], opts: BootstrapOptions = {}): ScenarioSeries[] {
  const main = mainLines(lines);
  const scenarios = scenariosOf(main);
  const out: ScenarioSeries[] = [];
  for (const backbone of backbonesOf(main))
    for (const memory of memoriesOf(main)) {
      const mine = main.filter((l) => l.backbone === backbone && l.memory === memory);
      if (mine.length)
        out.push({
          backbone,
          series: memory,
          values: perScenario(mine, scenarios, (l) => (l.cm ? 1 : 0), `cm|${backbone}|${memory}`, opts),
        });
    }
  return out;
}

/**
 * Figure 7: SR where retrieval did its part — Polar episodes whose candidates held the target,
 * raw-interaction episodes whose sample held the gold interaction(s).
 */
export function controlledRetrieval(lines: readonly ResultLine[], opts: BootstrapOptions = {}): ScenarioSeries[] {
  const main = mainLines(lines);
  const scenarios = scenariosOf(main);
  const out: ScenarioSeries[] = [];
  for (const backbone of backbonesOf(main)) {
    const polar = main.filter(
      (l) => l.backbone === backbone && l.memory === "polar" && l.retrieval.targetRetrieved === true,
    );
    const raw = main.filter((l) => l.backbone === backbone && l.memory === "raw" && l.raw.includesGold === true);
    const sr = (l: ResultLine) => (l.success ? 1 : 0);
    if (raw.length)
      out.push({ backbone, series: "raw", values: perScenario(raw, scenarios, sr, `ctrl|${backbone}|raw`, opts) });
    if (polar.length)
      out.push({
        backbone,
        series: "polar",
        values: perScenario(polar, scenarios, sr, `ctrl|${backbone}|polar`, opts),
      });
  }
  return out;
}

export const RETRIEVERS = ["bm25", "dense", "polar"] as const;
export const RETRIEVER_LABELS: Record<string, string> = { bm25: "BM25", dense: "Dense (raw)", polar: "Polar" };

/** Figure 8: recall@k of the gold prior interactions, per retriever and scenario. */
export function retrievalRecall(
  lines: readonly ResultLine[],
  opts: BootstrapOptions = {},
): { k: number | null; series: ScenarioSeries[] } {
  const withRecall = mainLines(lines).filter((l) => l.recall !== null);
  const scenarios = scenariosOf(withRecall);
  const series: ScenarioSeries[] = [];
  for (const backbone of backbonesOf(withRecall)) {
    const mine = withRecall.filter((l) => l.backbone === backbone);
    for (const r of RETRIEVERS) {
      const has = mine.filter((l) => l.recall?.[r] != null);
      if (has.length)
        series.push({
          backbone,
          series: r,
          values: perScenario(has, scenarios, (l) => l.recall?.[r] ?? 0, `recall|${backbone}|${r}`, opts),
        });
    }
  }
  return { k: withRecall[0]?.recall?.k ?? null, series };
}

export interface AblationRow {
  backbone: string;
  representation: string;
  rates: Rates;
}

/** Table 2: Polar with each trajectory representation (only those that were run). */
export function representationAblation(lines: readonly ResultLine[], opts: BootstrapOptions = {}): AblationRow[] {
  const polar = lines.filter((l) => l.stage === "evaluation" && l.memory === "polar");
  const reps = ordered(
    polar.map((l) => l.representation),
    ["instruction", "raw_trajectory", "summary", "episodic"],
  );
  if (reps.length < 2) return [];
  const out: AblationRow[] = [];
  for (const backbone of backbonesOf(polar))
    for (const representation of reps) {
      const mine = polar.filter((l) => l.backbone === backbone && l.representation === representation);
      if (mine.length)
        out.push({ backbone, representation, rates: rates(mine, `abl|${backbone}|${representation}`, opts) });
    }
  return out;
}
