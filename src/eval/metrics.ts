/**
 * SR, SPL and CM from result lines, grouped any way the report needs, each with its interval
 * from the report's one Estimates (estimates.ts): a quantity named by the same key reads the
 * same everywhere. Plain functions over lines: the report recomputes everything from the
 * JSONL alone.
 */
import type { BootstrapOptions, Estimate } from "./bootstrap.ts";
import { type Estimates, estimatesOf } from "./estimates.ts";
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
/** The episode groups a per-backbone table lists: acquisition is its own, never a memory mode's. */
export const GROUP_LABELS: Record<string, string> = { acquisition: "Acquisition", ...MEMORY_LABELS };

export interface Rates {
  n: number;
  sr: Estimate;
  spl: Estimate;
  cm: Estimate;
  /**
   * share of episodes whose grounding singled out the target instance (the harness compares
   * the agent's grounded id with the target; the agent never sees it)
   */
  groundedRight: Estimate;
  /** SR among the episodes that grounded the target: what the navigation made of a right grounding */
  srGroundedRight: Estimate;
  errors: number;
}

/**
 * SR, SPL and CM of a group of lines. `key` names the group ("backbone|memory|scenario"): the
 * same group under the same key anywhere in a report is one estimate.
 */
export function rates(lines: readonly ResultLine[], key: string, opts?: Estimates | BootstrapOptions): Rates {
  const est = estimatesOf(opts);
  return {
    n: lines.length,
    sr: est.proportion(
      `sr|${key}`,
      lines.map((l) => l.success),
    ),
    spl: est.mean(
      `spl|${key}`,
      lines.map((l) => l.spl),
    ),
    cm: est.proportion(
      `cm|${key}`,
      lines.map((l) => l.cm),
    ),
    groundedRight: est.proportion(
      `grounded|${key}`,
      lines.map((l) => l.grounded.correct === true),
    ),
    srGroundedRight: est.proportion(
      `sr-grounded|${key}`,
      lines.filter((l) => l.grounded.correct === true).map((l) => l.success),
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
export function table1(lines: readonly ResultLine[], opts?: Estimates | BootstrapOptions): Table1Row[] {
  const est = estimatesOf(opts);
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
        if (group.length) cells[s] = rates(group, `${backbone}|${memory}|${s}`, est);
      }
      cells.all = rates(mine, `${backbone}|${memory}|all`, est);
      rows.push({ backbone, memory, cells });
    }
  }
  return rows;
}

export interface UsageRow {
  backbone: string;
  /** "acquisition" or the memory mode of evaluation episodes */
  group: string;
  episodes: number;
  calls: number;
  failedCalls: number;
  /** totals; null when some episode's provider did not report it (unknown, not 0) */
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
}

/**
 * Model usage per backbone: the acquisition episodes as their own row (they read no memory,
 * whatever mode their line is keyed under), then each memory mode's evaluation episodes.
 */
