/**
 * `polar report DIR`: everything from DIR/results.jsonl and DIR/manifest.json alone — Table 1
 * (Markdown + CSV), Figures 5–8 (SVG + PNG), Table 2 when its variants were run, every other
 * recorded measure, model usage — into DIR/report/. Every page names what produced the numbers,
 * and every interval comes from one Estimates, so a quantity reads the same in every table.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readDataText } from "../../util/index.ts";
import type { BootstrapOptions } from "../bootstrap.ts";
import { Estimates } from "../estimates.ts";
import {
  acquisitionGap,
  backbonesOf,
  cmPerScenario,
  controlledRetrieval,
  MEMORY_LABELS,
  mainLines,
  memoriesOf,
  RETRIEVER_LABELS,
  representationAblation,
  retrievalRecall,
  SCENARIO_LABELS,
  type ScenarioSeries,
  scenariosOf,
  table1,
  usageTable,
} from "../metrics.ts";
import {
  describeProblems,
  MANIFEST_FILE,
  RESULTS_FILE,
  type ResultLine,
  RunManifest,
  readResults,
} from "../results.ts";
import { backboneSections } from "./backbone-section.ts";
import { measureRows, measuresCsv, measuresMarkdown } from "./measures-section.ts";
import { paperLinks, writePaperFigure } from "./paper-figures.ts";
import { readFailures, setupSection } from "./setup-section.ts";
import { type BarChartSpec, barChart, PALETTE, svgToPng } from "./svg.ts";
import {
  formatEstimate,
  table1Console,
  table1Csv,
  table1Markdown,
  table2Markdown,
  toCsv,
  usageMarkdown,
} from "./tables.ts";

export interface ReportOutput {
  dir: string;
  markdown: string;
  files: string[];
  consoleTable: string;
  warnings: string[];
  episodes: number;
}

export function readManifest(dir: string): RunManifest | null {
  const p = join(dir, MANIFEST_FILE);
  if (!existsSync(p)) return null;
  const parsed = RunManifest.safeParse(JSON.parse(readDataText(p, { maxBytes: 16 << 20 })));
  if (!parsed.success) throw new Error(`${p}: not a valid run manifest (${parsed.error.issues[0]?.message})`);
  return parsed.data;
}

export function provenanceLines(m: RunManifest | null, lines: readonly ResultLine[]): string[] {
  if (!m)
    return ["Provenance unknown: no manifest.json next to the results.", `Backbones: ${backbonesOf(lines).join(", ")}`];
  const backbones = Object.entries(m.backbones)
    .map(([name, b]) => `${name} (${b.type}${b.model ? `: ${b.model}` : ""})`)
    .join(", ");
  return [
    `Dataset: ${m.dataset.name} (${m.dataset.path}; ${m.dataset.scenes} scenes, ${m.dataset.users} users, ${m.dataset.episodes} episodes)`,
    `Simulator: ${m.simulator} · Store: ${m.store} · Embedder: ${m.embedder}`,
    `Backbones: ${backbones}`,
    ...(m.perception ? [`Perception: ${m.perception}`] : []),
    `Config ${m.configHash} · commit ${m.gitCommit ?? "unknown"} · run ${m.runId}`,
  ];
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
async function writeFigure(dir: string, md: string[], files: string[], paper: boolean, f: Figure): Promise<void> {
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

export interface ReportOptions extends BootstrapOptions {
  /** also write each bar chart for a paper (paper-figures.ts): report/paper/ */
  paper?: boolean;
}

export async function writeReport(dir: string, opts: ReportOptions = {}): Promise<ReportOutput> {
  const resultsPath = join(dir, RESULTS_FILE);
  if (!existsSync(resultsPath))
    throw new Error(`${resultsPath}: no results file (run \`polar eval --out ${dir}\` first)`);
  const read = readResults(resultsPath);
  const warnings = describeProblems(resultsPath, read);
  const lines = read.lines;
  const manifest = readManifest(dir);
  const provenance = provenanceLines(manifest, lines);
  const outDir = join(dir, "report");
  mkdirSync(outDir, { recursive: true });
  const files: string[] = [];
  const paper = opts.paper === true;
  if (paper) mkdirSync(join(outDir, "paper"), { recursive: true });
  const boot = new Estimates(opts);

  const t1 = table1(lines, boot);
  const md: string[] = [
    "# Polar evaluation report",
    "",
    ...provenance.map((p) => `- ${p}`),
    `- Episodes: ${lines.length} (${lines.filter((l) => l.stage === "acquisition").length} acquisition, ${mainLines(lines).length} evaluation)`,
    `- Intervals: ${boot.describe()}`,
    ...warnings.map((w) => `- ⚠ ${w}`),
    "",
    "## Table 1 — SR, SPL, CM and grounded-right per scenario, memory mode and backbone",
    "",
    "SR is the paper's: a stop within the success distance of the target, whatever the agent grounded. Grounded right: the agent's grounding named the target instance (the harness compares; the agent never sees the target); SR among grounded right is SR over those episodes alone.",
    "",
    table1Markdown(t1),
    ...setupSection(lines, readFailures(dir)),
  ];
  const t1Csv = join(outDir, "table1.csv");
  writeFileSync(t1Csv, table1Csv(t1));
  files.push(t1Csv);

  const main = mainLines(lines);
  const memSeries = memoriesOf(main).map((m) => ({
    key: m,
    label: MEMORY_LABELS[m] ?? m,
    color: PALETTE[m as "none"] ?? "#555",
  }));

  // Figure 5: acquisition vs evaluation SR per memory mode.
  const gap = acquisitionGap(lines, boot);
  await writeFigure(outDir, md, files, paper, {
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

  // Figures 6–8: one bar per memory mode or retriever, per scenario.
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
  await writeFigure(outDir, md, files, paper, {
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
  await writeFigure(outDir, md, files, paper, {
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
  await writeFigure(outDir, md, files, paper, {
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

  // Table 2.
  const abl = representationAblation(lines, boot);
  md.push("## Table 2 — trajectory representation ablation (Polar)", "");
  if (abl.length) md.push(table2Markdown(abl));
  else
    md.push(
      "_Not run: these results hold only Polar's own representation. Run `polar eval --representations instruction,raw_trajectory,summary,episodic` to produce it._",
    );
  md.push("");

  const measures = measureRows(lines, boot);
  md.push(
    "## Measures — every other measure the run recorded (eval.measures)",
    "",
    "Over all scenarios, per backbone and episode group; `measures.csv` has them per scenario. Boolean measures in %, numeric ones as the mean per episode in their own unit.",
    "",
    measuresMarkdown(measures),
  );
  if (measures.length) {
    const csv = join(outDir, "measures.csv");
    writeFileSync(csv, measuresCsv(measures));
    files.push(csv);
  }

  md.push("## Model usage — calls, tokens and cost per backbone and episode group", "");
  md.push(
    lines.length ? usageMarkdown(usageTable(lines)) : "_No episodes yet._",
    "Acquisition episodes are their own group: they read no memory. Counts a provider did not report read “not reported”: they are unknown, not 0.",
    "",
  );

  const backbones = await backboneSections(dir, lines, boot, provenance, manifest, files, paper);
  md.push(...backbones.markdown);

  const markdown = md.join("\n");
  const mdPath = join(outDir, "report.md");
  writeFileSync(mdPath, markdown);
  files.unshift(mdPath);
  const consoleTable = [table1Console(t1), ...(backbones.console ? ["", backbones.console] : [])].join("\n");
  return { dir: outDir, markdown, files, consoleTable, warnings, episodes: lines.length };
}
