/**
 * Paper-ready figures: Figures 5–8 as panel grids (one panel per
 * scenario and backbone, lettered, at most three to a row), Figure 9 with a log cost axis when
 * costs span orders of magnitude and price-0 backbones in a band of their own (spread apart,
 * never piled at x = 0), Figure 10 the latency variant, and Holm–Bonferroni beside the paired
 * tests. Read from the SVGs and PNGs a real `writeReport` writes from synthetic result lines.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, test } from "node:test";
import sharp from "sharp";
import { holmAdjust } from "../../src/eval/holm.ts";
import { writeReport } from "../../src/eval/report/write-report.ts";
import { usageDetail } from "../../src/eval/usage-detail.ts";
import type { CallRecord } from "../../src/mllm/policy.ts";
import { manifest, syntheticLines } from "./lines.ts";

const dir = mkdtempSync(join(tmpdir(), "polar-figures-"));
const read = (f: string) => readFileSync(join(dir, "report", f), "utf8");
/** per backbone: its cost per episode and latency per call (ms); heuristic makes no calls */
const PROFILE: Record<string, { cost: number; ms: number } | null> = {
  heuristic: null,
  "qwen-local": { cost: 0, ms: 900 },
  "gpt-mini": { cost: 0.0012, ms: 350 },
  "gpt-big": { cost: 0.31, ms: 2400 },
};

