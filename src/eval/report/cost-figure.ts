/**
 * SR against what it costs: per episode in USD (Figure 9) or per model call in latency
 * (Figure 10). One point per backbone × memory mode (evaluation episodes of Polar's own
 * representation), with 95% intervals, and the Pareto front (no other point is at least as
 * cheap and at least as successful, and better in one) marked. A point whose cost some episode
 * did not report is not placed, and the figure says so.
 *
 * Costs of backbones span orders of magnitude (a local model at price 0, a heuristic with no
 * calls, a paid API): past a 30× spread the x axis is logarithmic, and points at 0 sit in a band
 * of their own left of a broken axis, spread apart so their numbers never overlap.
 */
import type { BootstrapOptions, Estimate } from "../bootstrap.ts";
import { type Estimates, estimatesOf } from "../estimates.ts";
import { MEMORY_LABELS, mainLines, memoriesOf } from "../metrics.ts";
import type { ResultLine } from "../results.ts";
import { histogramQuantile, mergeHistograms } from "../usage-detail.ts";
import { formatUsd } from "./backbone-usage.ts";
import { escapeXml, PALETTE } from "./svg.ts";
import { wrapLines } from "./text-table.ts";
import { niceTicks, percentLabel, tickLabel } from "./ticks.ts";

export interface CostPoint {
  backbone: string;
  memory: string;
  sr: Estimate;
  /** USD per episode (or ms per call for the latency variant); null when some episode's was not reported */
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
  return markPareto(points);
}

