/**
 * `polar eval --dry-run`: before a paid run, a few real episodes per backbone (N acquisition
 * episodes and N evaluation episodes per memory mode, spread over the scenarios) run into a
 * temporary folder that is removed afterwards, and their calls, tokens, cost and wall time per
 * episode are projected onto every episode of the full run. Nothing is written to --out.
 * Polar-mode samples read a memory built from only the sampled acquisition episodes, so their
 * prompts hold fewer candidates than in the full run: the projection is an estimate.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PolarConfig } from "../config/index.ts";
import type { EvaluationEpisode } from "../datasets/index.ts";
import type { Progress } from "../eval/index.ts";
import {
  episodeGroup,
  formatUsd,
  MEMORY_LABELS,
  NOT_REPORTED,
  planJobs,
  RESULTS_FILE,
  type ResultLine,
  readResults,
  runEvaluation,
} from "../eval/index.ts";
import { createMemoryFactory } from "./memory-factory.ts";
import { buildPlan } from "./setup.ts";
import { createRuntime } from "./wiring.ts";

export interface DryRunOptions {
  /** episodes of each kind (acquisition, each memory mode) per backbone */
  episodes: number;
  progress?: Progress;
  onNotice?: (message: string) => void;
  env?: NodeJS.ProcessEnv;
}

export interface Projection {
  backbone: string;
  /** acquisition, a memory mode, or memory-representation */
  group: string;
  sampled: number;
  planned: number;
  /** per sampled episode; null when some sampled episode did not report it */
  calls: number;
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
  wallMs: number;
}

export interface DryRunResult {
  projections: Projection[];
  concurrency: number;
  /** sampled episodes that could not run (simulator or model service unusable) */
  infrastructureFailures: number;
  /** planned episodes of the full run with no sample to project from */
  unprojected: number;
}

/** N evaluation episodes, round-robin over the scenarios, so each scenario's prompts are seen. */
function spread(episodes: readonly EvaluationEpisode[], scenarios: readonly string[], n: number): EvaluationEpisode[] {
  const by = scenarios.map((s) => episodes.filter((e) => e.scenario === s));
  const out: EvaluationEpisode[] = [];
  for (let i = 0; out.length < n && by.some((xs) => xs.length > i); i++)
    for (const xs of by) if (xs[i] && out.length < n) out.push(xs[i]);
  return out;
}

export async function dryRun(config: PolarConfig, opts: DryRunOptions): Promise<DryRunResult> {
  const { plan, backbones } = await buildPlan(config, opts.env);
  const full = planJobs(plan);
  const evaluation = spread(plan.set.evaluation, plan.scenarios, opts.episodes);
  const users = new Set(evaluation.map((e) => e.userId));
  const acquisition = [...plan.set.acquisition]
    .filter((a) => users.size === 0 || users.has(a.userId))
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id.localeCompare(b.id))
    .slice(0, opts.episodes);
  const set = { ...plan.set, acquisition, evaluation };
  const tmp = mkdtempSync(join(tmpdir(), "polar-dry-run-"));
  let lines: ResultLine[] = [];
  let infrastructureFailures = 0;
  try {
    const memory = await createMemoryFactory(config, opts.onNotice);
    const runtime = createRuntime(config, set, backbones, memory);
    try {
      const s = await runEvaluation({ ...plan, set, outDir: tmp }, runtime, {
        report: false,
        ...(opts.progress ? { progress: opts.progress } : {}),
      });
      infrastructureFailures = s.infrastructureFailures;
    } finally {
      await runtime.close();
    }
    lines = readResults(join(tmp, RESULTS_FILE)).lines;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  const projections: Projection[] = [];
  let unprojected = 0;
  const groups = new Map<string, number>();
  for (const j of full) {
    const k = `${j.backbone}\u0000${episodeGroup({ stage: j.stage, memory: j.memory, representation: j.representation })}`;
    groups.set(k, (groups.get(k) ?? 0) + 1);
  }
  for (const [k, planned] of groups) {
    const [backbone, group] = k.split("\u0000");
    const sample = lines.filter((l) => l.backbone === backbone && episodeGroup(l) === group);
    if (sample.length === 0) {
      unprojected += planned;
      continue;
    }
    const mean = (f: (l: ResultLine) => number | null) =>
      sample.some((l) => f(l) === null) ? null : sample.reduce((a, l) => a + (f(l) ?? 0), 0) / sample.length;
    projections.push({
      backbone,
      group,
      sampled: sample.length,
      planned,
      calls: mean((l) => l.usage.calls) ?? 0,
      inputTokens: mean((l) => l.usage.inputTokens),
      outputTokens: mean((l) => l.usage.outputTokens),
      costUsd: mean((l) => l.usage.costUsd),
      wallMs: mean((l) => l.durationMs) ?? 0,
    });
  }
  return { projections, concurrency: plan.concurrency, infrastructureFailures, unprojected };
}