before(async () => {
  const lines = syntheticLines(Object.keys(PROFILE), 8).map((l) => {
    const p = PROFILE[l.backbone];
    if (!p) return l;
    const calls: CallRecord[] = Array.from({ length: 6 }, (_, i) => ({
      task: "low_level",
      backbone: l.backbone,
      model: l.backbone,
      inputTokens: 1000,
      outputTokens: 20,
      latencyMs: p.ms * (0.8 + 0.08 * i),
      costUsd: p.cost / 6,
      attempts: 1,
    }));
    return {
      ...l,
      usage: { ...l.usage, calls: 6, inputTokens: 6000, outputTokens: 120, costUsd: p.cost, ...usageDetail(calls) },
    };
  });
  writeFileSync(join(dir, "results.jsonl"), `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  writeFileSync(
    join(dir, "manifest.json"),
    JSON.stringify(
      manifest({
        backbones: Object.fromEntries(Object.keys(PROFILE).map((b) => [b, { type: "openai", model: b }])),
      }),
    ),
  );
  await writeReport(dir, { samples: 100 });
});

test("Figures 5–8 are panel grids: lettered panels, a row per backbone, a page's shape", async () => {
  for (const fig of ["fig5_gap", "fig6_cm", "fig7_controlled", "fig8_recall"]) {
    const svg = read(`${fig}.svg`);
    const panels = [...svg.matchAll(/data-panel="(\d+)"/g)].length;
    const titles = [...svg.matchAll(/data-panel-title="1">\(([a-z])\) ([^<]+)</g)].map((m) => `${m[1]} ${m[2]}`);
    assert.equal(titles.length, panels, `${fig}: every panel titled`);
    assert.match(svg, /Figure [5-8] · /, `${fig} numbered and titled`);
    const meta = await sharp(join(dir, "report", `${fig}.png`)).metadata();
    const ratio = (meta.width ?? 0) / (meta.height ?? 1);
    assert.ok(ratio < 2.2, `${fig}: ${meta.width}×${meta.height} is not a strip`);
    assert.ok((meta.width ?? 0) <= 3000, `${fig}: ${meta.width} px wide`);
    if (fig !== "fig5_gap") {
      // one panel per scenario (and All) per backbone
      assert.equal(panels, 5 * Object.keys(PROFILE).length, `${fig}: ${titles.join(", ")}`);
      assert.ok(
        titles.some((t) => /Distractor · gpt-big/i.test(t)),
        titles.join(", "),
      );
    }
  }
});

test("Figure 9: a log cost axis across orders of magnitude; price-0 points in a band, spread apart", () => {
  const svg = read("fig9_cost.svg");
  assert.match(svg, /Figure 9 · Success rate against cost per episode/);
  assert.match(svg, /Cost per episode \(USD\), log scale/);
  assert.match(svg, /data-band="zero"/);
  assert.match(svg, /data-axis-break="1"/);
  assert.match(svg, /0 \(price 0\)/);
  // heuristic and qwen-local × 3 memory modes sit at 0: each its own column, labels not on top of each other
  const band = Number(/<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"[^>]*data-band="zero"/.exec(svg)![2]);
  const bandX = Number(/<rect x="([\d.]+)" y="[\d.]+" width="[\d.]+"[^>]*data-band="zero"/.exec(svg)![1]);
  const pts = [
    ...svg.matchAll(
      /<g data-point="(\d+)"><title>([^<]+)<\/title><(?:circle cx="([\d.]+)"|rect x="([\d.]+)"|path d="M([\d.]+))/g,
    ),
  ];
  const zero = pts.filter((m) => /^(heuristic|qwen-local) /.test(m[2]));
  assert.equal(zero.length, 6);
  const xs = zero.map((m) => Number(m[3] ?? m[4] ?? m[5]));
  assert.equal(new Set(xs.map((x) => Math.round(x / 10))).size, 6, `spread apart: ${xs.join(", ")}`);
  for (const x of xs) assert.ok(x >= bandX - 10 && x <= bandX + band + 10, `x ${x} in the band`);
  // the paid ones are on the log axis, a decade or more apart
  const paid = pts.filter((m) => /^gpt-/.test(m[2])).map((m) => Number(m[3] ?? m[4] ?? m[5]));
  assert.ok(Math.max(...paid) - Math.min(...paid) > 200, `paid points spread on the log axis: ${paid.join(", ")}`);
  for (const tick of ["0.001", "0.01", "0.1", "1"]) assert.ok(svg.includes(`>${tick}<`), `decade tick ${tick}`);
});

test("Figure 10 plots SR against model latency per call; no calls is its own band", () => {
  const svg = read("fig10_latency.svg");
  assert.match(svg, /Figure 10 · Success rate against model latency per call/);
  assert.match(svg, /0 \(no model calls\)/);
  const md = read("report.md");
  assert.match(md, /## Figure 10 — SR against model latency per call/);
  const csv = read("fig10_latency.csv").trim().split("\n");
  const big = csv.find((r) => r.startsWith("gpt-big,polar"))!.split(",");
  const p50 = Number(big[6]);
  assert.ok(p50 > 1500 && p50 < 3500, `gpt-big p50 ${p50} ms`);
});

test("the paired tests name Holm–Bonferroni and carry adjusted p-values", () => {
  const md = read("report.md");
  assert.match(md, /corrected by \*\*Holm–Bonferroni\*\*/);
  assert.match(md, /\| McNemar exact p \| Holm–Bonferroni p \|/);
  const [head, ...rows] = read("paired.csv")
    .trim()
    .split("\n")
    .map((r) => r.split(","));
  const p = head.indexOf("mcnemar_p");
  const h = head.indexOf("mcnemar_p_holm");
  assert.ok(p >= 0 && h === p + 1);
  const raw = rows.map((r) => Number(r[p]));
  const adj = rows.map((r) => Number(r[h]));
  // the CSV rounds: Holm of the rounded p-values agrees to that rounding
  for (const [i, want] of holmAdjust(raw).entries())
    assert.ok(Math.abs(adj[i] - want) <= 0.05 * Math.max(want, 1e-6), `${adj[i]} vs ${want}`);
  assert.ok(
    raw.some((x, i) => adj[i] > x),
    "some p-value is adjusted up",
  );
  for (let i = 0; i < raw.length; i++) assert.ok(adj[i] >= raw[i] && adj[i] <= 1);
});

test("Holm's step-down on a worked example", () => {
  const got = holmAdjust([0.01, 0.04, 0.03, 0.005]);
  const want = [0.03, 0.06, 0.06, 0.02];
  for (const [i, g] of got.entries()) assert.ok(Math.abs(g - want[i]) < 1e-12, `${g} vs ${want[i]}`);
  assert.deepEqual(holmAdjust([]), []);
  assert.deepEqual(holmAdjust([0.9, 0.8]), [1, 1]);
});
