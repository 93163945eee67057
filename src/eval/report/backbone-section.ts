/**
 * The report's backbone comparison: what each backbone cost per episode and per
 * stage, SR against cost with the Pareto front (Figure 9), the paired comparisons, and any
 * session that a budget stopped. Writes its CSVs and figure beside report.md.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Estimates } from "../estimates.ts";
import { MEMORY_LABELS } from "../metrics.ts";
import type { ResultLine, RunManifest } from "../results.ts";
import {
  backboneConsole,
  backboneGroupMarkdown,
  backboneTables,
  formatUsd,
  NOT_REPORTED,
  stageMarkdown,
} from "./backbone-usage.ts";
import { COST_AXIS, costFigure, costPoints, LATENCY_AXIS, latencyPoints, type TradeoffAxis } from "./cost-figure.ts";
import { disagreementsCsv, pairedComparisons, pairedCsv, pairedMarkdown } from "./paired-section.ts";
import { paperLinks, writePaperSvgs } from "./paper-figures.ts";
import { svgToPng } from "./svg.ts";
import { toCsv } from "./tables.ts";
import { tradeoffPaper } from "./tradeoff-paper.ts";

export interface BackboneSections {
  markdown: string[];
  /** the per-backbone table for the terminal; empty when there are no episodes */
  console: string;
}

export async function backboneSections(
  dir: string,
  lines: readonly ResultLine[],
  est: Estimates,
  provenance: string[],
  manifest: RunManifest | null,
  files: string[],
  /** also write Figures 9 and 10 for a paper (report/paper/) */
  paper = false,
): Promise<BackboneSections> {
  const outDir = join(dir, "report");
  const md: string[] = ["## Backbones — calls, tokens, cost and latency per episode and per stage", ""];
  const tables = backboneTables(lines);
  const budgetStops = (manifest?.sessions ?? []).filter((s) => s.stoppedBecause);
  for (const s of budgetStops) md.push(`- ⚠ The session started ${s.startedAt} stopped early: ${s.stoppedBecause}`);
  if (budgetStops.length) md.push("");
  if (lines.length === 0) {
    md.push("_No episodes yet._", "");
    return { markdown: md, console: "" };
  }
  md.push(
    backboneGroupMarkdown(tables.groups),
    `Per episode of each group; SR over the group's episodes; latency per model call (p50 / p95 from each line's histogram, within 4.5%); wall time is the episode's, simulator and memory included. “${NOT_REPORTED}”: some episode did not report it (a provider without token counts, or results older than per-stage usage), which is unknown, not 0.`,
    "",
    "**Per stage** (per episode over all of the backbone's episodes, acquisition included):",
    "",
  );
  if (tables.stages.length) md.push(stageMarkdown(tables.stages));
  else md.push("_No model calls._", "");
  if (tables.withoutStages.length)
    md.push(
      `_Per-stage usage not reported for ${tables.withoutStages.join(", ")} (results written before it was recorded)._`,
      "",
    );

  const points = costPoints(lines, est);
  md.push("## Figure 9 — SR against cost per episode", "");
  const svg = costFigure(points, provenance);
  if (svg) {
    files.push(...(await writeTradeoff(outDir, "fig9_cost", svg, points, ["cost_usd", "cost_lo", "cost_hi"])));
    const front = points.filter((p) => p.pareto);
    if (paper) md.push(...(await paperTradeoff(outDir, "fig9_cost", points, COST_AXIS, provenance, files)));
    md.push(
      "![Figure 9](fig9_cost.png)",
      "",
      `Pareto front (no other point is as cheap and as successful): ${front.map((p) => `${p.backbone} · ${MEMORY_LABELS[p.memory] ?? p.memory} (SR ${(p.sr.mean * 100).toFixed(1)}%, USD ${formatUsd(p.cost?.mean ?? 0)} / episode)`).join("; ")}.`,
    );
    const unplaced = points.filter((p) => p.cost === null);
    if (unplaced.length)
      md.push(
        `Not placed, cost not reported: ${unplaced.map((p) => `${p.backbone} · ${MEMORY_LABELS[p.memory] ?? p.memory}`).join(", ")}.`,
      );
    md.push("");
  } else md.push("_Not available: no evaluation episodes with a reported cost._", "");

  md.push("## Figure 10 — SR against model latency per call", "");
  const lat = latencyPoints(lines, est);
  const latSvg = costFigure(lat, provenance, LATENCY_AXIS);
  if (latSvg) {
    files.push(
      ...(await writeTradeoff(outDir, "fig10_latency", latSvg, lat, [
        "latency_p50_ms",
        "latency_p25_ms",
        "latency_p75_ms",
      ])),
    );
    md.push("![Figure 10](fig10_latency.png)", "");
    if (paper) md.push(...(await paperTradeoff(outDir, "fig10_latency", lat, LATENCY_AXIS, provenance, files)));
  } else md.push("_Not available: no evaluation episodes with recorded model latency._", "");

  const comparisons = pairedComparisons(lines, est);
  md.push(
    "## Paired comparisons — same episodes, two backbones or two memory modes",
    "",
    "Δ SR = SR(A) − SR(B) over the evaluation episodes both ran, with a paired bootstrap interval (episodes resampled, each keeping both outcomes) beside the unpaired one; McNemar's exact test (two-sided, on the episodes only one of them solved).",
    "",
    ...pairedMarkdown(dir, comparisons),
  );
  if (comparisons.length) {
    const a = join(outDir, "paired.csv");
    const b = join(outDir, "paired_disagreements.csv");
    writeFileSync(a, pairedCsv(comparisons));
    writeFileSync(b, disagreementsCsv(comparisons));
    files.push(a, b);
  }
  return { markdown: md, console: backboneConsole(tables.groups) };
}

/** A trade-off figure (SR against cost or latency) as SVG, PNG and the CSV of its points. */
/** A trade-off figure at both paper widths (tradeoff-paper.ts); the report's line that links them. */
async function paperTradeoff(
  outDir: string,
  name: string,
  points: ReturnType<typeof costPoints>,
  axis: TradeoffAxis,
  provenance: string[],
  files: string[],
): Promise<string[]> {
  if (!points.some((p) => p.cost !== null)) return [];
  const made = await writePaperSvgs(
    join(outDir, "paper"),
    name,
    (w) => tradeoffPaper(points, axis, w) as string,
    axis.title,
    provenance,
  );
  files.push(...made);
  return [paperLinks(name, axis.title), ""];
}

async function writeTradeoff(
  outDir: string,
  name: string,
  svg: string,
  points: ReturnType<typeof costPoints>,
  value: [mean: string, lo: string, hi: string],
): Promise<string[]> {
  const svgPath = join(outDir, `${name}.svg`);
  const pngPath = join(outDir, `${name}.png`);
  const csv = join(outDir, `${name}.csv`);
  writeFileSync(svgPath, svg);
  await svgToPng(svg, pngPath);
  writeFileSync(
    csv,
    toCsv(
      ["backbone", "memory", "n", "sr", "sr_lo", "sr_hi", ...value, "pareto"],
      points.map((p) => [
        p.backbone,
        p.memory,
        p.sr.n,
        p.sr.mean,
        p.sr.lo,
        p.sr.hi,
        p.cost?.mean ?? "",
        p.cost?.lo ?? "",
        p.cost?.hi ?? "",
        p.pareto ? "yes" : "no",
      ]),
    ),
  );
  return [svgPath, pngPath, csv];
}
