import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import sharp from "sharp";
import { writeReport } from "../../src/eval/report/write.ts";
import { line, manifest, syntheticLines } from "./lines.ts";

test("report from a synthetic JSONL: Markdown table, parseable CSV, SVG and PNG figures, provenance", async () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-report-"));
  const lines = syntheticLines(["heuristic", "gpt-4o-mini"], 10);
  writeFileSync(join(dir, "results.jsonl"), `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  writeFileSync(
    join(dir, "manifest.json"),
    JSON.stringify(
      manifest({
        backbones: {
          heuristic: { type: "heuristic", model: null },
          "gpt-4o-mini": { type: "openai", model: "gpt-4o-mini" },
        },
      }),
    ),
  );
  const out = await writeReport(dir, { samples: 200 });
  const md = readFileSync(join(dir, "report", "report.md"), "utf8");
  for (const needle of [
    "Embedder: lexical fallback",
    "Store: sqlite",
    "Simulator: embedded",
    "gpt-4o-mini (openai: gpt-4o-mini)",
    "Dataset: synthetic",
  ])
    assert.ok(md.includes(needle), `report names ${needle}`);
  // The SR block has one row per backbone × memory, with the counted SR in the "All" column.
  const polarRow = md.split("\n").find((l) => l.startsWith("| heuristic | Polar |"));
  assert.ok(polarRow, "a Polar row for heuristic");
  const polarLines = lines.filter((l) => l.backbone === "heuristic" && l.memory === "polar");
  const sr = (100 * polarLines.filter((l) => l.success).length) / polarLines.length;
  assert.ok(polarRow.includes(`${sr.toFixed(1)} [`), `row ${polarRow} holds SR ${sr.toFixed(1)}`);
  assert.match(md, /Table 2[\s\S]*Not run/);

  const csv = readFileSync(join(dir, "report", "table1.csv"), "utf8")
    .trim()
    .split("\n");
  const header = csv[0].split(",");
  assert.deepEqual(header.slice(0, 5), ["backbone", "memory", "scenario", "n", "sr"]);
  const rows = csv.slice(1).map((r) => r.split(","));
  assert.ok(rows.every((r) => r.length === header.length));
  const all = rows.find((r) => r[0] === "heuristic" && r[1] === "polar" && r[2] === "all");
  assert.ok(all);
  assert.equal(Number(all[3]), polarLines.length);
  assert.ok(Math.abs(Number(all[4]) * 100 - sr) < 1e-6);
  assert.ok(Number(all[5]) <= Number(all[4]) && Number(all[4]) <= Number(all[6]));

  for (const fig of ["fig5_gap", "fig6_cm", "fig7_controlled", "fig8_recall"]) {
    const svg = readFileSync(join(dir, "report", `${fig}.svg`), "utf8");
    assert.match(svg, /^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assert.ok(svg.includes("Embedder: lexical fallback"), `${fig} names the embedder`);
    const meta = await sharp(join(dir, "report", `${fig}.png`)).metadata();
    assert.equal(meta.format, "png");
    assert.ok((meta.width ?? 0) > 600 && (meta.height ?? 0) > 400);
  }
  assert.ok(statSync(join(dir, "report", "fig5_gap.csv")).size > 0);
  assert.match(out.consoleTable, /heuristic\s+Polar/);
});

test("report on a folder without results says so", async () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-report-"));
  await assert.rejects(writeReport(dir), /no results file/);
});

test("usage a provider did not report reads 'not reported' in the report's usage table, never 0", async () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-report-usage-"));
  const usage = (inputTokens: number | null, costUsd: number | null) => ({
    calls: 2,
    inputTokens,
    outputTokens: 7,
    costUsd,
    failedCalls: 0,
  });
  const lines = [
    line({ episodeId: "e1", backbone: "gpt", memory: "polar", usage: usage(100, 0.5) }),
    line({ episodeId: "e2", backbone: "gpt", memory: "polar", usage: usage(null, null) }),
    line({ episodeId: "e3", backbone: "gpt", memory: "none", usage: usage(40, 0.25) }),
  ];
  writeFileSync(join(dir, "results.jsonl"), `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  const md = (await writeReport(dir, { samples: 50 })).markdown;
  const usageSection = md.slice(md.indexOf("## Model usage"));
  const row = (memory: string) => usageSection.split("\n").find((l) => l.startsWith(`| gpt | ${memory} |`));
  assert.equal(row("Polar"), "| gpt | Polar | 2 | 4 | 0 | not reported | 14 | not reported |");
  assert.equal(row("No-prior"), "| gpt | No-prior | 1 | 2 | 0 | 40 | 7 | 0.2500 |");
});
