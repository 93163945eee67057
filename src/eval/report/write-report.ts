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
import { backbonesOf, mainLines, representationAblation, table1, usageTable } from "../metrics.ts";
import {
  describeProblems,
  MANIFEST_FILE,
  RESULTS_FILE,
  type ResultLine,
  RunManifest,
  readResults,
} from "../results.ts";
import { backboneSections } from "./backbone-section.ts";
import { figure5, type ReportContext, scenarioFigures } from "./figures-section.ts";
import { measureRows, measuresCsv, measuresMarkdown } from "./measures-section.ts";
import { readFailures, setupSection } from "./setup-section.ts";
import { table1Console, table1Csv, table1Markdown, table2Markdown, usageMarkdown } from "./tables.ts";

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

  const ctx: ReportContext = { outDir, lines, main: mainLines(lines), boot, provenance, paper, md, files };
  await figure5(ctx);
  await scenarioFigures(ctx);

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
