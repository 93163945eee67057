/**
 * SR against cost per episode: one point per backbone × memory mode (evaluation episodes of
 * Polar's own representation), with 95% bootstrap intervals on both axes and the Pareto front
 * (no other point is at least as cheap and at least as successful, and better in one) marked.
 * A point whose cost some episode did not report is not placed, and the figure says so.
 */
import type { BootstrapOptions, Estimate } from "../bootstrap.ts";
import { type Estimates, estimatesOf } from "../estimates.ts";
import { MEMORY_LABELS, mainLines, memoriesOf } from "../metrics.ts";
import type { ResultLine } from "../results.ts";
import { formatUsd } from "./backbones.ts";
import { escapeXml, PALETTE } from "./svg.ts";

export interface CostPoint {
  backbone: string;
  memory: string;
  sr: Estimate;
  /** USD per episode; null when some episode's cost was not reported */
  cost: Estimate | null;
  pareto: boolean;
}

export function costPoints(lines: readonly ResultLine[], opts?: Estimates | BootstrapOptions): CostPoint[] {
  const est = estimatesOf(opts);
  const main = mainLines(lines);
  const points: CostPoint[] = [];
  for (const backbone of [...new Set(main.map((l) => l.backbone))])
    for (const memory of memoriesOf(main)) {
      const group = main.filter((l) => l.backbone === backbone && l.memory === memory);
      if (group.length === 0) continue;
      const costs = group.map((l) => l.usage.costUsd);
      const cost = costs.every((c): c is number => c !== null)
        ? est.mean(`cost|${backbone}|${memory}|all`, costs)
        : null;
      // Table 1's SR of the same row, the same interval
      const sr = est.proportion(
        `sr|${backbone}|${memory}|all`,
        group.map((l) => l.success),
      );
      points.push({ backbone, memory, sr, cost, pareto: false });
    }
  for (const p of points) {
    if (!p.cost) continue;
    const pc = p.cost.mean;
    p.pareto = !points.some(
      (q) =>
        q !== p &&
        q.cost !== null &&
        q.cost.mean <= pc &&
        q.sr.mean >= p.sr.mean &&
        (q.cost.mean < pc || q.sr.mean > p.sr.mean),
    );
  }
  return points;
}

const FONT = "DejaVu Sans, Helvetica, Arial, sans-serif";
const SHAPES = ["circle", "square", "triangle", "diamond", "cross"] as const;

function marker(shape: (typeof SHAPES)[number], x: number, y: number, r: number, attrs: string): string {
  const f = (v: number) => v.toFixed(1);
  switch (shape) {
    case "circle":
      return `<circle cx="${f(x)}" cy="${f(y)}" r="${r}" ${attrs}/>`;
    case "square":
      return `<rect x="${f(x - r)}" y="${f(y - r)}" width="${2 * r}" height="${2 * r}" ${attrs}/>`;
    case "triangle":
      return `<path d="M${f(x)} ${f(y - r * 1.2)}L${f(x + r * 1.1)} ${f(y + r * 0.8)}L${f(x - r * 1.1)} ${f(y + r * 0.8)}Z" ${attrs}/>`;
    case "diamond":
      return `<path d="M${f(x)} ${f(y - r * 1.3)}L${f(x + r * 1.3)} ${f(y)}L${f(x)} ${f(y + r * 1.3)}L${f(x - r * 1.3)} ${f(y)}Z" ${attrs}/>`;
    default:
      return `<path d="M${f(x - r)} ${f(y - r)}L${f(x + r)} ${f(y + r)}M${f(x + r)} ${f(y - r)}L${f(x - r)} ${f(y + r)}" stroke-width="3" ${attrs}/>`;
  }
}

function niceTop(v: number): number {
  if (!(v > 0)) return 1;
  const mag = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * mag >= v) return m * mag;
  return 10 * mag;
}

/** Long provenance lines wrapped at word boundaries, so they do not set the figure's width. */
function wrap(lines: readonly string[], max = 150): string[] {
  const out: string[] = [];
  for (const line of lines) {
    let cur = "";
    for (const word of line.split(" ")) {
      if (cur && cur.length + 1 + word.length > max) {
        out.push(cur);
        cur = `  ${word}`;
      } else cur = cur ? `${cur} ${word}` : word;
    }
    out.push(cur);
  }
  return out;
}

