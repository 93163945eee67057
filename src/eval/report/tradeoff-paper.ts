/**
 * Figures 9 and 10 for a paper: SR against cost (or latency) at a column's (3.5 in) or a page's
 * (7 in) width, one unit a point, text at 8 pt or more, no title, subtitle or footer (the report
 * and the files' metadata carry those). Each point is labelled where it is drawn (right of it, or
 * left of it near the figure's right edge), by its memory
 * mode when there is one backbone, so the figure is the plot, not a legend beside it; with more
 * backbones a one-line legend under the plot gives their shapes. Labels that would overlap are
 * moved apart vertically.
 */
import type { Estimate } from "../bootstrap.ts";
import { MEMORY_LABELS } from "../metrics.ts";
import { type CostPoint, costExtent, marker, SHAPES, type TradeoffAxis, xScale } from "./cost-figure.ts";
import { escapeXml, PALETTE, type PaperWidth } from "./svg.ts";
import { niceTicks, percentLabel } from "./ticks.ts";

const FONT = "DejaVu Sans, Helvetica, Arial, sans-serif";
/** sizes in points */
const TICK = 8;
const AXIS = 8.5;
const LABEL = 8;
const textW = (s: string, pt: number) => s.length * pt * 0.56;

type Placed = CostPoint & { cost: Estimate };

/** Where everything goes: the figure's size, the plot's edges, the axes' scales and the text helpers. */
interface Frame {
  placed: Placed[];
  rest: Placed[];
  axis: TradeoffAxis;
  width: PaperWidth;
  W: number;
  H: number;
  plotL: number;
  plotR: number;
  plotT: number;
  plotH: number;
  /** the band at the left for points at 0 (0: none) */
  band: number;
  axisL: number;
  scale: ReturnType<typeof xScale>;
  yAxis: ReturnType<typeof niceTicks>;
  backbones: string[];
  /** one backbone: points are named by memory mode alone, and no legend is drawn */
  one: boolean;
  name: (p: CostPoint) => string;
  x: (p: Placed, v?: number) => number;
  y: (v: number) => number;
  f: (v: number) => string;
  t: (px: number, py: number, s: string, attrs: string) => string;
  shapeOf: (b: string) => (typeof SHAPES)[number];
}

export function tradeoffPaper(points: readonly CostPoint[], axis: TradeoffAxis, width: PaperWidth): string | null {
  const placed = points.filter((p): p is Placed => p.cost !== null);
  if (placed.length === 0) return null;
  const fr = frame(points, placed, axis, width);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${(fr.W / 72).toFixed(3)}in" height="${(fr.H / 72).toFixed(3)}in" viewBox="0 0 ${fr.W} ${fr.H}" font-family="${FONT}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    ...axes(fr),
    ...paretoFront(fr),
    ...markers(fr),
    ...labels(fr),
    ...legend(fr),
    "</svg>",
  ];
  return out.join("\n");
}

