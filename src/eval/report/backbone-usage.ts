/**
 * What each backbone cost to run, from the result lines alone: per backbone and episode group
 * (acquisition, each memory mode), and per backbone and stage (the CallRecord tasks: ground,
 * high_level, low_level, memorize, and any a backbone adds). A number some line did not carry
 * (a provider that reported no tokens, a results file older than per-stage usage) stays
 * unknown: null here, "not reported" in the tables, never 0.
 */
import { MEMORY_LABELS, MEMORY_ORDER, ordered } from "../metrics.ts";
import { REPRESENTATION_LABELS, type Representation, type ResultLine } from "../results.ts";
import { histogramQuantile, type LatencyHistogram, mergeHistograms, type StageUsage } from "../usage-detail.ts";
import { textTable } from "./text-table.ts";

export const NOT_REPORTED = "not reported";

/** Sums over an episode group; null as soon as one episode did not report the value. */
export interface UsageSums {
  episodes: number;
  successes: number;
  calls: number;
  failedCalls: number;
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
  images: number | null;
  retries: number | null;
  /** requests that got no HTTP response, so a server may never have seen them (older lines: 0) */
  unanswered: number;
  reasks: number | null;
  /** wall time of the episodes, ms */
  wallMs: number;
  /** calls per stage; null when some line has no per-stage usage */
  stageCalls: Record<string, number> | null;
  /** per-call model latency, merged over the group; null when some line has no per-stage usage */
  latency: LatencyHistogram | null;
}

export interface BackboneGroupRow extends UsageSums {
  backbone: string;
  /** "acquisition", a memory mode, or memory:representation for Table 2's variants */
  group: string;
  label: string;
}

export interface StageRow {
  backbone: string;
  stage: string;
  /** episodes of the backbone (acquisition included): the per-episode denominator */
  episodes: number;
  calls: number;
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
  images: number;
  failed: number;
  retries: number;
  unanswered: number;
  reasks: number;
  latency: LatencyHistogram;
}

export interface BackboneTables {
  groups: BackboneGroupRow[];
  stages: StageRow[];
  /** backbones whose lines carry no per-stage usage (older results) */
  withoutStages: string[];
}

const addKnown = (sum: number | null, v: number | null | undefined) =>
  sum === null || v === null || v === undefined ? null : sum + v;

export function sumUsage(lines: readonly ResultLine[]): UsageSums {
  const s: UsageSums = {
    episodes: lines.length,
    successes: 0,
    calls: 0,
    failedCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    images: 0,
    retries: 0,
    unanswered: 0,
    reasks: 0,
    wallMs: 0,
    stageCalls: {},
    latency: {},
  };
  const hists: LatencyHistogram[] = [];
  for (const l of lines) {
    const u = l.usage;
    if (l.success) s.successes++;
    s.calls += u.calls;
    s.failedCalls += u.failedCalls;
    s.inputTokens = addKnown(s.inputTokens, u.inputTokens);
    s.outputTokens = addKnown(s.outputTokens, u.outputTokens);
    s.costUsd = addKnown(s.costUsd, u.costUsd);
    // an episode without model calls sent no image and retried nothing, whatever its line records
    const none = u.calls === 0 ? 0 : undefined;
    s.images = addKnown(s.images, u.images ?? none);
    s.retries = addKnown(s.retries, u.retries ?? none);
    s.unanswered += u.unanswered ?? 0;
    s.reasks = addKnown(s.reasks, u.reasks ?? none);
    s.wallMs += l.durationMs;
    const stages = u.stages ?? (u.calls === 0 ? {} : null);
    if (stages === null) s.stageCalls = null;
    else {
      const stageCalls = s.stageCalls;
      if (stageCalls) for (const [k, st] of Object.entries(stages)) stageCalls[k] = (stageCalls[k] ?? 0) + st.calls;
      hists.push(...Object.values(stages).map((st) => st.latency));
    }
  }
  s.latency = s.stageCalls === null ? null : mergeHistograms(hists);
  return s;
}

function groupOf(l: ResultLine): string {
  if (l.stage === "acquisition") return "acquisition";
  return l.representation === "episodic" ? l.memory : `${l.memory}:${l.representation}`;
}