export function usageTable(lines: readonly ResultLine[]): UsageRow[] {
  const total = (group: readonly ResultLine[], f: (l: ResultLine) => number | null) =>
    group.reduce<number | null>((sum, l) => (sum === null || f(l) === null ? null : sum + (f(l) ?? 0)), 0);
  const groupOf = (l: ResultLine) => (l.stage === "acquisition" ? "acquisition" : l.memory);
  const rows: UsageRow[] = [];
  for (const backbone of backbonesOf(lines)) {
    for (const group of ordered(lines.map(groupOf), ["acquisition", ...MEMORY_ORDER])) {
      const mine = lines.filter((l) => l.backbone === backbone && groupOf(l) === group);
      if (mine.length === 0) continue;
      rows.push({
        backbone,
        group,
        episodes: mine.length,
        calls: total(mine, (l) => l.usage.calls) ?? 0,
        failedCalls: total(mine, (l) => l.usage.failedCalls) ?? 0,
        inputTokens: total(mine, (l) => l.usage.inputTokens),
        outputTokens: total(mine, (l) => l.usage.outputTokens),
        costUsd: total(mine, (l) => l.usage.costUsd),
      });
    }
  }
  return rows;
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
export function acquisitionGap(lines: readonly ResultLine[], opts?: Estimates | BootstrapOptions): GapRow[] {
  const est = estimatesOf(opts);
  const out: GapRow[] = [];
  const main = mainLines(lines);
  for (const backbone of backbonesOf(lines)) {
    const acq = lines.filter((l) => l.stage === "acquisition" && l.backbone === backbone);
    if (acq.length === 0) continue;
    // one acquisition SR per backbone, whichever memory mode it is set against
    const acquisition = est.proportion(
      `sr|${backbone}|acquisition|all`,
      acq.map((l) => l.success),
    );
    for (const memory of memoriesOf(main)) {
      const ev = main.filter((l) => l.backbone === backbone && l.memory === memory);
      if (ev.length === 0) continue;
      out.push({
        backbone,
        memory,
        acquisition,
        // the evaluation SR is Table 1's "All" cell of the same row
        evaluation: est.proportion(
          `sr|${backbone}|${memory}|all`,
          ev.map((l) => l.success),
        ),
        gap: est.difference(
          `gap|${backbone}|${memory}`,
          acq.map((l) => (l.success ? 1 : 0)),
          ev.map((l) => (l.success ? 1 : 0)),
        ),
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

/** One value per scenario and "all"; `key` names the series, as in Table 1 ("cm|backbone|memory"). */
function perScenario(
  lines: readonly ResultLine[],
  scenarios: readonly string[],
  estimate: (key: string, group: readonly ResultLine[]) => Estimate,
  key: string,
): Record<string, Estimate> {
  const values: Record<string, Estimate> = {};
  for (const s of [...scenarios, "all"]) {
    const group = s === "all" ? lines : lines.filter((l) => l.scenario === s);
    if (group.length) values[s] = estimate(`${key}|${s}`, group);
  }
  return values;
}

/** Figure 6: CM (same category, wrong instance) per scenario and memory mode: Table 1's CM cells. */
export function cmPerScenario(lines: readonly ResultLine[], opts?: Estimates | BootstrapOptions): ScenarioSeries[] {
  const est = estimatesOf(opts);
  const main = mainLines(lines);
  const scenarios = scenariosOf(main);
  const cm = (key: string, group: readonly ResultLine[]) =>
    est.proportion(
      key,
      group.map((l) => l.cm),
    );
  const out: ScenarioSeries[] = [];
  for (const backbone of backbonesOf(main))
    for (const memory of memoriesOf(main)) {
      const mine = main.filter((l) => l.backbone === backbone && l.memory === memory);
      if (mine.length)
        out.push({ backbone, series: memory, values: perScenario(mine, scenarios, cm, `cm|${backbone}|${memory}`) });
    }
  return out;
}

/**
 * Figure 7: SR where retrieval did its part — Polar episodes whose candidates held the target,
 * raw-interaction episodes whose sample held the gold interaction(s).
 */
export function controlledRetrieval(
  lines: readonly ResultLine[],
  opts?: Estimates | BootstrapOptions,
): ScenarioSeries[] {
  const est = estimatesOf(opts);
  const main = mainLines(lines);
  const scenarios = scenariosOf(main);
  const sr = (key: string, group: readonly ResultLine[]) =>
    est.proportion(
      key,
      group.map((l) => l.success),
    );
  const out: ScenarioSeries[] = [];
  for (const backbone of backbonesOf(main)) {
    const polar = main.filter(
      (l) => l.backbone === backbone && l.memory === "polar" && l.retrieval.targetRetrieved === true,
    );
    const raw = main.filter((l) => l.backbone === backbone && l.memory === "raw" && l.raw.includesGold === true);
    if (raw.length)
      out.push({ backbone, series: "raw", values: perScenario(raw, scenarios, sr, `sr-controlled|${backbone}|raw`) });
    if (polar.length)
      out.push({
        backbone,
        series: "polar",
        values: perScenario(polar, scenarios, sr, `sr-controlled|${backbone}|polar`),
      });
  }
  return out;
}

export const RETRIEVERS = ["bm25", "dense", "polar"] as const;
export const RETRIEVER_LABELS: Record<string, string> = { bm25: "BM25", dense: "Dense (raw)", polar: "Polar" };

/** Figure 8: recall@k of the gold prior interactions, per retriever and scenario. */
export function retrievalRecall(
  lines: readonly ResultLine[],
  opts?: Estimates | BootstrapOptions,
): { k: number | null; series: ScenarioSeries[] } {
  const est = estimatesOf(opts);
  const withRecall = mainLines(lines).filter((l) => l.recall !== null);
  const scenarios = scenariosOf(withRecall);
  const series: ScenarioSeries[] = [];
  for (const backbone of backbonesOf(withRecall)) {
    const mine = withRecall.filter((l) => l.backbone === backbone);
    for (const r of RETRIEVERS) {
      const has = mine.filter((l) => l.recall?.[r] != null);
      const recall = (key: string, group: readonly ResultLine[]) =>
        est.mean(
          key,
          group.map((l) => l.recall?.[r] ?? 0),
        );
      if (has.length)
        series.push({ backbone, series: r, values: perScenario(has, scenarios, recall, `recall|${backbone}|${r}`) });
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
export function representationAblation(
  lines: readonly ResultLine[],
  opts?: Estimates | BootstrapOptions,
): AblationRow[] {
  const est = estimatesOf(opts);
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
      // Polar's own representation is Table 1's Polar row: the same key, the same interval
      const key = representation === "episodic" ? `${backbone}|polar|all` : `${backbone}|polar:${representation}|all`;
      if (mine.length) out.push({ backbone, representation, rates: rates(mine, key, est) });
    }
  return out;
}