function frame(points: readonly CostPoint[], placed: Placed[], axis: TradeoffAxis, width: PaperWidth): Frame {
  const W = width === "column" ? 252 : 504;
  const backbones = [...new Set(points.map((p) => p.backbone))];
  const one = backbones.length === 1;
  const name = (p: CostPoint) =>
    one ? (MEMORY_LABELS[p.memory] ?? p.memory) : `${p.backbone} · ${MEMORY_LABELS[p.memory] ?? p.memory}`;
  const zero = placed.filter((p) => p.cost.mean === 0);
  const rest = placed.filter((p) => p.cost.mean > 0);
  const plotL = 34;
  // labels sit right of their point, or left of it where the right edge is near: the plot keeps the width
  const labelRoom = 10;
  const band = zero.length ? 16 + 12 * (zero.length - 1) : 0;
  const axisL = plotL + (band ? band + 10 : 0);
  const plotR = W - 4 - labelRoom;
  const plotT = 8;
  const plotH = width === "column" ? 140 : 190;
  const legendH = one ? 0 : Math.ceil(backbones.length / (width === "column" ? 2 : 4)) * 11 + 4;
  const H = Math.ceil(plotT + plotH + 34 + legendH + 4);
  const scale = xScale(costExtent(rest), axisL, plotR, width === "column" ? 4 : 6);
  const zeroX = new Map([...zero].sort((a, b) => a.sr.mean - b.sr.mean).map((p, i) => [p, plotL + 8 + 12 * i]));
  const x = (p: Placed, v = p.cost.mean) => (p.cost.mean === 0 ? (zeroX.get(p) as number) : scale.at(v));
  const yAxis = niceTicks(Math.max(...placed.map((p) => p.sr.hi)) * 1.08, 5, 1);
  const y = (v: number) => plotT + plotH - (Math.max(0, Math.min(v, yAxis.top)) / yAxis.top) * plotH;
  const f = (v: number) => v.toFixed(1);
  const t = (px: number, py: number, s: string, attrs: string) =>
    `<text x="${f(px)}" y="${f(py)}" ${attrs}>${escapeXml(s)}</text>`;
  const shapeOf = (b: string) => SHAPES[backbones.indexOf(b) % SHAPES.length];
  return {
    placed,
    rest,
    axis,
    width,
    W,
    H,
    plotL,
    plotR,
    plotT,
    plotH,
    band,
    axisL,
    scale,
    yAxis,
    backbones,
    one,
    name,
    x,
    y,
    f,
    t,
    shapeOf,
  };
}

/** Grid lines and ticks, the zero band with its axis break, and the axes' titles. */
function axes(fr: Frame): string[] {
  const { plotL, plotR, plotT, plotH, band, axisL, scale, yAxis, rest, W, y, f, t } = fr;
  const out: string[] = [];
  for (const [i, yv] of yAxis.ticks.entries())
    out.push(
      `<line x1="${plotL}" y1="${f(y(yv))}" x2="${f(plotR)}" y2="${f(y(yv))}" stroke="${i ? "#e6e6e6" : "#444"}" stroke-width="0.6"/>`,
      t(plotL - 3, y(yv) + 2.8, percentLabel(yv, yAxis.step), `font-size="${TICK}" fill="#444" text-anchor="end"`),
    );
  if (rest.length)
    for (const xv of scale.ticks)
      out.push(
        `<line x1="${f(scale.at(xv))}" y1="${plotT + plotH}" x2="${f(scale.at(xv))}" y2="${plotT + plotH + 3}" stroke="#444" stroke-width="0.6"/>`,
        // a label that would cross the figure's right edge ends at it instead
        scale.at(xv) + textW(scale.label(xv), TICK) / 2 > W - 1
          ? t(W - 1, plotT + plotH + 11, scale.label(xv), `font-size="${TICK}" fill="#444" text-anchor="end"`)
          : t(
              scale.at(xv),
              plotT + plotH + 11,
              scale.label(xv),
              `font-size="${TICK}" fill="#444" text-anchor="middle"`,
            ),
      );
  if (band)
    out.push(
      `<rect x="${plotL}" y="${plotT}" width="${band}" height="${plotH}" fill="#f2f2f2" data-band="zero"/>`,
      t(plotL + band / 2, plotT + plotH + 11, "0", `font-size="${TICK}" fill="#444" text-anchor="middle"`),
      `<path d="M${axisL - 7} ${plotT + plotH + 4}l3 -8M${axisL - 3} ${plotT + plotH + 4}l3 -8" stroke="#444" stroke-width="0.8" data-axis-break="1"/>`,
    );
  out.push(
    `<line x1="${plotL}" y1="${plotT}" x2="${plotL}" y2="${plotT + plotH}" stroke="#444" stroke-width="0.6"/>`,
    t(
      (plotL + plotR) / 2,
      plotT + plotH + 23,
      `${fr.axis.xLabel}${scale.log && rest.length ? ", log scale" : ""}${band ? `; left band: 0 (${fr.axis.zeroLabel})` : ""}`,
      `font-size="${AXIS}" fill="#222" text-anchor="middle"`,
    ),
    t(
      9,
      plotT + plotH / 2,
      "Success rate",
      `font-size="${AXIS}" fill="#222" text-anchor="middle" transform="rotate(-90 9 ${f(plotT + plotH / 2)})"`,
    ),
  );
  return out;
}

