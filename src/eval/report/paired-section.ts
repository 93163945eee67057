/**
 * The report's paired comparisons: every pair of backbones within a memory mode and every pair
 * of memory modes on one backbone, over the evaluation episodes both ran (Polar's own
 * representation), with the episodes where they disagree listed and linked to their event
 * streams when the run kept them (`polar eval --trajectories`).
 */

import { existsSync } from "node:fs";
import { join } from "node:path";
import type { BootstrapOptions } from "../bootstrap.ts";
import { episodeDir } from "../episode-files.ts";
import { type Estimates, estimatesOf } from "../estimates.ts";
import { holmAdjust } from "../holm.ts";
import { MEMORY_LABELS, mainLines, memoriesOf } from "../metrics.ts";
import { comparePaired, type Pair, type PairedResult } from "../paired.ts";
import type { ResultLine } from "../results.ts";
import { formatEstimate, toCsv } from "./tables.ts";

export interface PairedComparison {
  /** "backbones": A and B are backbones in memory mode `holding`; "memory": memory modes on backbone `holding` */
  kind: "backbones" | "memory";
  holding: string;
  a: string;
  b: string;
  result: PairedResult;
  /** each disagreeing episode's lines, A's then B's */
  lines: Map<string, [ResultLine, ResultLine]>;
}

function pairsOf(as: readonly ResultLine[], bs: readonly ResultLine[]) {
  const byId = new Map(bs.map((l) => [l.episodeId, l]));
  const pairs: Pair[] = [];
  const lines = new Map<string, [ResultLine, ResultLine]>();
  // by episode id: the bootstrap resamples by index, and the order lines finished in is the workers'
  for (const a of [...as].sort((x, y) => x.episodeId.localeCompare(y.episodeId))) {
    const b = byId.get(a.episodeId);
    if (!b) continue;
    pairs.push({ id: a.episodeId, a: a.success, b: b.success });
    if (a.success !== b.success) lines.set(a.episodeId, [a, b]);
  }
  return { pairs, lines };
}

export function pairedComparisons(
  lines: readonly ResultLine[],
  opts?: Estimates | BootstrapOptions,
): PairedComparison[] {
  const est = estimatesOf(opts);
  const main = mainLines(lines);
  const backbones = [...new Set(main.map((l) => l.backbone))];
  const memories = memoriesOf(main);
  const cell = (backbone: string, memory: string) => main.filter((l) => l.backbone === backbone && l.memory === memory);
  const out: PairedComparison[] = [];
  const add = (
    kind: PairedComparison["kind"],
    holding: string,
    a: string,
    b: string,
    as: ResultLine[],
    bs: ResultLine[],
  ) => {
    const { pairs, lines: disagree } = pairsOf(as, bs);
    if (pairs.length === 0) return;
    const result = comparePaired(pairs, est.optionsFor(`paired|${kind}|${holding}|${a}|${b}`));
    out.push({ kind, holding, a, b, result, lines: disagree });
  };
  for (const memory of memories)
    for (let i = 0; i < backbones.length; i++)
      for (let j = i + 1; j < backbones.length; j++)
        add("backbones", memory, backbones[i], backbones[j], cell(backbones[i], memory), cell(backbones[j], memory));
  for (const backbone of backbones)
    for (let i = 0; i < memories.length; i++)
      for (let j = i + 1; j < memories.length; j++)
        // the later mode (raw, Polar) first, so a positive difference reads as memory helping
        add("memory", backbone, memories[j], memories[i], cell(backbone, memories[j]), cell(backbone, memories[i]));
  return out;
}

const name = (c: PairedComparison, side: string) => (c.kind === "memory" ? (MEMORY_LABELS[side] ?? side) : side);
const holdingLabel = (c: PairedComparison) =>
  c.kind === "memory" ? `backbone ${c.holding}` : `memory ${MEMORY_LABELS[c.holding] ?? c.holding}`;
const pct = (v: number) => (Number.isFinite(v) ? (v * 100).toFixed(1) : "–");

function formatP(p: number): string {
  if (p >= 0.001) return p.toFixed(p >= 0.1 ? 2 : 3);
  return p.toExponential(1);
}

/** A link to the episode's event stream from report/report.md, when the run kept it. */
function episodeLink(dir: string, l: ResultLine): string {
  const rel = join(episodeDir(l), "events.jsonl");
  return existsSync(join(dir, rel)) ? `[${l.episodeId}](../${rel})` : l.episodeId;
}

function hasEpisodeFiles(dir: string, c: PairedComparison): boolean {
  return [...c.lines.values()].some(
    ([a, b]) => episodeLink(dir, a) !== a.episodeId || episodeLink(dir, b) !== b.episodeId,
  );
}

