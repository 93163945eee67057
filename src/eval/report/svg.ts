/**
 * Hand-written SVG charts: grouped bars with confidence-interval whiskers in a grid of panels
 * (one per scenario or backbone, `columns` to a row, so a figure stays a readable shape for a
 * paper page however many there are), a legend, labelled axes and a provenance footer wrapped
 * to the figure's width. PNGs are rendered from the same SVG with sharp, so both always agree.
 */

import { loadSharp } from "../../util/index.ts";
import type { Estimate } from "../bootstrap.ts";
import { wrapLines } from "./text-table.ts";
import { niceTicks, percentLabel } from "./ticks.ts";

export interface SeriesSpec {
  key: string;
  label: string;
  color: string;
}

export interface PanelSpec {
  title: string;
  /** this panel's groups on the x axis (default: the chart's) */
  categories?: { key: string; label: string }[];
  value(category: string, series: string): Estimate | undefined;
  /** optional text above a category group (e.g. a gap) */
  note?(category: string): string | undefined;
}

export interface BarChartSpec {
  title: string;
  subtitle?: string;
  yLabel: string;
  /** values are fractions 0..1 shown as percent */
  yMax?: number;
  categories: { key: string; label: string }[];
  series: SeriesSpec[];
  panels: PanelSpec[];
  footer: string[];
  /** panels to a row (default: up to 3) */
  columns?: number;
}

/** Okabe–Ito: distinguishable for colour-blind readers and in greyscale print. */
export const PALETTE = {
  none: "#9a9a9a",
  raw: "#e69f00",
  polar: "#0072b2",
  bm25: "#cc79a7",
  dense: "#e69f00",
  acquisition: "#009e73",
  evaluation: "#0072b2",
  instruction: "#9a9a9a",
  raw_trajectory: "#e69f00",
  summary: "#56b4e9",
  episodic: "#0072b2",
} as const;

const FONT = "DejaVu Sans, Helvetica, Arial, sans-serif";

export function escapeXml(s: string): string {
  return s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] as string,
  );
}