/** The Pareto front as a dashed staircase through its points, in order of cost. */
function paretoFront({ placed, x, y, f }: Frame): string[] {
  const front = placed.filter((p) => p.pareto).sort((a, b) => a.cost.mean - b.cost.mean || x(a) - x(b));
  if (front.length <= 1) return [];
  let d = `M${f(x(front[0]))} ${f(y(front[0].sr.mean))}`;
  for (const p of front.slice(1)) d += `H${f(x(p))}V${f(y(p.sr.mean))}`;
  return [`<path d="${d}" stroke="#b03030" stroke-width="1" stroke-dasharray="3 2" fill="none" data-pareto="1"/>`];
}

/** Each point: its intervals as whiskers, and its backbone's shape in its memory mode's colour. */
function markers({ placed, x, y, f, shapeOf }: Frame): string[] {
  const out: string[] = [];
  for (const p of placed) {
    const cx = x(p);
    const cy = y(p.sr.mean);
    const colour = PALETTE[p.memory as "none"] ?? "#555";
    const xw =
      p.cost.mean > 0 && Number.isFinite(p.cost.lo) && Number.isFinite(p.cost.hi)
        ? `M${f(x(p, Math.max(p.cost.lo, 1e-12)))} ${f(cy)}H${f(x(p, p.cost.hi))}`
        : "";
    out.push(
      `<path d="${xw}M${f(cx)} ${f(y(p.sr.lo))}V${f(y(p.sr.hi))}" stroke="${colour}" stroke-width="0.8"/>`,
      marker(
        shapeOf(p.backbone),
        cx,
        cy,
        3.2,
        `fill="${colour}" stroke="${p.pareto ? "#b03030" : "#333"}" stroke-width="${p.pareto ? 1.2 : 0.5}"`,
      ),
    );
  }
  return out;
}

/** Labels right of their points, moved down (then up) until none overlaps another. */
function labels({ placed, W, x, y, t, name }: Frame): string[] {
  const out: string[] = [];
  const boxes: { x1: number; x2: number; y: number }[] = [];
  const sorted = [...placed].sort((a, b) => y(a.sr.mean) - y(b.sr.mean));
  for (const p of sorted) {
    const w = textW(name(p), LABEL);
    const right = x(p) + 5 + w <= W - 2;
    const lx = right ? x(p) + 5 : Math.max(1, x(p) - 5 - w);
    // above the point's horizontal whisker, beside its vertical one
    const ly0 = y(p.sr.mean) - 3.5;
    let ly = ly0;
    const clash = (yy: number) => boxes.some((b) => lx < b.x2 && b.x1 < lx + w && Math.abs(b.y - yy) < LABEL + 1);
    for (let k = 1; clash(ly) && k < 40; k++) ly = ly0 + (k % 2 ? 1 : -1) * Math.ceil(k / 2) * (LABEL + 1);
    boxes.push({ x1: lx, x2: lx + w, y: ly });
    out.push(t(lx, ly, name(p), `font-size="${LABEL}" fill="#222" data-label="1"`));
  }
  return out;
}

/** With more than one backbone, their shapes in rows under the x label. */
function legend({ one, width, backbones, plotL, plotT, plotH, W, t, shapeOf }: Frame): string[] {
  if (one) return [];
  const out: string[] = [];
  const per = width === "column" ? 2 : 4;
  backbones.forEach((b, i) => {
    const lx = plotL + (i % per) * ((W - plotL) / per);
    const ly = plotT + plotH + 36 + Math.floor(i / per) * 11;
    out.push(
      marker(shapeOf(b), lx + 3, ly - 3, 3, `fill="#fff" stroke="#333" stroke-width="0.8"`),
      t(lx + 9, ly, b, `font-size="${LABEL}" fill="#222"`),
    );
  });
  return out;
}