function groupLabel(g: string): string {
  if (g === "acquisition") return "acquisition";
  const [memory, rep] = g.split("-");
  return rep ? `${MEMORY_LABELS[memory] ?? memory} (${rep})` : (MEMORY_LABELS[memory] ?? memory);
}

/** The projection as a table for the terminal, with totals for the full run. */
export function formatDryRun(r: DryRunResult): string {
  const known = (v: number | null, f: (v: number) => string) => (v === null ? NOT_REPORTED : f(v));
  const head = [
    "backbone",
    "episodes",
    "sampled",
    "planned",
    "calls/ep",
    "in tok/ep",
    "out tok/ep",
    "USD/ep",
    "projected calls",
    "projected tokens in/out",
    "projected USD",
  ];
  const body = r.projections.map((p) => [
    p.backbone,
    groupLabel(p.group),
    String(p.sampled),
    String(p.planned),
    p.calls.toFixed(1),
    known(p.inputTokens, (v) => v.toFixed(0)),
    known(p.outputTokens, (v) => v.toFixed(0)),
    known(p.costUsd, formatUsd),
    Math.round(p.calls * p.planned).toLocaleString("en-US"),
    `${known(p.inputTokens, (v) => Math.round(v * p.planned).toLocaleString("en-US"))} / ${known(p.outputTokens, (v) => Math.round(v * p.planned).toLocaleString("en-US"))}`,
    known(p.costUsd, (v) => formatUsd(v * p.planned)),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  const total = (f: (p: Projection) => number | null) =>
    r.projections.reduce<number | null>(
      (a, p) => (a === null || f(p) === null ? null : a + (f(p) ?? 0) * p.planned),
      0,
    );
  const cost = total((p) => p.costUsd);
  const minutes = (total((p) => p.wallMs) ?? 0) / 60_000 / Math.max(1, r.concurrency);
  return [
    "dry run: projected from the sampled episodes (nothing was written to --out)",
    "",
    fmt(head),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...body.map(fmt),
    "",
    `full run: ${r.projections.reduce((a, p) => a + p.planned, 0) + r.unprojected} episodes · ${Math.round(total((p) => p.calls) ?? 0).toLocaleString("en-US")} model calls · ` +
      `tokens in ${known(
        total((p) => p.inputTokens),
        (v) => Math.round(v).toLocaleString("en-US"),
      )} / out ${known(
        total((p) => p.outputTokens),
        (v) => Math.round(v).toLocaleString("en-US"),
      )} · ` +
      `USD ${known(cost, formatUsd)} · about ${minutes.toFixed(0)} min at concurrency ${r.concurrency}`,
    ...(r.unprojected
      ? [`${r.unprojected} planned episodes had no sample to project from (their sampled episodes failed)`]
      : []),
    ...(r.infrastructureFailures
      ? [`${r.infrastructureFailures} sampled episodes could not run (simulator or model service unusable)`]
      : []),
  ].join("\n");
}