function text(x: number, y: number, s: string, attrs = ""): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${attrs}>${escapeXml(s)}</text>`;
}

/**
 * Sizes of a chart. On screen: px, the panels as wide as their bars need, a title, a subtitle
 * and the provenance footer. For a paper (`paperLayout`): points, the whole figure exactly a
 * column (3.5 in) or a page (7 in) wide, as many panels to a row as fit, every text at 8 pt or
 * more, and no title or footer (the caption is the paper's; provenance goes in the metadata).
 */
export interface ChartLayout {
  /** the figure's width in points, fixed (paper); undefined: as wide as the panels need (screen) */
  widthPt?: number;
  /** at most this many panels to a row on paper */
  maxColumns: number;
  font: {
    title: number;
    subtitle: number;
    legend: number;
    axis: number;
    tick: number;
    panelTitle: number;
    note: number;
    category: number;
    n: number;
    value: number;
  };
  panelH: number;
  marginL: number;
  gapX: number;
  right: number;
  /** the y label's x */
  yLabelX: number;
  /** space a bar group leaves around its bars, and the widest a bar may be */
  groupPad: number;
  maxBar: number;
  /** narrowest bar a panel may give a series on paper */
  minBar: number;
  swatch: number;
}

export const SCREEN_LAYOUT: ChartLayout = {
  maxColumns: 3,
  font: {
    title: 20,
    subtitle: 13,
    legend: 13,
    axis: 13,
    tick: 11,
    panelTitle: 14,
    note: 12,
    category: 12,
    n: 10,
    value: 10,
  },
  panelH: 240,
  marginL: 72,
  gapX: 34,
  right: 24,
  yLabelX: 20,
  groupPad: 24,
  maxBar: 34,
  minBar: 30,
  swatch: 14,
};

export type PaperWidth = "column" | "page";

export function paperLayout(width: PaperWidth): ChartLayout {
  return {
    widthPt: width === "column" ? 252 : 504,
    maxColumns: width === "column" ? 2 : 4,
    font: { title: 0, subtitle: 0, legend: 8, axis: 8.5, tick: 8, panelTitle: 9, note: 8, category: 8, n: 8, value: 8 },
    panelH: 110,
    marginL: 38,
    gapX: 10,
    right: 6,
    yLabelX: 9,
    groupPad: 8,
    maxBar: 22,
    minBar: 7,
    swatch: 8,
  };
}

/** Where everything of one bar chart goes: computed once, read by the drawing steps below. */
interface ChartGeometry {
  paper: boolean;
  columns: number;
  rows: number;
  panelW: number;
  titleH: number;
  cellH: number;
  width: number;
  height: number;
  subtitle: string[];
  footer: string[];
  legendRows: { x: number; color: string | null; label: string }[][];
  legendY: number;
  legendLineH: number;
  /** how far the panels move down for a wrapped subtitle and legend */
  shift: number;
  firstPanelY: number;
  yMax: number;
  step: number;
}

const catsOf = (spec: BarChartSpec, p: PanelSpec) => p.categories ?? spec.categories;
const estTextW = (s: string, px: number) => s.length * px * 0.54;

export function barChart(spec: BarChartSpec, L: ChartLayout = SCREEN_LAYOUT): string {
  const g = chartGeometry(spec, L);
  const F = L.font;
  const out: string[] = [];
  const size = g.paper
    ? `width="${(g.width / 72).toFixed(3)}in" height="${(g.height / 72).toFixed(3)}in"`
    : `width="${g.width}" height="${g.height}"`;
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" ${size} viewBox="0 0 ${g.width} ${g.height}" font-family="${FONT}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
  );
  if (!g.paper) out.push(text(L.marginL, 34, spec.title, `font-size="${F.title}" font-weight="bold" fill="#222"`));
  g.subtitle.forEach((line, i) => {
    out.push(text(L.marginL, 58 + i * 17, line, `font-size="${F.subtitle}" fill="#555"`));
  });
  drawLegend(out, g, L);
  for (const [pi, panel] of spec.panels.entries()) drawPanel(out, spec, panel, pi, g, L);
  const fy = g.firstPanelY + g.shift + g.rows * g.cellH + 8;
  g.footer.forEach((line, i) => {
    out.push(text(L.marginL, fy + i * 18, line, `font-size="11" fill="#666"`));
  });
  out.push("</svg>");
  return out.join("\n");
}

function chartGeometry(spec: BarChartSpec, L: ChartLayout): ChartGeometry {
  const paper = L.widthPt !== undefined;
  const F = L.font;
  const nSeries = spec.series.length;
  const maxCats = Math.max(1, ...spec.panels.map((p) => catsOf(spec, p).length));
  const { marginL, gapX, panelH } = L;
  // on paper the width is given: as many panels to a row as keep every bar at least minBar wide
  const panelFor = (cols: number) => ((L.widthPt as number) - marginL - L.right - (cols - 1) * gapX) / cols;
  let columns = Math.max(1, Math.min(spec.columns ?? L.maxColumns, spec.panels.length, L.maxColumns));
  // …and as keep each group's label and note (bold) within the group's width, so neighbours never run together
  const groupText = Math.max(
    0,
    ...spec.panels.flatMap((p) =>
      catsOf(spec, p).flatMap((c) => [estTextW(c.label, F.category), estTextW(p.note?.(c.key) ?? "", F.note) * 1.12]),
    ),
  );
  const fits = (cols: number) => {
    const groupW = panelFor(cols) / maxCats;
    return groupW - L.groupPad >= nSeries * L.minBar && groupW >= groupText + 4;
  };
  if (paper) while (columns > 1 && !fits(columns)) columns--;
  const rows = Math.ceil(spec.panels.length / columns);
  const panelW = paper ? panelFor(columns) : Math.max(240, maxCats * (nSeries * 30 + 30) + 20);
  const hasNotes = spec.panels.some((p) => catsOf(spec, p).some((c) => p.note?.(c.key)));
  const titleH = (hasNotes ? 3 : 1.7) * F.panelTitle;
  const xAxisH = 3.6 * F.category + 6;
  const cellH = titleH + panelH + xAxisH + (paper ? 6 : 16);
  const width = paper
    ? (L.widthPt as number)
    : Math.ceil(
        Math.max(
          marginL + columns * panelW + (columns - 1) * gapX + L.right,
          // the title is bold: about 0.64 of its size a character, not the 0.54 of plain text
          marginL + spec.title.length * F.title * 0.64 + 30,
        ),
      );
  // the subtitle and footer wrap to the width the panels need; on paper there are none
  const chars = (px: number) => Math.max(40, Math.floor((width - marginL - L.right) / (px * 0.54)));
  const subtitle = !paper && spec.subtitle ? wrapLines([spec.subtitle], chars(F.subtitle)) : [];
  const footer = paper ? [] : wrapLines(spec.footer, chars(11));
  const legendRows = legendLayout(spec, L, width);
  const legendLineH = F.legend * 1.6;
  const legendY = paper ? 4 : spec.subtitle ? 84 : 62;
  const shift = Math.max(0, subtitle.length - 1) * 17 + (legendRows.length - 1) * legendLineH;
  const firstPanelY = legendY + (paper ? legendLineH + F.panelTitle * 1.4 : 40);
  const footerH = paper ? 0 : 18 * footer.length + 10;
  const height = Math.ceil(firstPanelY + shift + rows * cellH + footerH);
  let maxSeen = 0;
  for (const p of spec.panels)
    for (const c of catsOf(spec, p))
      for (const s of spec.series) {
        const e = p.value(c.key, s.key);
        if (e && Number.isFinite(e.hi)) maxSeen = Math.max(maxSeen, e.hi);
      }
  // round ticks whatever the top: a fixed top of 90% would otherwise tick at 18, 36, 54 …
  const { top: yMax, step } = niceTicks(spec.yMax ?? maxSeen * 1.06, paper ? 5 : 6, 1);
  return {
    paper,
    columns,
    rows,
    panelW,
    titleH,
    cellH,
    width,
    height,
    subtitle,
    footer,
    legendRows,
    legendY,
    legendLineH,
    shift,
    firstPanelY,
    yMax,
    step,
  };
}

/** The legend's entries, wrapped to the figure's width. */
function legendLayout(spec: BarChartSpec, L: ChartLayout, width: number): ChartGeometry["legendRows"] {
  const F = L.font;
  const legendItems = [
    ...spec.series.map((s) => ({ color: s.color as string | null, label: s.label })),
    { color: null, label: "whiskers: 95% intervals" },
  ];
  const legendRows: ChartGeometry["legendRows"] = [[]];
  let lx = L.marginL;
  for (const item of legendItems) {
    const w =
      (item.color ? L.swatch + 6 : 0) + estTextW(item.label, item.color ? F.legend : F.legend * 0.85) + 2.2 * F.legend;
    if (lx + w > width - L.right && legendRows[legendRows.length - 1].length) {
      legendRows.push([]);
      lx = L.marginL;
    }
    legendRows[legendRows.length - 1].push({ x: lx, ...item });
    lx += w;
  }
  return legendRows;
}

function drawLegend(out: string[], g: ChartGeometry, L: ChartLayout): void {
  const F = L.font;
  g.legendRows.forEach((row, r) => {
    const ly = g.legendY + Math.max(0, g.subtitle.length - 1) * 17 + r * g.legendLineH;
    for (const item of row) {
      if (item.color) {
        out.push(
          `<rect x="${item.x.toFixed(1)}" y="${ly}" width="${L.swatch}" height="${L.swatch}" rx="2" fill="${item.color}"/>`,
        );
        out.push(text(item.x + L.swatch + 6, ly + L.swatch - 2, item.label, `font-size="${F.legend}" fill="#333"`));
      } else
        out.push(text(item.x, ly + L.swatch - 2, item.label, `font-size="${g.paper ? F.legend : 11}" fill="#777"`));
    }
  });
}

/** One panel: its axis and ticks, its title, and a group of bars per category. */
function drawPanel(
  out: string[],
  spec: BarChartSpec,
  panel: PanelSpec,
  pi: number,
  g: ChartGeometry,
  L: ChartLayout,
): void {
  const F = L.font;
  const { paper, panelW, yMax, step } = g;
  const { panelH } = L;
  const col = pi % g.columns;
  const row = Math.floor(pi / g.columns);
  const x0 = L.marginL + col * (panelW + L.gapX);
  const panelTitleY = g.firstPanelY + g.shift + row * g.cellH;
  const plotTop = panelTitleY + g.titleH;
  const y = (v: number) => plotTop + panelH - (Math.max(0, Math.min(v, yMax)) / yMax) * panelH;
  out.push(`<g data-panel="${pi + 1}">`);
  if (col === 0) {
    const midY = plotTop + panelH / 2;
    out.push(
      text(
        L.yLabelX,
        midY,
        spec.yLabel,
        `font-size="${F.axis}" fill="#333" text-anchor="middle" transform="rotate(-90 ${L.yLabelX} ${midY})"`,
      ),
    );
  }
  for (let t = 0; t * step <= yMax + 1e-9; t++) {
    const v = t * step;
    const yy = y(v);
    out.push(
      `<line x1="${x0}" y1="${yy.toFixed(1)}" x2="${x0 + panelW}" y2="${yy.toFixed(1)}" stroke="${t === 0 ? "#444" : "#e6e6e6"}" stroke-width="${paper ? 0.6 : 1}"/>`,
    );
    // on paper the panels of a row share one y axis, labelled once at its left
    if (!paper || col === 0)
      out.push(
        text(
          x0 - 4 - F.tick * 0.3,
          yy + F.tick * 0.36,
          percentLabel(v, step),
          `font-size="${F.tick}" fill="#555" text-anchor="end"`,
        ),
      );
  }
  out.push(`<line x1="${x0}" y1="${plotTop}" x2="${x0}" y2="${plotTop + panelH}" stroke="#444"/>`);
  out.push(
    text(
      x0 + panelW / 2,
      panelTitleY,
      `(${String.fromCharCode(97 + (pi % 26))}) ${panel.title}`,
      `font-size="${F.panelTitle}" font-weight="bold" fill="#333" text-anchor="middle" data-panel-title="1"`,
    ),
  );
  const cats = catsOf(spec, panel);
  const groupW = panelW / cats.length;
  const barW = Math.min(L.maxBar, (groupW - L.groupPad) / spec.series.length);
  cats.forEach((cat, ci) => {
    const cxGroup = x0 + ci * groupW + groupW / 2;
    const gx = cxGroup - (barW * spec.series.length) / 2;
    if (ci > 0)
      out.push(
        `<line x1="${(x0 + ci * groupW).toFixed(1)}" y1="${plotTop + panelH}" x2="${(x0 + ci * groupW).toFixed(1)}" y2="${plotTop + panelH + 6}" stroke="#444"/>`,
      );
    spec.series.forEach((s, si) => {
      drawBar(out, { panel, cat, s, bx: gx + si * barW, barW, plotTop, y, paper, L });
    });
    const note = panel.note?.(cat.key);
    if (note)
      out.push(
        text(
          cxGroup,
          plotTop - F.note * 1.6,
          note,
          `font-size="${F.note}" font-weight="bold" fill="#b03030" text-anchor="middle"`,
        ),
      );
    const ns = [...new Set(spec.series.map((s) => panel.value(cat.key, s.key)?.n ?? 0))];
    const labelY = plotTop + panelH + F.category * 1.6;
    if (cat.label)
      out.push(text(cxGroup, labelY, cat.label, `font-size="${F.category}" fill="#333" text-anchor="middle"`));
    out.push(
      text(
        cxGroup,
        cat.label ? labelY + F.n * 1.4 : labelY,
        `n=${ns.join(" / ")}`,
        `font-size="${F.n}" fill="#888" text-anchor="middle"`,
      ),
    );
  });
  out.push("</g>");
}

