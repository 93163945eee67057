/**
 * `polar report --paper`: figures a paper can take as they are: a column (3.5 in) or a page
 * (7 in) wide, text at 8 pt or more, no title or footer baked in, round ticks, and the
 * provenance in each file's metadata (SVG, PDF, PNG) rather than in the picture.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { inflateSync } from "node:zlib";
import sharp from "sharp";
import { COST_AXIS, type CostPoint, costFigure, LATENCY_AXIS } from "../../src/eval/report/cost-figure.ts";
import { svgSizePt, writePaperFigure } from "../../src/eval/report/paper-figures.ts";
import { type BarChartSpec, barChart, paperLayout } from "../../src/eval/report/svg.ts";
import { tradeoffPaper } from "../../src/eval/report/tradeoff-paper.ts";
import { manifest, syntheticLines } from "./lines.ts";

const est = (mean: number, n = 20) => ({ n, mean, lo: Math.max(0, mean - 0.15), hi: Math.min(1, mean + 0.15) });
const scenarios = ["single", "joint", "distractor", "temporal"];
const spec: BarChartSpec = {
  title: "Figure 6 · Category match: right category, wrong instance",
  subtitle: "a subtitle that belongs on a screen, not in a paper",
  yLabel: "CM rate",
  categories: scenarios.map((s) => ({ key: s, label: s })),
  series: [
    { key: "none", label: "No-prior", color: "#9a9a9a" },
    { key: "raw", label: "Raw-interaction", color: "#e69f00" },
    { key: "polar", label: "Polar", color: "#0072b2" },
  ],
  panels: ["heuristic", "gpt-4o-mini"].map((b, i) => ({
    title: b,
    value: (_c: string, s: string) => est(s === "polar" ? 0.7 - 0.1 * i : 0.4),
  })),
  footer: ["dataset polar-mini (sha256 abc)", "commit 1234567, 2026-12-03"],
  columns: 4,
};

test("both widths, three formats, exactly the width asked for, provenance in the metadata", async () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-paper-"));
  const files = await writePaperFigure(dir, "fig6_cm", spec, spec.footer);
  assert.equal(files.length, 6);
  for (const [width, inches] of [
    ["column", 3.5],
    ["page", 7],
  ] as const) {
    const svg = readFileSync(join(dir, `fig6_cm-${width}.svg`), "utf8");
    const size = svgSizePt(svg);
    assert.equal(size.width, inches * 72);
    assert.match(svg, new RegExp(`viewBox="0 0 ${inches * 72} `), "one unit is one point");
    // no title, subtitle or footer drawn; the provenance is metadata
    assert.doesNotMatch(svg, /<text[^>]*>Figure 6/);
    assert.doesNotMatch(svg, /<text[^>]*>(?:a subtitle|dataset polar-mini)/);
    assert.match(svg, /<metadata>.*dataset polar-mini \(sha256 abc\)\ncommit 1234567/s);
    const sizes = [...svg.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1]));
    assert.ok(sizes.length > 10 && Math.min(...sizes) >= 8, `every text at 8 pt or more: ${Math.min(...sizes)}`);
    // every panel inside the width
    for (const m of svg.matchAll(/<line x1="([\d.]+)" y1="[\d.]+" x2="([\d.]+)"/g))
      assert.ok(Number(m[2]) <= inches * 72 + 0.01, `a line ends at ${m[2]} pt`);
    // round ticks
    const ticks = [...svg.matchAll(/text-anchor="end">(\d+)%</g)].map((m) => Number(m[1]));
    assert.ok(ticks.length >= 3 && ticks.every((t) => t % 5 === 0), `ticks ${ticks}`);

    const png = readFileSync(join(dir, `fig6_cm-${width}.png`));
    const meta = await sharp(png).metadata();
    assert.equal(meta.width, inches * 300, "300 dpi");
    assert.match(pngText(png).Source ?? "", /dataset polar-mini \(sha256 abc\)/);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    let inked = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i] < 200) inked++;
    assert.ok(inked > 1000, "the chart is drawn, not blank");

    const pdf = readFileSync(join(dir, `fig6_cm-${width}.pdf`)).toString("latin1");
    assert.ok(pdf.startsWith("%PDF-"));
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf);
    assert.ok(box, "a page size");
    assert.equal(Number(box[1]), inches * 72);
    assert.match(pdf, /\/Subject/);
  }
});

/** The PNG's text chunks (tEXt and zTXt), by keyword. */
function pngText(png: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  for (let at = 8; at < png.length; ) {
    const len = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + len);
    const nul = data.indexOf(0);
    if (type === "tEXt") out[data.toString("latin1", 0, nul)] = data.toString("latin1", nul + 1);
    if (type === "zTXt") out[data.toString("latin1", 0, nul)] = inflateSync(data.subarray(nul + 2)).toString("utf8");
    at += 12 + len;
  }
  return out;
}

