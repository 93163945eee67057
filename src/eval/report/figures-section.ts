/**
 * The report's figures (5–8): each a section of report.md with its chart (SVG + PNG, and the
 * paper's sizes with --paper) or the reason it has none, and the data a reader may want beside
 * it (CSV).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Estimates } from "../estimates.ts";
import {
  acquisitionGap,
  backbonesOf,
  cmPerScenario,
  controlledRetrieval,
  MEMORY_LABELS,
  memoriesOf,
  RETRIEVER_LABELS,
  retrievalRecall,
  SCENARIO_LABELS,
  type ScenarioSeries,
  scenariosOf,
} from "../metrics.ts";
import type { ResultLine } from "../results.ts";
import { paperLinks, writePaperFigure } from "./paper-figures.ts";
import { type BarChartSpec, barChart, PALETTE, svgToPng } from "./svg.ts";
import { formatEstimate, toCsv } from "./tables.ts";

/** What every section of one report reads and adds to. */
export interface ReportContext {
  /** DIR/report */
  outDir: string;
  lines: ResultLine[];
  /** the evaluation episodes */
  main: ResultLine[];
  boot: Estimates;
  provenance: string[];
  paper: boolean;
  /** report.md, line by line */
  md: string[];
  /** every file written */
  files: string[];
}

function scenarioCategories(lines: readonly ResultLine[], withAll = true) {
  const cats = scenariosOf(lines).map((s) => ({ key: s, label: SCENARIO_LABELS[s] ?? s }));
  return withAll && cats.length > 1 ? [...cats, { key: "all", label: "All" }] : cats;
}

/** One panel per scenario (per backbone and scenario with several backbones), its bars the series. */
function scenarioPanels(series: ScenarioSeries[], scenarios: { key: string; label: string }[]) {
  const backbones = backbonesOf(series.map((s) => ({ backbone: s.backbone }) as ResultLine));
  return backbones.flatMap((backbone) =>
    scenarios.map((sc) => ({
      title: backbones.length > 1 ? `${sc.label} · ${backbone}` : sc.label,
      categories: [{ key: sc.key, label: "" }],
      value: (cat: string, key: string) => series.find((s) => s.backbone === backbone && s.series === key)?.values[cat],
    })),
  );
}

interface Figure {
  n: number;
  /** file name of the chart and its data, without extension */
  file: string;
  heading: string;
  /** Markdown between the heading and the chart */
  intro?: string[];
  /** null: nothing to draw, and `missing` says why */
  chart: BarChartSpec | null;
  missing: string;
  /** writes what goes with the chart (a CSV) and returns the Markdown that follows it */
  after?: () => string[];
}

/** A figure's section of the report: heading, chart (SVG + PNG) or why there is none. */
async function writeFigure(ctx: ReportContext, f: Figure): Promise<void> {
  const { outDir: dir, md, files, paper } = ctx;
  md.push(`## Figure ${f.n} — ${f.heading}`, "", ...(f.intro ?? []));
  if (f.chart) {
    await writeChart(dir, f.file, f.chart, files);
    md.push(`![Figure ${f.n}](${f.file}.png)`, ...(f.after?.() ?? []));
    if (paper) {
      const made = await writePaperFigure(join(dir, "paper"), f.file, f.chart, f.chart.footer);
      files.push(...made);
      md.push("", paperLinks(f.file, f.chart.title));
    }
  } else md.push(f.missing);
  md.push("");
}

async function writeChart(dir: string, name: string, spec: BarChartSpec, files: string[]): Promise<void> {
  const svg = barChart(spec);
  const svgPath = join(dir, `${name}.svg`);
  const pngPath = join(dir, `${name}.png`);
  writeFileSync(svgPath, svg);
  await svgToPng(svg, pngPath);
  files.push(svgPath, pngPath);
}

