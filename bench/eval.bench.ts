// Evaluation throughput with the heuristic backbone on the embedded defaults: episodes per
// minute and peak RSS for a slice of datasets/polar-mini (all acquisition episodes, then the
// distractor scenario in all three memory modes), with --concurrency 1 and 2 side by side in
// one run (2 runs its episodes on 2 worker threads), and whether both gave the same lines.
// POLAR_BENCH_SCENARIOS widens the slice.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { evaluate } from "../src/compose/evaluate.ts";
import { loadConfig } from "../src/config/load.ts";
import { readResults } from "../src/eval/results.ts";

async function once(concurrency: number, scenarios: string[]) {
  const out = mkdtempSync(join(tmpdir(), "polar-eval-bench-"));
  const config = loadConfig({
    env: {},
    overrides: { eval: { dataset: "datasets/polar-mini", out, scenarios, concurrency } },
  });
  const load = loadavg()[0];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const s = await evaluate(config, { report: false, onNotice: () => {} });
  const minutes = (performance.now() - t0) / 60_000;
  const cpu = process.cpuUsage(cpu0);
  const lines = readResults(join(out, "results.jsonl"))
    .lines.map(({ runId: _r, durationMs: _d, finishedAt: _f, ...rest }) => JSON.stringify(rest))
    .sort();
  rmSync(out, { recursive: true, force: true });
  return {
    figures: {
      concurrency,
      episodes: s.ran,
      wallMinutes: Number(minutes.toFixed(2)),
      cpuMinutes: Number(((cpu.user + cpu.system) / 60e6).toFixed(2)),
      episodesPerMinute: Number((s.ran / minutes).toFixed(1)),
      loadBefore: Number(load.toFixed(2)),
    },
    embedder: s.embedder,
    lines,
  };
}

export async function run(): Promise<Record<string, unknown>> {
  const scenarios = (process.env.POLAR_BENCH_SCENARIOS ?? "distractor").split(",");
  const one = await once(1, scenarios);
  const two = await once(2, scenarios);
  return {
    dataset: "datasets/polar-mini",
    scenarios,
    backbone: "heuristic",
    embedder: one.embedder,
    runs: [one.figures, two.figures],
    wallRatio1over2: Number((one.figures.wallMinutes / two.figures.wallMinutes).toFixed(2)),
    sameResults: one.lines.length === two.lines.length && one.lines.every((l, i) => l === two.lines[i]),
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}