/** The figure as SVG; null when no point has a known cost. */
export function costFigure(points: readonly CostPoint[], provenance: string[]): string | null {
  const footer = wrap(provenance);
  const placed = points.filter((p): p is CostPoint & { cost: Estimate } => p.cost !== null);
  if (placed.length === 0) return null;
  const textW = (line: string, px: number) => line.length * px * 0.54;
  const longest = Math.max(0, ...footer.map((f) => textW(f, 11)));
  const labelW = Math.max(...points.map((p) => textW(`00 ${p.backbone} · ${MEMORY_LABELS[p.memory] ?? p.memory}`, 11)));
  const W = Math.ceil(Math.max(900, 90 + longest + 30, 90 + 480 + 40 + labelW + 20));
  const plotL = 90;
  const plotR = W - Math.max(260, labelW + 50);
  const plotT = 80;
  const plotH = 360;
  const height = Math.max(plotT + plotH + 60 + 18 * (footer.length + 1), plotT + 200 + 18 * points.length + 60);
  const xTop = niceTop(Math.max(...placed.map((p) => (Number.isFinite(p.cost.hi) ? p.cost.hi : p.cost.mean))) * 1.08);
  const yTop = Math.min(1, Math.ceil((Math.max(...placed.map((p) => p.sr.hi)) * 1.08 + 1e-9) * 10) / 10) || 1;
  const x = (v: number) => plotL + (Math.max(0, Math.min(v, xTop)) / xTop) * (plotR - plotL);
  const y = (v: number) => plotT + plotH - (Math.max(0, Math.min(v, yTop)) / yTop) * plotH;
  const t = (px: number, py: number, s: string, attrs: string) =>
    `<text x="${px.toFixed(1)}" y="${py.toFixed(1)}" ${attrs}>${escapeXml(s)}</text>`;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}" viewBox="0 0 ${W} ${height}" font-family="${FONT}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    t(plotL, 32, "Success rate against cost per episode", `font-size="20" font-weight="bold" fill="#222"`),
    t(
      plotL,
      54,
      "One point per backbone and memory mode; whiskers: 95% bootstrap CI on both axes; dashed: Pareto front",
      `font-size="12" fill="#555"`,
    ),
  ];
  for (let i = 0; i <= 5; i++) {
    const yv = (yTop * i) / 5;
    const xv = (xTop * i) / 5;
    out.push(
      `<line x1="${plotL}" y1="${y(yv).toFixed(1)}" x2="${plotR}" y2="${y(yv).toFixed(1)}" stroke="${i ? "#e6e6e6" : "#444"}"/>`,
      t(plotL - 7, y(yv) + 4, `${Math.round(yv * 100)}%`, `font-size="11" fill="#555" text-anchor="end"`),
      `<line x1="${x(xv).toFixed(1)}" y1="${plotT + plotH}" x2="${x(xv).toFixed(1)}" y2="${plotT + plotH + 5}" stroke="#444"/>`,
      t(x(xv), plotT + plotH + 19, formatUsd(xv), `font-size="11" fill="#555" text-anchor="middle"`),
    );
  }
  out.push(
    `<line x1="${plotL}" y1="${plotT}" x2="${plotL}" y2="${plotT + plotH}" stroke="#444"/>`,
    t(
      (plotL + plotR) / 2,
      plotT + plotH + 40,
      "Cost per episode (USD)",
      `font-size="13" fill="#333" text-anchor="middle"`,
    ),
    t(
      22,
      plotT + plotH / 2,
      "Success rate",
      `font-size="13" fill="#333" text-anchor="middle" transform="rotate(-90 22 ${plotT + plotH / 2})"`,
    ),
  );
  const front = placed.filter((p) => p.pareto).sort((a, b) => a.cost.mean - b.cost.mean);
  if (front.length > 1) {
    // a step line: SR reachable at each cost
    let d = `M${x(front[0].cost.mean).toFixed(1)} ${y(front[0].sr.mean).toFixed(1)}`;
    for (const p of front.slice(1)) d += `H${x(p.cost.mean).toFixed(1)}V${y(p.sr.mean).toFixed(1)}`;
    out.push(`<path d="${d}" stroke="#b03030" stroke-width="1.6" stroke-dasharray="6 4" fill="none"/>`);
  }
  const backbones = [...new Set(points.map((p) => p.backbone))];
  const shapeOf = (b: string) => SHAPES[backbones.indexOf(b) % SHAPES.length];
  // points are numbered on the plot and named in the legend, so close points stay readable
  const number = new Map(points.map((p, i) => [p, i + 1]));
  for (const p of placed) {
    const cx = x(p.cost.mean);
    const cy = y(p.sr.mean);
    const colour = PALETTE[p.memory as "none"] ?? "#555";
    out.push(
      `<path d="M${x(p.cost.lo).toFixed(1)} ${cy.toFixed(1)}H${x(p.cost.hi).toFixed(1)}M${cx.toFixed(1)} ${y(p.sr.lo).toFixed(1)}V${y(p.sr.hi).toFixed(1)}" stroke="${colour}" stroke-width="1.2" opacity="0.8"/>`,
    );
    const tip = `${p.backbone} · ${MEMORY_LABELS[p.memory] ?? p.memory}: SR ${(p.sr.mean * 100).toFixed(1)}% [${(p.sr.lo * 100).toFixed(1)}, ${(p.sr.hi * 100).toFixed(1)}], USD ${formatUsd(p.cost.mean)} / episode, n=${p.sr.n}${p.pareto ? " (Pareto front)" : ""}`;
    out.push(
      `<g><title>${escapeXml(tip)}</title>${marker(shapeOf(p.backbone), cx, cy, 6, `fill="${colour}" stroke="${p.pareto ? "#b03030" : "#333"}" stroke-width="${p.pareto ? 2.5 : 1}"`)}</g>`,
    );
    out.push(t(cx + 8, cy - 7, String(number.get(p)), `font-size="11" font-weight="bold" fill="#333"`));
  }
  // legend: shapes for backbones, colours for memory modes
  let ly = plotT + 6;
  const lx = plotR + 24;
  out.push(t(lx, ly, "Backbone", `font-size="12" font-weight="bold" fill="#333"`));
  for (const b of backbones) {
    ly += 20;
    out.push(marker(shapeOf(b), lx + 6, ly - 4, 5, `fill="#fff" stroke="#333" stroke-width="1.2"`));
    out.push(t(lx + 18, ly, b, `font-size="12" fill="#333"`));
  }
  ly += 30;
  out.push(t(lx, ly, "Memory mode", `font-size="12" font-weight="bold" fill="#333"`));
  for (const m of [...new Set(points.map((p) => p.memory))]) {
    ly += 20;
    out.push(`<rect x="${lx}" y="${ly - 11}" width="12" height="12" fill="${PALETTE[m as "none"] ?? "#555"}"/>`);
    out.push(t(lx + 18, ly, MEMORY_LABELS[m] ?? m, `font-size="12" fill="#333"`));
  }
  ly += 30;
  out.push(`<path d="M${lx} ${ly - 4}h24" stroke="#b03030" stroke-width="1.6" stroke-dasharray="6 4"/>`);
  out.push(t(lx + 30, ly, "Pareto front", `font-size="12" fill="#333"`));
  ly += 30;
  out.push(t(lx, ly, "Points", `font-size="12" font-weight="bold" fill="#333"`));
  for (const p of points) {
    ly += 18;
    const name = `${number.get(p)} ${p.backbone} · ${MEMORY_LABELS[p.memory] ?? p.memory}`;
    out.push(t(lx, ly, p.cost ? name : `${name} (not placed)`, `font-size="11" fill="${p.cost ? "#333" : "#999"}"`));
  }
  const unplaced = points.filter((p) => p.cost === null);
  const notes = [
    ...(unplaced.length
      ? [
          `Not placed (cost not reported): ${unplaced.map((p) => `${p.backbone} · ${MEMORY_LABELS[p.memory] ?? p.memory}`).join(", ")}`,
        ]
      : []),
    ...footer,
  ];
  notes.forEach((line, i) => {
    out.push(t(plotL, plotT + plotH + 64 + i * 18, line, `font-size="11" fill="#666"`));
  });
  out.push("</svg>");
  return out.join("\n");
}