function markPareto(points: CostPoint[]): CostPoint[] {
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

/**
 * The latency variant: x is the median model latency per call over the group's calls (from the
 * lines' latency histograms), its whisker the p25–p75 of those calls; a group without calls
 * sits at 0. Null x when some line has no per-stage usage (older results).
 */
export function latencyPoints(lines: readonly ResultLine[], opts?: Estimates | BootstrapOptions): CostPoint[] {
  const est = estimatesOf(opts);
  const main = mainLines(lines);
  const points: CostPoint[] = [];
  for (const backbone of [...new Set(main.map((l) => l.backbone))])
    for (const memory of memoriesOf(main)) {
      const group = main.filter((l) => l.backbone === backbone && l.memory === memory);
      if (group.length === 0) continue;
      const sr = est.proportion(
        `sr|${backbone}|${memory}|all`,
        group.map((l) => l.success),
      );
      const known = group.every((l) => l.usage.calls === 0 || l.usage.stages);
      let cost: Estimate | null = null;
      if (known) {
        const h = mergeHistograms(group.flatMap((l) => Object.values(l.usage.stages ?? {}).map((s) => s.latency)));
        const p50 = histogramQuantile(h, 0.5);
        cost =
          p50 === null
            ? { mean: 0, lo: 0, hi: 0, n: 0 }
            : {
                mean: p50,
                lo: histogramQuantile(h, 0.25) ?? p50,
                hi: histogramQuantile(h, 0.75) ?? p50,
                n: group.length,
              };
      }
      points.push({ backbone, memory, sr, cost, pareto: false });
    }
  return markPareto(points);
}

const FONT = "DejaVu Sans, Helvetica, Arial, sans-serif";
export const SHAPES = ["circle", "square", "triangle", "diamond", "cross"] as const;

export function marker(shape: (typeof SHAPES)[number], x: number, y: number, r: number, attrs: string): string {
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

export interface TradeoffAxis {
  /** "Figure 9 · …" */
  title: string;
  subtitle: string;
  xLabel: string;
  format: (v: number) => string;
  /** what a point at 0 is ("price 0", "no model calls") */
  zeroLabel: string;
  /** why a point is not placed */
  unplacedAs: string;
}

export const COST_AXIS: TradeoffAxis = {
  title: "Figure 9 · Success rate against cost per episode",
  subtitle: "One point per backbone and memory mode; whiskers: 95% intervals on both axes; dashed: Pareto front",
  xLabel: "Cost per episode (USD)",
  format: formatUsd,
  zeroLabel: "price 0",
  unplacedAs: "cost not reported",
};

export const LATENCY_AXIS: TradeoffAxis = {
  title: "Figure 10 · Success rate against model latency per call",
  subtitle:
    "x: median latency of the group's model calls, whisker p25–p75; y: SR with its 95% interval; dashed: Pareto front",
  xLabel: "Model latency per call, median (ms)",
  format: (v) => (v >= 100 ? v.toFixed(0) : v.toPrecision(2)),
  zeroLabel: "no model calls",
  unplacedAs: "latency not recorded",
};

/** x placement: linear from 0, or log10 over the positive values when they span more than LOG_SPREAD */
const LOG_SPREAD = 30;

interface Scale {
  log: boolean;
  at(v: number): number;
  ticks: number[];
  /** a tick's label, with the digits its grid needs */
  label(v: number): string;
}

export function xScale(values: number[], left: number, right: number, count = 6): Scale {
  const pos = values.filter((v) => v > 0 && Number.isFinite(v));
  if (pos.length === 0) return { log: false, at: () => left, ticks: [], label: String };
  const lo = Math.min(...pos);
  const hi = Math.max(...pos);
  if (hi / lo > LOG_SPREAD) {
    const d0 = Math.floor(Math.log10(lo));
    const d1 = Math.max(d0 + 1, Math.ceil(Math.log10(hi)));
    const at = (v: number) => left + ((Math.log10(Math.max(v, 10 ** d0)) - d0) / (d1 - d0)) * (right - left);
    const ticks: number[] = [];
    for (let d = d0; d <= d1; d++) ticks.push(Number((10 ** d).toFixed(Math.max(0, -d))));
    return { log: true, at, ticks, label: (v) => tickLabel(v, v) };
  }
  const { top, ticks, step } = niceTicks(hi * 1.08, count);
  return {
    log: false,
    at: (v) => left + (Math.max(0, Math.min(v, top)) / top) * (right - left),
    ticks,
    label: (v) => tickLabel(v, step),
  };
}

type Placed = CostPoint & { cost: Estimate };

/** The values the x scale must hold: each placed point's cost and the ends of its interval. */
export function costExtent(points: readonly Placed[]): number[] {
  return points.flatMap((p) => [
    p.cost.mean,
    ...(Number.isFinite(p.cost.lo) && p.cost.lo > 0 ? [p.cost.lo] : []),
    ...(Number.isFinite(p.cost.hi) ? [p.cost.hi] : []),
  ]);
}

/** One cost (or latency) figure's layout and scales, computed once for the drawing steps. */
interface CostPlot {
  axis: TradeoffAxis;
  points: readonly CostPoint[];
  placed: Placed[];
  zero: Placed[];
  rest: Placed[];
  /** one backbone: points named on the plot, a one-line legend */
  one: boolean;
  plotL: number;
  plotR: number;
  plotT: number;
  plotH: number;
  axisL: number;
  band: number;
  W: number;
  height: number;
  footer: string[];
  scale: Scale;
  yAxis: ReturnType<typeof niceTicks>;
  x(p: Placed, v?: number): number;
  y(v: number): number;
}

const textW = (line: string, px: number) => line.length * px * 0.54;
const svgText = (px: number, py: number, s: string, attrs: string) =>
  `<text x="${px.toFixed(1)}" y="${py.toFixed(1)}" ${attrs}>${escapeXml(s)}</text>`;

/** The figure as SVG; null when no point is placed. */
export function costFigure(
  points: readonly CostPoint[],
  provenance: string[],
  axis: TradeoffAxis = COST_AXIS,
): string | null {
  const g = costPlot(points, provenance, axis);
  if (!g) return null;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${g.W}" height="${g.height}" viewBox="0 0 ${g.W} ${g.height}" font-family="${FONT}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    svgText(g.plotL, 32, axis.title, `font-size="20" font-weight="bold" fill="#222"`),
    svgText(g.plotL, 54, axis.subtitle, `font-size="12" fill="#555"`),
  ];
  drawAxes(out, g);
  drawPoints(out, g);
  if (g.one) drawPointLabels(out, g);
  drawLegend(out, g);
  drawNotes(out, g);
  out.push("</svg>");
  return out.join("\n");
}

function costPlot(points: readonly CostPoint[], provenance: string[], axis: TradeoffAxis): CostPlot | null {
  const footer = wrapLines(provenance, 120);
  const placed = points.filter((p): p is Placed => p.cost !== null);
  if (placed.length === 0) return null;
  const zero = placed.filter((p) => p.cost.mean === 0);
  const rest = placed.filter((p) => p.cost.mean > 0);
  // one backbone: each point is labelled on the plot by its memory mode, and the legend is one
  // line, so the figure is the plot, not a legend beside it
  const one = new Set(points.map((p) => p.backbone)).size === 1;
  const labelW = one
    ? Math.max(textW(`Backbone: ${points[0].backbone}`, 12), textW("Pareto front", 12) + 30)
    : Math.max(...points.map((p) => textW(`00 ${p.backbone} · ${MEMORY_LABELS[p.memory] ?? p.memory}`, 11)));
  const plotL = 90;
  // the band for points at 0: wide enough that each has its own column
  const band = zero.length ? 34 + 24 * (zero.length - 1) : 0;
  const axisL = plotL + (band ? band + 22 : 0);
  const plotW = 560;
  const plotR = axisL + (rest.length ? plotW : 0) + (rest.length ? 0 : 20);
  const W = Math.ceil(Math.max(plotR + 40 + labelW + 20, plotL + textW(axis.title, 20) + 30, 900));
  const plotT = 80;
  const plotH = 360;
  const height = Math.max(
    plotT + plotH + 60 + 18 * (footer.length + 2),
    one ? 0 : plotT + 200 + 18 * points.length + 60,
  );
  const scale = xScale(costExtent(rest), axisL, plotR);
  const zeroX = new Map(
    [...zero].sort((a, b) => a.sr.mean - b.sr.mean).map((p, i) => [p, plotL + 17 + 24 * i] as const),
  );
  const yAxis = niceTicks(Math.max(...placed.map((p) => p.sr.hi)) * 1.08, 6, 1);
  const yTop = yAxis.top;
  return {
    axis,
    points,
    placed,
    zero,
    rest,
    one,
    plotL,
    plotR,
    plotT,
    plotH,
    axisL,
    band,
    W,
    height,
    footer,
    scale,
    yAxis,
    x: (p, v = p.cost.mean) => (p.cost.mean === 0 ? (zeroX.get(p) as number) : scale.at(v)),
    y: (v) => plotT + plotH - (Math.max(0, Math.min(v, yTop)) / yTop) * plotH,
  };
}

/** Grid and ticks, the band at 0 with its broken axis, the axis titles. */
function drawAxes(out: string[], g: CostPlot): void {
  const { plotL, plotR, plotT, plotH, y, scale, band, axis } = g;
  for (const [i, yv] of g.yAxis.ticks.entries()) {
    out.push(
      `<line x1="${plotL}" y1="${y(yv).toFixed(1)}" x2="${plotR}" y2="${y(yv).toFixed(1)}" stroke="${i ? "#e6e6e6" : "#444"}"/>`,
      svgText(plotL - 7, y(yv) + 4, percentLabel(yv, g.yAxis.step), `font-size="11" fill="#555" text-anchor="end"`),
    );
  }
  if (g.rest.length)
    for (const xv of scale.ticks) {
      const px = scale.at(xv);
      out.push(
        `<line x1="${px.toFixed(1)}" y1="${plotT + plotH}" x2="${px.toFixed(1)}" y2="${plotT + plotH + 5}" stroke="#444"/>`,
        svgText(px, plotT + plotH + 19, scale.label(xv), `font-size="11" fill="#555" text-anchor="middle"`),
      );
    }
  if (band) {
    // the broken axis: the band at 0, then a gap marked //, then the scale
    const bx = plotL + band + 11;
    out.push(
      `<rect x="${plotL}" y="${plotT}" width="${band}" height="${plotH}" fill="#f4f4f4" data-band="zero"/>`,
      svgText(
        plotL + band / 2,
        plotT + plotH + 19,
        `0 (${axis.zeroLabel})`,
        `font-size="11" fill="#555" text-anchor="middle"`,
      ),
      `<path d="M${bx - 6} ${plotT + plotH + 6}l5 -12M${bx} ${plotT + plotH + 6}l5 -12" stroke="#444" stroke-width="1.4" data-axis-break="1"/>`,
    );
  }
  out.push(
    `<line x1="${plotL}" y1="${plotT}" x2="${plotL}" y2="${plotT + plotH}" stroke="#444"/>`,
    svgText(
      (g.axisL + plotR) / 2,
      plotT + plotH + 40,
      `${axis.xLabel}${scale.log && g.rest.length ? ", log scale" : ""}`,
      `font-size="13" fill="#333" text-anchor="middle"`,
    ),
    svgText(
      22,
      plotT + plotH / 2,
      "Success rate",
      `font-size="13" fill="#333" text-anchor="middle" transform="rotate(-90 22 ${plotT + plotH / 2})"`,
    ),
  );
}

const backbonesOfPoints = (points: readonly CostPoint[]) => [...new Set(points.map((p) => p.backbone))];
const shapeOf = (points: readonly CostPoint[], b: string) =>
  SHAPES[backbonesOfPoints(points).indexOf(b) % SHAPES.length];
/** points are numbered on the plot and named in the legend, so close points stay readable */
const numberOf = (points: readonly CostPoint[], p: CostPoint) => points.indexOf(p) + 1;

/** The Pareto front as a step line, then each point with its two intervals. */
function drawPoints(out: string[], g: CostPlot): void {
  const { x, y, axis } = g;
  const front = g.placed.filter((p) => p.pareto).sort((a, b) => a.cost.mean - b.cost.mean || x(a) - x(b));
  if (front.length > 1) {
    // a step line: SR reachable at each cost
    let d = `M${x(front[0]).toFixed(1)} ${y(front[0].sr.mean).toFixed(1)}`;
    for (const p of front.slice(1)) d += `H${x(p).toFixed(1)}V${y(p.sr.mean).toFixed(1)}`;
    out.push(`<path d="${d}" stroke="#b03030" stroke-width="1.6" stroke-dasharray="6 4" fill="none"/>`);
  }
  for (const p of g.placed) {
    const cx = x(p);
    const cy = y(p.sr.mean);
    const colour = PALETTE[p.memory as "none"] ?? "#555";
    const xw =
      p.cost.mean > 0 && Number.isFinite(p.cost.lo) && Number.isFinite(p.cost.hi)
        ? `M${x(p, Math.max(p.cost.lo, 1e-12)).toFixed(1)} ${cy.toFixed(1)}H${x(p, p.cost.hi).toFixed(1)}`
        : "";
    out.push(
      `<path d="${xw}M${cx.toFixed(1)} ${y(p.sr.lo).toFixed(1)}V${y(p.sr.hi).toFixed(1)}" stroke="${colour}" stroke-width="1.2" opacity="0.8"/>`,
    );
    const tip = `${p.backbone} · ${MEMORY_LABELS[p.memory] ?? p.memory}: SR ${(p.sr.mean * 100).toFixed(1)}% [${(p.sr.lo * 100).toFixed(1)}, ${(p.sr.hi * 100).toFixed(1)}], ${axis.xLabel} ${axis.format(p.cost.mean)}, n=${p.sr.n}${p.pareto ? " (Pareto front)" : ""}`;
    const n = numberOf(g.points, p);
    out.push(
      `<g data-point="${n}"><title>${escapeXml(tip)}</title>${marker(shapeOf(g.points, p.backbone), cx, cy, 6, `fill="${colour}" stroke="${p.pareto ? "#b03030" : "#333"}" stroke-width="${p.pareto ? 2.5 : 1}"`)}</g>`,
    );
    if (!g.one) out.push(svgText(cx + 7, cy - 8, String(n), `font-size="11" font-weight="bold" fill="#333"`));
  }
}

/** One backbone: labels above-right of their points, moved apart vertically where two would overlap. */
function drawPointLabels(out: string[], g: CostPlot): void {
  const { x, y } = g;
  const taken: { x1: number; x2: number; y: number }[] = [];
  for (const p of [...g.placed].sort((a, b) => y(a.sr.mean) - y(b.sr.mean))) {
    const label = MEMORY_LABELS[p.memory] ?? p.memory;
    const lx = x(p) + 9;
    const w = textW(label, 12);
    const y0 = y(p.sr.mean) - 8;
    let ly = y0;
    const clash = (yy: number) => taken.some((b) => lx < b.x2 && b.x1 < lx + w && Math.abs(b.y - yy) < 14);
    for (let k = 1; clash(ly) && k < 40; k++) ly = y0 + (k % 2 ? 1 : -1) * Math.ceil(k / 2) * 14;
    taken.push({ x1: lx, x2: lx + w, y: ly });
    out.push(svgText(lx, ly, label, `font-size="12" fill="#222" data-label="1"`));
  }
}

/** Shapes for backbones, colours for memory modes, numbered points (one backbone: its name and the front). */
function drawLegend(out: string[], g: CostPlot): void {
  const { points } = g;
  let ly = g.plotT + 6;
  const lx = g.plotR + 30;
  const front = () => {
    out.push(`<path d="M${lx} ${ly - 4}h24" stroke="#b03030" stroke-width="1.6" stroke-dasharray="6 4"/>`);
    out.push(svgText(lx + 30, ly, "Pareto front", `font-size="12" fill="#333"`));
  };
  if (g.one) {
    out.push(svgText(lx, ly, `Backbone: ${points[0].backbone}`, `font-size="12" fill="#333"`));
    ly += 30;
    front();
    return;
  }
  out.push(svgText(lx, ly, "Backbone", `font-size="12" font-weight="bold" fill="#333"`));
  for (const b of backbonesOfPoints(points)) {
    ly += 20;
    out.push(marker(shapeOf(points, b), lx + 6, ly - 4, 5, `fill="#fff" stroke="#333" stroke-width="1.2"`));
    out.push(svgText(lx + 18, ly, b, `font-size="12" fill="#333"`));
  }
  ly += 30;
  out.push(svgText(lx, ly, "Memory mode", `font-size="12" font-weight="bold" fill="#333"`));
  for (const m of [...new Set(points.map((p) => p.memory))]) {
    ly += 20;
    out.push(`<rect x="${lx}" y="${ly - 11}" width="12" height="12" fill="${PALETTE[m as "none"] ?? "#555"}"/>`);
    out.push(svgText(lx + 18, ly, MEMORY_LABELS[m] ?? m, `font-size="12" fill="#333"`));
  }
  ly += 30;
  front();
  ly += 30;
  out.push(svgText(lx, ly, "Points", `font-size="12" font-weight="bold" fill="#333"`));
  for (const p of points) {
    ly += 18;
    const name = `${numberOf(points, p)} ${p.backbone} · ${MEMORY_LABELS[p.memory] ?? p.memory}`;
    out.push(
      svgText(lx, ly, p.cost ? name : `${name} (not placed)`, `font-size="11" fill="${p.cost ? "#333" : "#999"}"`),
    );
  }
}

/** What is not placed, the band at 0 explained, and the provenance. */
function drawNotes(out: string[], g: CostPlot): void {
  const { axis } = g;
  const unplaced = g.points.filter((p) => p.cost === null);
  const notes = [
    ...(unplaced.length
      ? [
          `Not placed (${axis.unplacedAs}): ${unplaced.map((p) => `${p.backbone} · ${MEMORY_LABELS[p.memory] ?? p.memory}`).join(", ")}`,
        ]
      : []),
    ...(g.zero.length
      ? [`Left band: points at 0 (${axis.zeroLabel}), spread apart; the axis is broken after it.`]
      : []),
    ...g.footer,
  ];
  notes.forEach((line, i) => {
    out.push(svgText(g.plotL, g.plotT + g.plotH + 64 + i * 18, line, `font-size="11" fill="#666"`));
  });
}