function groupLabel(g: string): string {
  if (g === "acquisition") return "Acquisition";
  const [memory, rep] = g.split(":");
  const m = MEMORY_LABELS[memory] ?? memory;
  return rep ? `${m}, ${REPRESENTATION_LABELS[rep as Representation] ?? rep}` : m;
}

export function backboneTables(lines: readonly ResultLine[]): BackboneTables {
  const backbones = [...new Set(lines.map((l) => l.backbone))];
  const groups: BackboneGroupRow[] = [];
  const stages: StageRow[] = [];
  const withoutStages: string[] = [];
  for (const backbone of backbones) {
    const mine = lines.filter((l) => l.backbone === backbone);
    const names = [
      ...(mine.some((l) => l.stage === "acquisition") ? ["acquisition"] : []),
      ...ordered(mine.filter((l) => l.stage === "evaluation").map(groupOf), MEMORY_ORDER),
    ];
    for (const g of names) {
      const group = mine.filter((l) => groupOf(l) === g);
      groups.push({ backbone, group: g, label: groupLabel(g), ...sumUsage(group) });
    }
    if (names.length > 1) groups.push({ backbone, group: "all", label: "All episodes", ...sumUsage(mine) });

    if (mine.some((l) => !l.usage.stages && l.usage.calls > 0)) {
      withoutStages.push(backbone);
      continue;
    }
    const perStage = new Map<string, StageUsage[]>();
    for (const l of mine)
      for (const [k, st] of Object.entries(l.usage.stages ?? {})) perStage.set(k, [...(perStage.get(k) ?? []), st]);
    for (const stage of ordered(perStage.keys(), STAGE_ORDER)) {
      const xs = perStage.get(stage) ?? [];
      const sum = (f: (s: StageUsage) => number) => xs.reduce((a, s) => a + f(s), 0);
      const known = (f: (s: StageUsage) => number | null) => xs.reduce<number | null>((a, s) => addKnown(a, f(s)), 0);
      stages.push({
        backbone,
        stage,
        episodes: mine.length,
        calls: sum((s) => s.calls),
        inputTokens: known((s) => s.inputTokens),
        outputTokens: known((s) => s.outputTokens),
        costUsd: known((s) => s.costUsd),
        images: sum((s) => s.images),
        failed: sum((s) => s.failed),
        retries: sum((s) => s.retries),
        unanswered: sum((s) => s.unanswered ?? 0),
        reasks: sum((s) => s.reasks),
        latency: mergeHistograms(xs.map((s) => s.latency)),
      });
    }
  }
  return { groups, stages, withoutStages };
}

export const STAGE_ORDER = ["ground", "high_level", "low_level", "memorize", "reply", "rules", "step", "other"];
export const STAGE_LABELS: Record<string, string> = {
  ground: "ground",
  high_level: "high-level",
  low_level: "low-level",
  memorize: "memorize",
  reply: "reply",
  rules: "rules",
  step: "per-step",
  other: "other",
};

// ---- formatting -------------------------------------------------------------------------------

const known = (v: number | null, f: (v: number) => string) => (v === null ? NOT_REPORTED : f(v));

export function formatUsd(v: number): string {
  if (v === 0) return "0";
  return v >= 1 ? v.toFixed(2) : v.toPrecision(3);
}

const perEp = (v: number, n: number, digits = 1) => (n ? (v / n).toFixed(digits) : "–");
const ms = (v: number | null) => (v === null ? "–" : v >= 100 ? v.toFixed(0) : v.toPrecision(2));

/** "p50 / p95" of a histogram; "no calls" when it holds none. */
function latencyCell(h: LatencyHistogram | null): string {
  if (h === null) return NOT_REPORTED;
  const p50 = histogramQuantile(h, 0.5);
  if (p50 === null) return "no calls";
  return `${ms(p50)} / ${ms(histogramQuantile(h, 0.95))}`;
}

function shareCell(s: UsageSums): string {
  if (s.stageCalls === null) return NOT_REPORTED;
  if (s.calls === 0) return "–";
  const pct = (k: string) => `${Math.round(((s.stageCalls?.[k] ?? 0) / s.calls) * 100)}%`;
  return `${pct("high_level")} / ${pct("low_level")}`;
}