/** At most this many disagreeing episodes per side are listed in the Markdown; the CSV has all. */
const LISTED = 40;

export function pairedMarkdown(dir: string, comparisons: readonly PairedComparison[]): string[] {
  if (comparisons.length === 0) return ["_Nothing to pair: one backbone and one memory mode._", ""];
  const holm = holmAdjust(comparisons.map((c) => c.result.mcnemar.p));
  const m = comparisons.length;
  const md = [
    `Multiple comparisons: the ${m} McNemar test${m === 1 ? "" : "s"} below are one family, corrected by **Holm–Bonferroni** (step-down: the i-th smallest p times ${m} − i + 1, kept non-decreasing, capped at 1); a difference holds at 5% family-wise when its Holm p is below 0.05. The intervals are per comparison, not simultaneous.`,
    "",
    "| A vs B | Holding | Pairs | SR A (%) | SR B (%) | Δ SR, paired 95% CI (pts) | Δ SR, unpaired CI | Only A | Only B | McNemar exact p | Holm–Bonferroni p |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...comparisons.map((c, i) => {
      const r = c.result;
      return `| ${name(c, c.a)} vs ${name(c, c.b)} | ${holdingLabel(c)} | ${r.n} | ${pct(r.srA)} | ${pct(r.srB)} | ${formatEstimate(r.diff)} | ${formatEstimate(r.unpaired)} | ${r.mcnemar.onlyA} | ${r.mcnemar.onlyB} | ${formatP(r.mcnemar.p)} | ${formatP(holm[i])}${holm[i] < 0.05 ? " *" : ""} |`;
    }),
    "",
    ...(holm.some((p) => p < 0.05) ? ["\\* below 0.05 after the Holm–Bonferroni correction.", ""] : []),
  ];
  const kept = comparisons.some((c) => c.lines.size > 0 && hasEpisodeFiles(dir, c));
  const disagreeing = comparisons.filter((c) => c.lines.size > 0);
  if (disagreeing.length === 0) {
    md.push("No episode was solved by one side of a pair and not the other.", "");
    return md;
  }
  md.push(
    kept
      ? "Episodes where the two disagree, linked to their event streams (`polar dashboard` replays them):"
      : "Episodes where the two disagree (`polar eval --trajectories` keeps each episode's event stream, and this list links them):",
    "",
  );
  for (const c of comparisons) {
    if (c.lines.size === 0) continue;
    const side = (winner: "a" | "b") => {
      const ls = [...c.lines.values()].filter(([a]) => (winner === "a" ? a.success : !a.success));
      const shown = ls.slice(0, LISTED).map(([a, b]) => episodeLink(dir, winner === "a" ? a : b));
      const more = ls.length > LISTED ? ` and ${ls.length - LISTED} more (paired_disagreements.csv)` : "";
      return ls.length ? `${shown.join(", ")}${more}` : "none";
    };
    md.push(
      `- **${name(c, c.a)} vs ${name(c, c.b)}** (${holdingLabel(c)}): only ${name(c, c.a)} succeeded: ${side("a")}; only ${name(c, c.b)} succeeded: ${side("b")}`,
    );
  }
  md.push("");
  return md;
}

export function pairedCsv(comparisons: readonly PairedComparison[]): string {
  const holm = holmAdjust(comparisons.map((c) => c.result.mcnemar.p));
  return toCsv(
    [
      "kind",
      "holding",
      "a",
      "b",
      "pairs",
      "sr_a",
      "sr_b",
      "diff",
      "diff_lo",
      "diff_hi",
      "unpaired_lo",
      "unpaired_hi",
      "only_a",
      "only_b",
      "mcnemar_p",
      "mcnemar_p_holm",
    ],
    comparisons.map((c, i) => {
      const r = c.result;
      return [
        c.kind,
        c.holding,
        c.a,
        c.b,
        r.n,
        r.srA,
        r.srB,
        r.diff.mean,
        r.diff.lo,
        r.diff.hi,
        r.unpaired.lo,
        r.unpaired.hi,
        r.mcnemar.onlyA,
        r.mcnemar.onlyB,
        r.mcnemar.p,
        holm[i],
      ];
    }),
  );
}

export function disagreementsCsv(comparisons: readonly PairedComparison[]): string {
  const rows: (string | number)[][] = [];
  for (const c of comparisons)
    for (const [id, [a, b]] of c.lines)
      rows.push([c.kind, c.holding, c.a, c.b, id, a.success ? c.a : c.b, a.scenario, episodeDir(a), episodeDir(b)]);
  return toCsv(["kind", "holding", "a", "b", "episode", "succeeded", "scenario", "a_dir", "b_dir"], rows);
}