test("polar report --paper writes report/paper/ beside the report and links each figure's versions", () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-paper-report-"));
  writeFileSync(
    join(dir, "results.jsonl"),
    syntheticLines(["heuristic"], 6)
      .map((l) => `${JSON.stringify(l)}\n`)
      .join(""),
  );
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest()));
  const r = spawnSync(process.execPath, ["bin/polar.js", "report", dir, "--paper", "--samples", "50"], {
    encoding: "utf8",
    timeout: 120_000,
  });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /figures for a paper: .*report\/paper\//);
  const md = readFileSync(join(dir, "report", "report.md"), "utf8");
  for (const fig of ["fig5_gap", "fig6_cm", "fig9_cost", "fig10_latency"])
    for (const w of ["column", "page"]) {
      assert.ok(existsSync(join(dir, "report", "paper", `${fig}-${w}.pdf`)), `${fig}-${w}.pdf`);
      assert.ok(md.includes(`(paper/${fig}-${w}.pdf)`), `report.md links ${fig}-${w}.pdf`);
    }
});

/** one backbone, three memory modes: Figures 9/10 as a user with one backbone gets them */
const onePoints: CostPoint[] = [
  {
    backbone: "gpt-4o-mini",
    memory: "none",
    sr: est(0.3),
    cost: { n: 20, mean: 0.0004, lo: 0.00035, hi: 0.00046 },
    pareto: true,
  },
  {
    backbone: "gpt-4o-mini",
    memory: "raw",
    sr: est(0.45),
    cost: { n: 20, mean: 0.0011, lo: 0.001, hi: 0.0012 },
    pareto: false,
  },
  {
    backbone: "gpt-4o-mini",
    memory: "polar",
    sr: est(0.62),
    cost: { n: 20, mean: 0.0009, lo: 0.0008, hi: 0.001 },
    pareto: true,
  },
];

