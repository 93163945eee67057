/** Table 1 and Table 2 as Markdown and CSV, from the aggregates in metrics.ts. */
import type { Estimate } from "../bootstrap.ts";
import {
  type AblationRow,
  GROUP_LABELS,
  MEMORY_LABELS,
  type Rates,
  SCENARIO_LABELS,
  type Table1Row,
  type UsageRow,
} from "../metrics.ts";
import { REPRESENTATION_LABELS, type Representation } from "../results.ts";
import { textTable } from "./text-table.ts";

const pct = (v: number) => (Number.isFinite(v) ? (v * 100).toFixed(1) : "–");

/** "42.0 [35.1, 48.9]" (percent). */
export function formatEstimate(e: Estimate | undefined, withCi = true): string {
  if (!e || e.n === 0) return "–";
  return withCi ? `${pct(e.mean)} [${pct(e.lo)}, ${pct(e.hi)}]` : pct(e.mean);
}

function mdRow(cells: string[]): string {
  return `| ${cells.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`;
}

export function scenarioColumns(rows: readonly Table1Row[]): string[] {
  const seen = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r.cells)) if (k !== "all") seen.add(k);
  // Keep the order the rows carry (metrics.ts already orders scenarios), "all" last.
  return [...seen, "all"];
}

/** Table 1: one block per metric so each stays readable; CIs in brackets. */
export function table1Markdown(rows: readonly Table1Row[]): string {
  if (rows.length === 0) return "_No evaluation episodes yet._\n";
  const scenarios = scenarioColumns(rows);
  const blocks: string[] = [];
  const metrics: [keyof Pick<Rates, "sr" | "spl" | "cm" | "groundedRight" | "srGroundedRight">, string][] = [
    ["sr", "SR (%) ↑"],
    ["spl", "SPL (×100) ↑"],
    ["cm", "CM (%) ↓ — same category, wrong instance"],
    ["groundedRight", "Grounded right (%) ↑ — grounding named the target instance"],
    ["srGroundedRight", "SR among grounded right (%) ↑"],
  ];
  for (const [metric, title] of metrics) {
    const head = ["Backbone", "Memory", ...scenarios.map((s) => SCENARIO_LABELS[s] ?? s)];
    const lines = [`**${title}**`, "", mdRow(head), mdRow(head.map((_, i) => (i < 2 ? "---" : "---:")))];
    for (const r of rows) {
      lines.push(
        mdRow([
          r.backbone,
          MEMORY_LABELS[r.memory] ?? r.memory,
          ...scenarios.map((s) => formatEstimate(r.cells[s]?.[metric])),
        ]),
      );
    }
    blocks.push(lines.join("\n"));
  }
  const counts = [
    mdRow(["Backbone", "Memory", ...scenarios.map((s) => `n ${SCENARIO_LABELS[s] ?? s}`), "errors"]),
    mdRow(["---", "---", ...scenarios.map(() => "---:"), "---:"]),
    ...rows.map((r) =>
      mdRow([
        r.backbone,
        MEMORY_LABELS[r.memory] ?? r.memory,
        ...scenarios.map((s) => String(r.cells[s]?.n ?? 0)),
        String(r.cells.all.errors),
      ]),
    ),
  ];
  blocks.push(["**Episodes per cell**", "", ...counts].join("\n"));
  return `${blocks.join("\n\n")}\n`;
}

/** A compact SR-only table for the terminal, within 100 columns. */
export function table1Console(rows: readonly Table1Row[]): string {
  if (rows.length === 0) return "(no evaluation episodes)";
  const scenarios = scenarioColumns(rows);
  const head = [
    "backbone",
    "memory",
    ...scenarios.map((s) => `SR ${SCENARIO_LABELS[s] ?? s}`),
    "SPL all",
    "CM all",
    "GR all",
    "SR|GR",
    "n",
  ];
  const body = rows.map((r) => [
    r.backbone,
    MEMORY_LABELS[r.memory] ?? r.memory,
    ...scenarios.map((s) => formatEstimate(r.cells[s]?.sr, false)),
    formatEstimate(r.cells.all.spl, false),
    formatEstimate(r.cells.all.cm, false),
    formatEstimate(r.cells.all.groundedRight, false),
    formatEstimate(r.cells.all.srGroundedRight, false),
    String(r.cells.all.n),
  ]);
  return textTable({ head, body, keys: 2 });
}