/** Figure 5: acquisition vs evaluation SR per memory mode. */
export async function figure5(ctx: ReportContext): Promise<void> {
  const { outDir, lines, main, boot, provenance, files } = ctx;
  const gap = acquisitionGap(lines, boot);
  await writeFigure(ctx, {
    n: 5,
    file: "fig5_gap",
    heading: "acquisition–evaluation gap (SR)",
    missing: "_Not available: no acquisition episodes in these results._",
    chart: gap.length
      ? {
          title: "Figure 5 · Acquisition vs evaluation success rate",
          subtitle:
            "Explicit instructions with a reference (acquisition) against implicit ones (evaluation); red: the gap",
          yLabel: "Success rate",
          categories: memoriesOf(main).map((m) => ({ key: m, label: MEMORY_LABELS[m] ?? m })),
          series: [
            { key: "acquisition", label: "Acquisition (explicit)", color: PALETTE.acquisition },
            { key: "evaluation", label: "Evaluation (implicit)", color: PALETTE.evaluation },
          ],
          panels: backbonesOf(gap.map((g) => ({ backbone: g.backbone }) as ResultLine)).map((backbone) => ({
            title: backbone,
            value: (cat, key) => {
              const row = gap.find((g) => g.backbone === backbone && g.memory === cat);
              return key === "acquisition" ? row?.acquisition : row?.evaluation;
            },
            note: (cat) => {
              const row = gap.find((g) => g.backbone === backbone && g.memory === cat);
              return row
                ? `gap ${row.gap.mean >= 0 ? "" : "−"}${Math.abs(row.gap.mean * 100).toFixed(1)} pts`
                : undefined;
            },
          })),
          footer: provenance,
        }
      : null,
    after: () => {
      const csv = join(outDir, "fig5_gap.csv");
      writeFileSync(
        csv,
        toCsv(
          [
            "backbone",
            "memory",
            "acquisition_sr",
            "acquisition_n",
            "evaluation_sr",
            "evaluation_n",
            "gap",
            "gap_lo",
            "gap_hi",
          ],
          gap.map((g) => [
            g.backbone,
            g.memory,
            g.acquisition.mean,
            g.acquisition.n,
            g.evaluation.mean,
            g.evaluation.n,
            g.gap.mean,
            g.gap.lo,
            g.gap.hi,
          ]),
        ),
      );
      files.push(csv);
      return [
        "",
        "| Backbone | Memory | Acquisition SR | Evaluation SR | Gap (pts) |",
        "| --- | --- | ---: | ---: | ---: |",
        ...gap.map(
          (g) =>
            `| ${g.backbone} | ${MEMORY_LABELS[g.memory] ?? g.memory} | ${formatEstimate(g.acquisition)} | ${formatEstimate(g.evaluation)} | ${formatEstimate(g.gap)} |`,
        ),
      ];
    },
  });
}

/** Figures 6–8: one bar per memory mode or retriever, per scenario. */
export async function scenarioFigures(ctx: ReportContext): Promise<void> {
  const { lines, main, boot, provenance } = ctx;
  const memSeries = memoriesOf(main).map((m) => ({
    key: m,
    label: MEMORY_LABELS[m] ?? m,
    color: PALETTE[m as "none"] ?? "#555",
  }));
  const byScenario = (data: ScenarioSeries[], spec: Pick<BarChartSpec, "title" | "subtitle" | "yLabel" | "series">) =>
    data.length
      ? {
          ...spec,
          categories: scenarioCategories(main),
          panels: scenarioPanels(data, scenarioCategories(main)),
          // a row per backbone, a column per scenario
          columns: Math.min(5, scenarioCategories(main).length),
          footer: provenance,
        }
      : null;
  const cm = cmPerScenario(lines, boot);
  await writeFigure(ctx, {
    n: 6,
    file: "fig6_cm",
    heading: "within-category false positives (CM) per scenario",
    missing: "_Not available: no evaluation episodes._",
    chart: byScenario(cm, {
      title: "Figure 6 · Category match: right category, wrong instance",
      subtitle:
        "Share of episodes that stopped, failed, and ended within the success distance of a same-category instance that is not the target (lower is better)",
      yLabel: "CM rate",
      series: memSeries,
    }),
  });
  const ctrl = controlledRetrieval(lines, boot);
  await writeFigure(ctx, {
    n: 7,
    file: "fig7_controlled",
    heading: "SR under controlled retrieval",
    intro: [
      "Polar episodes whose retrieved candidates held the target object, and raw-interaction episodes whose sample held the gold interaction(s).",
      "",
    ],
    missing: "_Not available: needs raw or polar evaluation episodes with retrieval outcomes._",
    chart: byScenario(ctrl, {
      title: "Figure 7 · Success when the right memory was in hand",
      subtitle: "Polar: target among retrieved candidates · Raw-interaction: gold interaction in the 15-episode sample",
      yLabel: "Success rate",
      series: ["raw", "polar"]
        .filter((m) => ctrl.some((c) => c.series === m))
        .map((m) => ({ key: m, label: MEMORY_LABELS[m], color: PALETTE[m as "raw"] })),
    }),
  });
  const recall = retrievalRecall(lines, boot);
  await writeFigure(ctx, {
    n: 8,
    file: "fig8_recall",
    heading: "retrieval recall of the gold prior interactions",
    missing: "_Not available: no retrieval-recall measurements in these results._",
    chart: byScenario(recall.series, {
      title: `Figure 8 · Recall@${recall.k} of task-relevant prior interactions`,
      subtitle: "BM25 and dense retrieval over raw interactions against Polar's semantic memory nodes",
      yLabel: `Recall@${recall.k}`,
      series: ["bm25", "dense", "polar"]
        .filter((r) => recall.series.some((s) => s.series === r))
        .map((r) => ({ key: r, label: RETRIEVER_LABELS[r], color: PALETTE[r as "bm25"] })),
    }),
  });
}