test("Figures 9/10 for a paper with one backbone: the plot fills the figure, points labelled by memory mode, no legend", async () => {
  for (const [width, W] of [
    ["column", 252],
    ["page", 504],
  ] as const)
    for (const axis of [COST_AXIS, LATENCY_AXIS]) {
      const svg = tradeoffPaper(onePoints, axis, width)!;
      assert.equal(svgSizePt(svg).width, W);
      assert.match(svg, new RegExp(`viewBox="0 0 ${W} `));
      assert.doesNotMatch(svg, /Figure (9|10)|One point per backbone/, "no title or subtitle baked in");
      const sizes = [...svg.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1]));
      assert.ok(Math.min(...sizes) >= 8, `every text at 8 pt or more: ${Math.min(...sizes)}`);
      // direct labels: the memory modes, once each; no backbone legend for a single backbone
      const labels = [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)"[^>]*data-label="1">([^<]*)</g)];
      assert.deepEqual(labels.map((m) => m[3]).sort(), ["No-prior", "Polar", "Raw-interaction"]);
      assert.ok(!svg.includes("gpt-4o-mini"), "one backbone: its name is the caption's, not a legend");
      for (let i = 0; i < labels.length; i++)
        for (let j = i + 1; j < labels.length; j++)
          assert.ok(
            Math.abs(Number(labels[i][2]) - Number(labels[j][2])) >= 8 ||
              Math.abs(Number(labels[i][1]) - Number(labels[j][1])) > 60,
            `labels ${labels[i][3]} and ${labels[j][3]} apart`,
          );
      // the plot is most of the figure: its grid spans more than half the width
      const grid = /<line x1="([\d.]+)" y1="[\d.]+" x2="([\d.]+)" y2="[\d.]+" stroke="#e6e6e6"/.exec(svg)!;
      assert.ok(Number(grid[2]) - Number(grid[1]) > W * 0.55, `plot ${Number(grid[2]) - Number(grid[1])} of ${W} pt`);
      // round ticks on the SR axis
      const ticks = [...svg.matchAll(/text-anchor="end">(\d+)%</g)].map((m) => Number(m[1]));
      assert.ok(ticks.length >= 3 && ticks.every((t) => t % 5 === 0), `ticks ${ticks}`);
      // nothing drawn past the right edge: the last columns of the rendered figure are blank
      const { data, info } = await sharp(
        Buffer.from(
          svg.replace(
            /width="[\d.]+in" height="[\d.]+in"/,
            `width="${W * 4}" height="${Math.round(svgSizePt(svg).height * 4)}"`,
          ),
        ),
      )
        .raw()
        .toBuffer({ resolveWithObject: true });
      let edge = 0;
      for (let row = 0; row < info.height; row++)
        for (let c = info.width - 3; c < info.width; c++)
          if (data[(row * info.width + c) * info.channels] < 200) edge++;
      assert.equal(edge, 0, `${width} ${axis.xLabel}: ink at the right edge`);
    }
});

test("Figures 9/10 for a paper with three backbones of close SR and cost: every point labelled once, no two labels on each other, all inside the figure", () => {
  const near: CostPoint[] = [];
  for (const [b, base] of [
    ["heuristic", 0],
    ["gpt-4o-mini", 0.0009],
    ["gemini-2.5-flash", 0.001],
  ] as const)
    for (const [i, memory] of ["none", "raw", "polar"].entries())
      near.push({
        backbone: b,
        memory,
        sr: est(0.5 + 0.02 * i + (base ? 0.01 : 0)),
        cost: { n: 20, mean: base * (1 + 0.05 * i), lo: base * 0.9, hi: base * 1.2 },
        pareto: i === 2,
      });
  for (const width of ["column", "page"] as const)
    for (const axis of [COST_AXIS, LATENCY_AXIS]) {
      const svg = tradeoffPaper(near, axis, width)!;
      const { width: W, height: H } = svgSizePt(svg);
      const labels = [
        ...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)"[^>]*data-label="1">([^<]*)</g),
      ].map((m) => {
        const [x, y, pt] = [Number(m[1]), Number(m[2]), Number(m[3])];
        // a generous glyph width for DejaVu Sans: wider than the layout assumes
        return { text: m[4].replace(/&amp;/g, "&"), x1: x, x2: x + m[4].length * pt * 0.6, top: y - pt, bottom: y };
      });
      assert.equal(labels.length, 9, `${width}: one label per point`);
      assert.equal(new Set(labels.map((l) => l.text)).size, 9);
      for (const l of labels)
        assert.ok(
          l.x1 >= 0 && l.x1 + ((l.x2 - l.x1) * 0.56) / 0.6 <= W && l.top >= 0 && l.bottom <= H,
          `${width}: ${l.text} inside`,
        );
      for (let i = 0; i < labels.length; i++)
        for (let j = i + 1; j < labels.length; j++) {
          const [a, b] = [labels[i], labels[j]];
          const apart = a.x2 <= b.x1 || b.x2 <= a.x1 || a.bottom <= b.top || b.bottom <= a.top;
          assert.ok(apart, `${width} ${axis.xLabel}: "${a.text}" and "${b.text}" overlap`);
        }
    }
});

