/**
 * The report's backbone sections on hand-built results: paired rows and the
 * disagreeing episodes with links only where an event stream exists, "not reported" for usage
 * older lines never recorded (never 0), the Pareto front, and a budget stop named in the report.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { costPoints } from "../../src/eval/report/cost-figure.ts";
import { writeReport } from "../../src/eval/report/write-report.ts";
import type { ResultLine } from "../../src/eval/results.ts";
import { usageDetail } from "../../src/eval/usage-detail.ts";
import { line, manifest } from "./lines.ts";

function write(dir: string, lines: ResultLine[], sessions: unknown[] = []): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "results.jsonl"), lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest({ sessions: sessions as never })));
}

/** 20 episodes; A solves 0–9, B solves 0–4 and 10–11: A only 5–9 (5), B only 10–11 (2). */
function pairedLines(): ResultLine[] {
  const out: ResultLine[] = [];
  for (let i = 0; i < 20; i++) {
    const id = `ev-${String(i).padStart(2, "0")}`;
    const calls = [
      {
        task: "ground" as const,
        backbone: "a",
        model: "m",
        latencyMs: 100,
        attempts: 1,
        inputTokens: 10,
        outputTokens: 2,
        costUsd: 0.01,
      },
    ];
    out.push(
      line({
        episodeId: id,
        backbone: "model-a",
        memory: "none",
        success: i < 10,
        usage: { calls: 1, inputTokens: 10, outputTokens: 2, costUsd: 0.01, failedCalls: 0, ...usageDetail(calls) },
      }),
      line({
        episodeId: id,
        backbone: "model-b",
        memory: "none",
        success: i < 5 || i === 10 || i === 11,
        usage: { calls: 1, inputTokens: 10, outputTokens: 2, costUsd: 0.002, failedCalls: 0 },
      }),
    );
  }
  return out;
}

test("paired rows count the discordant episodes and list them, linking only the kept event streams", async () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-breport-"));
  write(dir, pairedLines());
  // the run kept model-a's event stream for two of the disagreeing episodes
  for (const id of ["ev-05", "ev-10"]) {
    mkdirSync(join(dir, "episodes", "model-a", "none", id), { recursive: true });
    writeFileSync(join(dir, "episodes", "model-a", "none", id, "events.jsonl"), "");
  }
  const r = await writeReport(dir, { samples: 200, seed: 0 });
  const md = r.markdown;
  const row = md.split("\n").find((l) => l.startsWith("| model-a vs model-b | memory No-prior |"));
  assert.ok(row);
  const cells = row.split("|").map((c) => c.trim());
  // n, SR A, SR B, Δ, …, only A, only B, p = 2·P(X ≤ 2 | 7, ½) = 2·(1 + 7 + 21)/128
  assert.deepEqual([cells[3], cells[4], cells[5], cells[8], cells[9]], ["20", "50.0", "35.0", "5", "2"]);
  assert.equal(cells[10], (58 / 128).toFixed(2));
  assert.match(cells[6], /^15\.0 \[/);
  assert.match(
    md,
    /only model-a succeeded: \[ev-05\]\(\.\.\/episodes\/model-a\/none\/ev-05\/events\.jsonl\), ev-06, ev-07, ev-08, ev-09;/,
  );
  // ev-10: B's success, and B kept no stream: a plain id, even though A's exists
  assert.match(md, /only model-b succeeded: ev-10, ev-11/);
  const csv = readFileSync(join(dir, "report", "paired_disagreements.csv"), "utf8")
    .trim()
    .split("\n");
  assert.equal(csv.length, 1 + 7);
});

test("usage a line never recorded reads 'not reported', never 0", async () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-breport-"));
  write(dir, pairedLines());
  const md = (await writeReport(dir, { samples: 50 })).markdown;
  const section = md.slice(md.indexOf("## Backbones"));
  const b = section.split("\n").find((l) => l.startsWith("| model-b | No-prior |"));
  assert.ok(b);
  const cells = b.split("|").map((c) => c.trim());
  // images, latency, retries and re-asks were not in model-b's lines
  assert.equal(cells[9], "not reported");
  assert.equal(cells[12], "not reported");
  assert.deepEqual([cells[15], cells[16]], ["not reported", "not reported"]);
  // what they did carry is summed: cost per episode and per success
  assert.deepEqual([cells[10], cells[11]], ["0.00200", (0.04 / 7).toPrecision(3)]);
  assert.match(section, /Per-stage usage not reported for model-b/);
  const a = section.split("\n").find((l) => l.startsWith("| model-a | ground |"));
  assert.ok(a?.includes("| 1.00 | 10 | 2 |"), a);
});

test("the Pareto front: cheaper-and-better points only; an unknown cost is not placed", () => {
  const mk = (backbone: string, success: number, cost: number | null) =>
    Array.from({ length: 10 }, (_, i) =>
      line({
        episodeId: `e${i}`,
        backbone,
        memory: "none",
        success: i < success,
        usage: { calls: 1, inputTokens: cost === null ? null : 1, outputTokens: 1, costUsd: cost, failedCalls: 0 },
      }),
    );
  const points = costPoints([
    ...mk("cheap", 3, 0.001),
    ...mk("dear", 8, 0.05),
    ...mk("worse", 2, 0.02),
    ...mk("dark", 9, null),
  ]);
  const front = Object.fromEntries(points.map((p) => [p.backbone, p.pareto]));
  assert.deepEqual(front, { cheap: true, dear: true, worse: false, dark: false });
  assert.equal(points.find((p) => p.backbone === "dark")?.cost, null);
});

test("a session that --max-cost stopped is named in the report", async () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-breport-"));
  const why = "the budget of $0.05 (--max-cost) would be passed: $0.04 spent this session";
  write(dir, pairedLines(), [
    {
      startedAt: "2026-01-01T00:00:00.000Z",
      finishedAt: "2026-01-01T00:01:00.000Z",
      argv: [],
      episodesRun: 4,
      interrupted: true,
      stoppedBecause: why,
    },
  ]);
  const md = (await writeReport(dir, { samples: 50 })).markdown;
  assert.ok(md.includes(`stopped early: ${why}`));
});
