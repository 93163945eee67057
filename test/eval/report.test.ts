import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import sharp from "sharp";
import { cmPerScenario } from "../../src/eval/metrics.ts";
import { writeReport } from "../../src/eval/report/write-report.ts";
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

/** The cells of the Markdown row that starts with `prefix`, in the section that starts with `heading`. */
function rowCells(md: string, heading: string, prefix: string, occurrence = 0): string[] {
  const section = md.slice(md.indexOf(heading));
  const rows = section.split("\n").filter((l) => l.startsWith(prefix));
  const row = rows[occurrence];
  assert.ok(row, `a row "${prefix}" after "${heading}"`);
  return row
    .slice(1, -1)
    .split(" | ")
    .map((c) => c.trim());
}

test("one interval per quantity: Table 1, Figure 5's table, Table 2, Figure 9 and the CSVs show the same interval for the same figure", async () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-report-one-"));
  const base = syntheticLines(["heuristic"], 10);
  const ablation = base
    .filter((l) => l.memory === "polar" && l.stage === "evaluation")
    .map((l, i) =>
      line({ ...l, key: undefined, representation: "instruction", success: i % 3 === 0, spl: i % 3 === 0 ? 0.5 : 0 }),
    );
  const lines = [...base, ...ablation];
  writeFileSync(join(dir, "results.jsonl"), `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  const md = (await writeReport(dir, { samples: 300, seed: 4 })).markdown;

  // Table 1's "All" SR of each memory mode is Figure 5's evaluation SR, interval included
  for (const memory of ["No-prior", "Raw-interaction", "Polar"]) {
    const t1 = rowCells(md, "**SR (%)", `| heuristic | ${memory} |`).at(-1);
    const fig5 = rowCells(md, "## Figure 5", `| heuristic | ${memory} |`)[3];
    assert.equal(fig5, t1, `${memory}: Figure 5 ${fig5} against Table 1 ${t1}`);
  }
  // one acquisition SR per backbone, whichever row it stands in
  const acq = ["No-prior", "Raw-interaction", "Polar"].map(
    (m) => rowCells(md, "## Figure 5", `| heuristic | ${m} |`)[2],
  );
  assert.equal(new Set(acq).size, 1, `acquisition SR reads ${acq.join(" / ")}`);
  // Table 2's Polar (episodic) row is Table 1's Polar row: SR, SPL (a bootstrap) and CM
  const t2 = rowCells(md, "## Table 2", "| heuristic | + Episodic memory (Polar) |");
  assert.equal(t2[2], rowCells(md, "**SR (%)", "| heuristic | Polar |").at(-1));
  assert.equal(t2[3], rowCells(md, "**SPL", "| heuristic | Polar |").at(-1));
  assert.equal(t2[4], rowCells(md, "**CM", "| heuristic | Polar |").at(-1));
  // Figure 9's SR interval is table1.csv's "all" interval
  const csv = (name: string) =>
    readFileSync(join(dir, "report", name), "utf8")
      .trim()
      .split("\n")
      .map((r) => r.split(","));
  const t1All = csv("table1.csv").find((r) => r[1] === "polar" && r[2] === "all");
  const fig9 = csv("fig9_cost.csv").find((r) => r[1] === "polar");
  assert.ok(t1All && fig9);
  assert.deepEqual(fig9.slice(3, 6), t1All.slice(4, 7));
  assert.match(md, /Intervals: 95%, Wilson score for proportions/);
});

test("a proportion at 0 of n gets an interval as wide as n allows, in Table 1 and in Figure 6", async () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-report-zero-"));
  const lines = Array.from({ length: 8 }, (_, i) =>
    line({ episodeId: `e${i}`, memory: "polar", scenario: "distractor", success: false, cm: i < 2 }),
  );
  writeFileSync(join(dir, "results.jsonl"), `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  const md = (await writeReport(dir, { samples: 100 })).markdown;
  assert.equal(rowCells(md, "**SR (%)", "| heuristic | Polar |").at(-1), "0.0 [0.0, 32.4]");
  assert.equal(rowCells(md, "**CM", "| heuristic | Polar |").at(-1), "25.0 [7.1, 59.1]");
  const fig6 = cmPerScenario(lines)[0].values.distractor;
  assert.deepEqual(
    [fig6.mean, fig6.lo].map((v) => (v * 100).toFixed(1)),
    ["25.0", "7.1"],
  );
});

test("the usage table counts acquisition episodes as their own group, never under a memory mode", async () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-report-acq-"));
  const usage = { calls: 3, inputTokens: 10, outputTokens: 2, costUsd: 0, failedCalls: 0 };
  const lines = [
    ...["a1", "a2", "a3"].map((id) =>
      line({ episodeId: id, stage: "acquisition", scenario: "acquisition", memory: "none", usage }),
    ),
    line({ episodeId: "e1", memory: "none", usage }),
    line({ episodeId: "e1", memory: "polar", usage }),
  ];
  writeFileSync(join(dir, "results.jsonl"), `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  const md = (await writeReport(dir, { samples: 50 })).markdown;
  assert.deepEqual(rowCells(md, "## Model usage", "| heuristic | Acquisition |").slice(2, 4), ["3", "9"]);
  assert.deepEqual(rowCells(md, "## Model usage", "| heuristic | No-prior |").slice(2, 4), ["1", "3"]);
});
