/**
 * Hand-written SVG charts: grouped bars with confidence-interval whiskers in a grid of panels
 * (one per scenario or backbone, `columns` to a row, so a figure stays a readable shape for a
 * paper page however many there are), a legend, labelled axes and a provenance footer wrapped
 * to the figure's width. PNGs are rendered from the same SVG with sharp, so both always agree.
 */

import { loadSharp } from "../../util/index.ts";
import type { Estimate } from "../bootstrap.ts";
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

/** Long lines wrapped at word boundaries to `max` characters, so they never set a figure's width. */
export function wrapLines(lines: readonly string[], max: number): string[] {
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

export function barChart(spec: BarChartSpec): string {
  const nSeries = spec.series.length;
  const catsOf = (p: PanelSpec) => p.categories ?? spec.categories;
  const columns = Math.max(1, Math.min(spec.columns ?? 3, spec.panels.length));
  const rows = Math.ceil(spec.panels.length / columns);
  const maxCats = Math.max(1, ...spec.panels.map((p) => catsOf(p).length));
  const panelW = Math.max(240, maxCats * (nSeries * 30 + 30) + 20);
  const panelH = 240;
  const marginL = 72;
  const gapX = 34;
  const hasNotes = spec.panels.some((p) => catsOf(p).some((c) => p.note?.(c.key)));
  const legendY = spec.subtitle ? 84 : 62;
  const firstPanelY = legendY + 40;
  const titleH = hasNotes ? 42 : 24;
  const xAxisH = 50;
  const cellH = titleH + panelH + xAxisH + 16;
  const estTextW = (s: string, px: number) => s.length * px * 0.54;
  const width = Math.ceil(
    Math.max(marginL + columns * panelW + (columns - 1) * gapX + 24, marginL + estTextW(spec.title, 20) + 30),
  );
  // the subtitle and footer wrap to the width the panels need
  const chars = (px: number) => Math.max(40, Math.floor((width - marginL - 24) / (px * 0.54)));
  const subtitle = spec.subtitle ? wrapLines([spec.subtitle], chars(13)) : [];
  const footer = wrapLines(spec.footer, chars(11));
  const shift = Math.max(0, subtitle.length - 1) * 17;
  const footerH = 18 * footer.length + 10;
  const height = firstPanelY + shift + rows * cellH + footerH;

  let maxSeen = 0;
  for (const p of spec.panels)
    for (const c of catsOf(p))
      for (const s of spec.series) {
        const e = p.value(c.key, s.key);
        if (e && Number.isFinite(e.hi)) maxSeen = Math.max(maxSeen, e.hi);
      }
  // round ticks whatever the top: a fixed top of 90% would otherwise tick at 18, 36, 54 …
  const { top: yMax, step } = niceTicks(spec.yMax ?? maxSeen * 1.06, 6, 1);

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    text(marginL, 34, spec.title, `font-size="20" font-weight="bold" fill="#222"`),
  );
  subtitle.forEach((line, i) => {
    out.push(text(marginL, 58 + i * 17, line, `font-size="13" fill="#555"`));
  });

  let lx = marginL;
  const ly = legendY + shift;
  for (const s of spec.series) {
    out.push(`<rect x="${lx}" y="${ly}" width="14" height="14" rx="2" fill="${s.color}"/>`);
    out.push(text(lx + 20, ly + 12, s.label, `font-size="13" fill="#333"`));
    lx += 42 + estTextW(s.label, 13);
  }
  out.push(text(lx, ly + 12, "whiskers: 95% intervals", `font-size="11" fill="#777"`));

  spec.panels.forEach((panel, pi) => {
    const col = pi % columns;
    const row = Math.floor(pi / columns);
    const x0 = marginL + col * (panelW + gapX);
    const panelTitleY = firstPanelY + shift + row * cellH;
    const plotTop = panelTitleY + titleH;
    const y = (v: number) => plotTop + panelH - (Math.max(0, Math.min(v, yMax)) / yMax) * panelH;
    out.push(`<g data-panel="${pi + 1}">`);
    if (col === 0) {
      const midY = plotTop + panelH / 2;
      out.push(
        text(
          20,
          midY,
          spec.yLabel,
          `font-size="13" fill="#333" text-anchor="middle" transform="rotate(-90 20 ${midY})"`,
        ),
      );
    }
    for (let t = 0; t * step <= yMax + 1e-9; t++) {
      const v = t * step;
      const yy = y(v);
      out.push(
        `<line x1="${x0}" y1="${yy.toFixed(1)}" x2="${x0 + panelW}" y2="${yy.toFixed(1)}" stroke="${t === 0 ? "#444" : "#e6e6e6"}" stroke-width="1"/>`,
      );
      out.push(text(x0 - 7, yy + 4, percentLabel(v, step), `font-size="11" fill="#555" text-anchor="end"`));
    }
    out.push(`<line x1="${x0}" y1="${plotTop}" x2="${x0}" y2="${plotTop + panelH}" stroke="#444"/>`);
    out.push(
      text(
        x0 + panelW / 2,
        panelTitleY,
        `(${String.fromCharCode(97 + (pi % 26))}) ${panel.title}`,
        `font-size="14" font-weight="bold" fill="#333" text-anchor="middle" data-panel-title="1"`,
      ),
    );

    const cats = catsOf(panel);
    const groupW = panelW / cats.length;
    const barW = Math.min(34, (groupW - 24) / nSeries);
    cats.forEach((cat, ci) => {
      const cxGroup = x0 + ci * groupW + groupW / 2;
      const gx = cxGroup - (barW * nSeries) / 2;
      if (ci > 0)
        out.push(
          `<line x1="${(x0 + ci * groupW).toFixed(1)}" y1="${plotTop + panelH}" x2="${(x0 + ci * groupW).toFixed(1)}" y2="${plotTop + panelH + 6}" stroke="#444"/>`,
        );
      spec.series.forEach((s, si) => {
        const e = panel.value(cat.key, s.key);
        const bx = gx + si * barW;
        const cx = bx + barW / 2;
        if (!e || !Number.isFinite(e.mean)) {
          out.push(text(cx, plotTop + panelH - 4, "n/a", `font-size="9" fill="#aaa" text-anchor="middle"`));
          return;
        }
        const by = y(e.mean);
        const tip = `${s.label} · ${cat.label || panel.title}: ${(e.mean * 100).toFixed(1)}% [${(e.lo * 100).toFixed(1)}, ${(e.hi * 100).toFixed(1)}], n=${e.n}`;
        out.push(
          `<rect x="${(bx + 1.5).toFixed(1)}" y="${by.toFixed(1)}" width="${(barW - 3).toFixed(1)}" height="${Math.max(0, plotTop + panelH - by).toFixed(1)}" fill="${s.color}"><title>${escapeXml(tip)}</title></rect>`,
        );
        if (Number.isFinite(e.lo) && e.hi > e.lo) {
          const ylo = y(e.lo);
          const yhi = y(e.hi);
          out.push(
            `<path d="M${cx.toFixed(1)} ${ylo.toFixed(1)}V${yhi.toFixed(1)}M${(cx - 4).toFixed(1)} ${ylo.toFixed(1)}h8M${(cx - 4).toFixed(1)} ${yhi.toFixed(1)}h8" stroke="#333" stroke-width="1.2" fill="none"/>`,
          );
        }
        if (barW >= 18) {
          const labelY = Math.min(by, Number.isFinite(e.hi) ? y(e.hi) : by) - 5;
          out.push(text(cx, labelY, `${Math.round(e.mean * 100)}`, `font-size="10" fill="#333" text-anchor="middle"`));
        }
      });
      const note = panel.note?.(cat.key);
      if (note)
        out.push(
          text(cxGroup, plotTop - 20, note, `font-size="12" font-weight="bold" fill="#b03030" text-anchor="middle"`),
        );
      const ns = [...new Set(spec.series.map((s) => panel.value(cat.key, s.key)?.n ?? 0))];
      if (cat.label)
        out.push(text(cxGroup, plotTop + panelH + 19, cat.label, `font-size="12" fill="#333" text-anchor="middle"`));
      out.push(
        text(
          cxGroup,
          plotTop + panelH + (cat.label ? 34 : 19),
          `n=${ns.join(" / ")}`,
          `font-size="10" fill="#888" text-anchor="middle"`,
        ),
      );
    });
    out.push("</g>");
  });

  const fy = firstPanelY + shift + rows * cellH + 8;
  footer.forEach((line, i) => {
    out.push(text(marginL, fy + i * 18, line, `font-size="11" fill="#666"`));
  });
  out.push("</svg>");
  return out.join("\n");
}

export async function svgToPng(svg: string, file: string): Promise<void> {
  const sharp = await loadSharp();
  await sharp(Buffer.from(svg), { density: 144 }).png().toFile(file);
}