function csvCell(v: string | number): string {
  const s = typeof v === "number" ? (Number.isFinite(v) ? String(Number(v.toFixed(6))) : "") : v;
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function toCsv(header: string[], rows: (string | number)[][]): string {
  return `${[header, ...rows].map((r) => r.map(csvCell).join(",")).join("\n")}\n`;
}

/** Table 1 in long form: one row per backbone × memory × scenario, fractions not percent. */
export function table1Csv(rows: readonly Table1Row[]): string {
  const header = [
    "backbone",
    "memory",
    "scenario",
    "n",
    "sr",
    "sr_lo",
    "sr_hi",
    "spl",
    "spl_lo",
    "spl_hi",
    "cm",
    "cm_lo",
    "cm_hi",
    "grounded_right",
    "grounded_right_lo",
    "grounded_right_hi",
    "sr_grounded_right",
    "sr_grounded_right_lo",
    "sr_grounded_right_hi",
    "errors",
  ];
  const body: (string | number)[][] = [];
  for (const r of rows)
    for (const [scenario, c] of Object.entries(r.cells))
      body.push([
        r.backbone,
        r.memory,
        scenario,
        c.n,
        c.sr.mean,
        c.sr.lo,
        c.sr.hi,
        c.spl.mean,
        c.spl.lo,
        c.spl.hi,
        c.cm.mean,
        c.cm.lo,
        c.cm.hi,
        c.groundedRight.mean,
        c.groundedRight.lo,
        c.groundedRight.hi,
        c.srGroundedRight.mean,
        c.srGroundedRight.lo,
        c.srGroundedRight.hi,
        c.errors,
      ]);
  return toCsv(header, body);
}

export function table2Markdown(rows: readonly AblationRow[]): string {
  const head = ["Backbone", "Setting", "SR (%)", "SPL (×100)", "CM (%)", "n"];
  return `${[
    mdRow(head),
    mdRow(["---", "---", "---:", "---:", "---:", "---:"]),
    ...rows.map((r) =>
      mdRow([
        r.backbone,
        REPRESENTATION_LABELS[r.representation as Representation] ?? r.representation,
        formatEstimate(r.rates.sr),
        formatEstimate(r.rates.spl),
        formatEstimate(r.rates.cm),
        String(r.rates.n),
      ]),
    ),
  ].join("\n")}\n`;
}

/** A count a provider did not report reads "not reported", never 0. */
const NOT_REPORTED = "not reported";

/** Model calls, tokens and cost per backbone and episode group (acquisition, then each memory mode). */
export function usageMarkdown(rows: readonly UsageRow[]): string {
  const known = (v: number | null, f: (v: number) => string) => (v === null ? NOT_REPORTED : f(v));
  const head = [
    "Backbone",
    "Episodes of",
    "Episodes",
    "Calls",
    "Failed calls",
    "Input tokens",
    "Output tokens",
    "Cost (USD)",
  ];
  return `${[
    mdRow(head),
    mdRow(head.map((_, i) => (i < 2 ? "---" : "---:"))),
    ...rows.map((r) =>
      mdRow([
        r.backbone,
        GROUP_LABELS[r.group] ?? r.group,
        String(r.episodes),
        String(r.calls),
        String(r.failedCalls),
        known(r.inputTokens, String),
        known(r.outputTokens, String),
        known(r.costUsd, (c) => c.toFixed(4)),
      ]),
    ),
  ].join("\n")}\n`;
}
