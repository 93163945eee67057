/**
 * Hand-written SVG charts: grouped bars with confidence-interval whiskers, one panel per
 * backbone, a legend, labelled axes and a provenance footer. PNGs are rendered from the same
 * SVG with sharp, so both always agree.
 */
import sharp from "sharp";
import type { Estimate } from "../bootstrap.ts";

export interface SeriesSpec {
  key: string;
  label: string;
  color: string;
}

export interface PanelSpec {
  title: string;
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

/** Tick step and axis top: round numbers, at most six ticks. */
function axis(maxValue: number): { top: number; step: number } {
  const v = maxValue > 0 ? maxValue : 1;
  for (const step of [0.02, 0.05, 0.1, 0.2, 0.25]) {
    const top = Math.ceil(v / step - 1e-9) * step;
    if (top / step <= 6) return { top: Math.min(top, Math.max(1, step)), step };
  }
  return { top: Math.ceil(v * 5) / 5, step: Math.ceil(v * 5) / 25 };
}

export function barChart(spec: BarChartSpec): string {
  const nSeries = spec.series.length;
  const minPanelW = Math.max(300, spec.categories.length * (nSeries * 28 + 36) + 20);
  const panelH = 300;
  const marginL = 72;
  const gapBetween = 34;
  const hasNotes = spec.panels.some((p) => spec.categories.some((c) => p.note?.(c.key)));
  const legendY = spec.subtitle ? 84 : 62;
  const panelTitleY = legendY + 40;
  const plotTop = panelTitleY + (hasNotes ? 42 : 24);
  const xAxisH = 50;
  const footerH = 18 * spec.footer.length + 10;
  const estTextW = (s: string, px: number) => s.length * px * 0.54;
  const legendW =
    spec.series.reduce((w, s) => w + 42 + estTextW(s.label, 13), 0) + estTextW("whiskers: 95% bootstrap CI", 11);
  const width = Math.ceil(
    Math.max(
      marginL + spec.panels.length * minPanelW + (spec.panels.length - 1) * gapBetween + 24,
      marginL + estTextW(spec.title, 20) + 30,
      marginL + estTextW(spec.subtitle ?? "", 13) + 30,
      marginL + legendW + 30,
      marginL + Math.max(0, ...spec.footer.map((f) => estTextW(f, 11))) + 30,
    ),
  );
  // Panels share whatever width the text needs, so nothing is cramped or left empty.
  const panelW = (width - marginL - 24 - (spec.panels.length - 1) * gapBetween) / spec.panels.length;
  const height = plotTop + panelH + xAxisH + footerH;

  let maxSeen = 0;
  for (const p of spec.panels)
    for (const c of spec.categories)
      for (const s of spec.series) {
        const e = p.value(c.key, s.key);
        if (e && Number.isFinite(e.hi)) maxSeen = Math.max(maxSeen, e.hi);
      }
  const { top: yMax, step } = spec.yMax ? { top: spec.yMax, step: spec.yMax / 5 } : axis(maxSeen * 1.06);
  const y = (v: number) => plotTop + panelH - (Math.max(0, Math.min(v, yMax)) / yMax) * panelH;

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    text(marginL, 34, spec.title, `font-size="20" font-weight="bold" fill="#222"`),
  );
  if (spec.subtitle) out.push(text(marginL, 58, spec.subtitle, `font-size="13" fill="#555"`));

  let lx = marginL;
  for (const s of spec.series) {
    out.push(`<rect x="${lx}" y="${legendY}" width="14" height="14" rx="2" fill="${s.color}"/>`);
    out.push(text(lx + 20, legendY + 12, s.label, `font-size="13" fill="#333"`));
    lx += 42 + estTextW(s.label, 13);
  }
  out.push(text(lx, legendY + 12, "whiskers: 95% bootstrap CI", `font-size="11" fill="#777"`));

  const midY = plotTop + panelH / 2;
  out.push(
    text(20, midY, spec.yLabel, `font-size="13" fill="#333" text-anchor="middle" transform="rotate(-90 20 ${midY})"`),
  );

  spec.panels.forEach((panel, pi) => {
    const x0 = marginL + pi * (panelW + gapBetween);
    for (let t = 0; t * step <= yMax + 1e-9; t++) {
      const v = t * step;
      const yy = y(v);
      out.push(
        `<line x1="${x0}" y1="${yy.toFixed(1)}" x2="${x0 + panelW}" y2="${yy.toFixed(1)}" stroke="${t === 0 ? "#444" : "#e6e6e6"}" stroke-width="1"/>`,
      );
      out.push(text(x0 - 7, yy + 4, `${Math.round(v * 100)}%`, `font-size="11" fill="#555" text-anchor="end"`));
    }
    out.push(`<line x1="${x0}" y1="${plotTop}" x2="${x0}" y2="${plotTop + panelH}" stroke="#444"/>`);
    out.push(
      text(
        x0 + panelW / 2,
        panelTitleY,
        panel.title,
        `font-size="14" font-weight="bold" fill="#333" text-anchor="middle"`,
      ),
    );

    const groupW = panelW / spec.categories.length;
    const barW = Math.min(34, (groupW - 24) / nSeries);
    spec.categories.forEach((cat, ci) => {
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
        const tip = `${s.label} · ${cat.label}: ${(e.mean * 100).toFixed(1)}% [${(e.lo * 100).toFixed(1)}, ${(e.hi * 100).toFixed(1)}], n=${e.n}`;
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
      out.push(text(cxGroup, plotTop + panelH + 19, cat.label, `font-size="12" fill="#333" text-anchor="middle"`));
      out.push(
        text(cxGroup, plotTop + panelH + 34, `n=${ns.join(" / ")}`, `font-size="10" fill="#888" text-anchor="middle"`),
      );
    });
  });

  const fy = plotTop + panelH + xAxisH + 8;
  spec.footer.forEach((line, i) => {
    out.push(text(marginL, fy + i * 18, line, `font-size="11" fill="#666"`));
  });
  out.push("</svg>");
  return out.join("\n");
}

export async function svgToPng(svg: string, file: string): Promise<void> {
  await sharp(Buffer.from(svg), { density: 144 }).png().toFile(file);
}