/** One bar with its interval's whiskers and, where it fits, its value; "n/a" where there is none. */
function drawBar(
  out: string[],
  b: {
    panel: PanelSpec;
    cat: { key: string; label: string };
    s: BarChartSpec["series"][number];
    bx: number;
    barW: number;
    plotTop: number;
    y: (v: number) => number;
    paper: boolean;
    L: ChartLayout;
  },
): void {
  const { panel, cat, s, bx, barW, plotTop, y, paper, L } = b;
  const F = L.font;
  const panelH = L.panelH;
  const e = panel.value(cat.key, s.key);
  const cx = bx + barW / 2;
  if (!e || !Number.isFinite(e.mean)) {
    out.push(text(cx, plotTop + panelH - 4, "n/a", `font-size="${paper ? F.n : 9}" fill="#aaa" text-anchor="middle"`));
    return;
  }
  const by = y(e.mean);
  const tip = `${s.label} · ${cat.label || panel.title}: ${(e.mean * 100).toFixed(1)}% [${(e.lo * 100).toFixed(1)}, ${(e.hi * 100).toFixed(1)}], n=${e.n}`;
  const inset = paper ? 0.6 : 1.5;
  out.push(
    `<rect x="${(bx + inset).toFixed(1)}" y="${by.toFixed(1)}" width="${(barW - 2 * inset).toFixed(1)}" height="${Math.max(0, plotTop + panelH - by).toFixed(1)}" fill="${s.color}"><title>${escapeXml(tip)}</title></rect>`,
  );
  if (Number.isFinite(e.lo) && e.hi > e.lo) {
    const ylo = y(e.lo);
    const yhi = y(e.hi);
    const cap = Math.min(4, barW / 3);
    out.push(
      `<path d="M${cx.toFixed(1)} ${ylo.toFixed(1)}V${yhi.toFixed(1)}M${(cx - cap).toFixed(1)} ${ylo.toFixed(1)}h${(2 * cap).toFixed(1)}M${(cx - cap).toFixed(1)} ${yhi.toFixed(1)}h${(2 * cap).toFixed(1)}" stroke="#333" stroke-width="${paper ? 0.7 : 1.2}" fill="none"/>`,
    );
  }
  // the value over its bar where the bar is wide enough for the digits
  if (barW >= F.value * 1.8) {
    const labelY = Math.min(by, Number.isFinite(e.hi) ? y(e.hi) : by) - F.value * 0.5;
    out.push(
      text(cx, labelY, `${Math.round(e.mean * 100)}`, `font-size="${F.value}" fill="#333" text-anchor="middle"`),
    );
  }
}

export async function svgToPng(svg: string, file: string): Promise<void> {
  const sharp = await loadSharp();
  await sharp(Buffer.from(svg), { density: 144 }).png().toFile(file);
}