function costPerSuccess(s: UsageSums): string {
  if (s.costUsd === null) return NOT_REPORTED;
  if (s.successes === 0) return s.costUsd === 0 ? "0" : "no success";
  return formatUsd(s.costUsd / s.successes);
}

function mdRow(cells: string[]): string {
  return `| ${cells.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`;
}

export function backboneGroupMarkdown(rows: readonly BackboneGroupRow[]): string {
  const head = [
    "Backbone",
    "Episodes",
    "n",
    "SR (%)",
    "Calls / ep",
    "High / low level (share of calls)",
    "Input tokens / ep",
    "Output tokens / ep",
    "Images / ep",
    "Cost / ep (USD)",
    "Cost / success (USD)",
    "Latency p50 / p95 per call (ms)",
    "Wall time / ep (s)",
    "Failed calls",
    "Retries",
    "Schema re-asks",
  ];
  return `${[
    mdRow(head),
    mdRow(head.map((_, i) => (i < 2 ? "---" : "---:"))),
    ...rows.map((r) =>
      mdRow([
        r.backbone,
        r.label,
        String(r.episodes),
        r.episodes ? ((r.successes / r.episodes) * 100).toFixed(1) : "–",
        perEp(r.calls, r.episodes),
        shareCell(r),
        known(r.inputTokens, (v) => perEp(v, r.episodes, 0)),
        known(r.outputTokens, (v) => perEp(v, r.episodes, 0)),
        known(r.images, (v) => perEp(v, r.episodes)),
        known(r.costUsd, (v) => (r.episodes ? formatUsd(v / r.episodes) : "–")),
        costPerSuccess(r),
        latencyCell(r.latency),
        perEp(r.wallMs / 1000, r.episodes, 2),
        String(r.failedCalls),
        known(r.retries, (v) => retriesCell(v, r.unanswered)),
        known(r.reasks, String),
      ]),
    ),
  ].join("\n")}\n`;
}

/** Retries, with how many of the retried requests never got an answer (a server's own count may miss those). */
function retriesCell(retries: number, unanswered: number): string {
  return unanswered > 0 ? `${retries} (${unanswered} unanswered)` : String(retries);
}

export function stageMarkdown(rows: readonly StageRow[]): string {
  const head = [
    "Backbone",
    "Stage",
    "Calls / ep",
    "Input tokens / ep",
    "Output tokens / ep",
    "Images / ep",
    "Cost / ep (USD)",
    "Latency p50 / p95 per call (ms)",
    "Failed calls",
    "Retries",
    "Schema re-asks",
  ];
  return `${[
    mdRow(head),
    mdRow(head.map((_, i) => (i < 2 ? "---" : "---:"))),
    ...rows.map((r) =>
      mdRow([
        r.backbone,
        STAGE_LABELS[r.stage] ?? r.stage,
        perEp(r.calls, r.episodes, 2),
        known(r.inputTokens, (v) => perEp(v, r.episodes, 0)),
        known(r.outputTokens, (v) => perEp(v, r.episodes, 0)),
        perEp(r.images, r.episodes, 2),
        known(r.costUsd, (v) => formatUsd(v / r.episodes)),
        latencyCell(r.latency),
        String(r.failed),
        retriesCell(r.retries, r.unanswered),
        String(r.reasks),
      ]),
    ),
  ].join("\n")}\n`;
}

/** The terminal's version: one line per backbone and episode group. */
export function backboneConsole(rows: readonly BackboneGroupRow[]): string {
  if (rows.length === 0) return "";
  const head = [
    "backbone",
    "episodes",
    "n",
    "calls/ep",
    "in tok/ep",
    "out tok/ep",
    "USD/ep",
    "USD/success",
    "p50/p95 ms",
    "s/ep",
  ];
  const body = rows.map((r) => [
    r.backbone,
    r.label,
    String(r.episodes),
    perEp(r.calls, r.episodes),
    known(r.inputTokens, (v) => perEp(v, r.episodes, 0)),
    known(r.outputTokens, (v) => perEp(v, r.episodes, 0)),
    known(r.costUsd, (v) => (r.episodes ? formatUsd(v / r.episodes) : "–")),
    costPerSuccess(r),
    latencyCell(r.latency),
    perEp(r.wallMs / 1000, r.episodes, 2),
  ]);
  return textTable({ head, body, keys: 2 });
}