test("the report's Figure 9 with one backbone: points named on the plot by memory mode, a one-line legend", () => {
  const svg = costFigure(onePoints, ["dataset polar-mini"])!;
  const labels = [...svg.matchAll(/data-label="1">([^<]*)</g)].map((m) => m[1]).sort();
  assert.deepEqual(labels, ["No-prior", "Polar", "Raw-interaction"]);
  assert.doesNotMatch(svg, />Points<|>Memory mode<|>1 gpt-4o-mini/, "no list of points or modes beside the plot");
  assert.match(svg, />Backbone: gpt-4o-mini</);
  const width = Number(/<svg[^>]* width="(\d+)"/.exec(svg)![1]);
  const grid = /<line x1="([\d.]+)" y1="[\d.]+" x2="([\d.]+)" y2="[\d.]+" stroke="#e6e6e6"/.exec(svg)!;
  assert.ok(
    Number(grid[2]) - Number(grid[1]) > width * 0.55,
    `plot ${Number(grid[2]) - Number(grid[1])} of ${width} px`,
  );
});

test("the report's Figure 6 with one scenario and one backbone: its title fits the figure", async () => {
  const one: BarChartSpec = { ...spec, categories: [spec.categories[2]], panels: [spec.panels[0]], columns: 1 };
  const svg = barChart(one);
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  let atEdge = 0;
  // the title's rows: no ink in the last columns, so no letter is cut off
  for (let row = 0; row < 44; row++)
    for (let c = info.width - 4; c < info.width; c++) if (data[(row * info.width + c) * info.channels] < 200) atEdge++;
  assert.equal(atEdge, 0, "the title reaches the right edge");
  let inked = 0;
  for (let row = 10; row < 44; row++)
    for (let c = 0; c < info.width; c++) if (data[(row * info.width + c) * info.channels] < 120) inked++;
  assert.ok(inked > 500, "the title is drawn");
});

test("a paper bar chart with two backbones of three memory modes: no two labels under or over the bars run into each other, at either width", () => {
  const gapSpec: BarChartSpec = {
    ...spec,
    categories: spec.series.map((s) => ({ key: s.key, label: s.label })),
    series: [
      { key: "acquisition", label: "Acquisition (explicit)", color: "#009e73" },
      { key: "evaluation", label: "Evaluation (implicit)", color: "#0072b2" },
    ],
    panels: ["heuristic", "scripted-openai"].map((b) => ({
      title: b,
      value: (_c: string, s: string) => est(s === "acquisition" ? 0.74 : 0.5, 54),
      note: (c: string) => (c === "none" ? "gap −25.9 pts" : "gap 74.1 pts"),
    })),
  };
  for (const width of ["column", "page"] as const) {
    const svg = barChart(gapSpec, paperLayout(width));
    const { width: W } = svgSizePt(svg);
    const centred = [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)"([^>]*)>([^<]*)</g)]
      // labels centred on what they name; the y axis's label is drawn upright
      .filter((m) => m[4].includes('text-anchor="middle"') && !m[4].includes("transform"))
      .map((m) => {
        const [x, y, pt] = [Number(m[1]), Number(m[2]), Number(m[3])];
        // a generous glyph width for DejaVu Sans (bold wider still)
        const w = m[5].length * pt * (m[4].includes("bold") ? 0.66 : 0.6);
        return { text: m[5], x1: x - w / 2, x2: x + w / 2, top: y - pt, bottom: y };
      });
    assert.ok(centred.filter((t) => t.text === "Raw-interaction").length === 2, `${width}: both panels' labels drawn`);
    for (const t of centred) assert.ok(t.x1 >= -1 && t.x2 <= W + 1, `${width}: "${t.text}" inside the figure`);
    for (let i = 0; i < centred.length; i++)
      for (let j = i + 1; j < centred.length; j++) {
        const [a, b] = [centred[i], centred[j]];
        const apart = a.x2 <= b.x1 || b.x2 <= a.x1 || a.bottom <= b.top || b.bottom <= a.top;
        assert.ok(apart, `${width}: "${a.text}" and "${b.text}" overlap`);
      }
  }
});
