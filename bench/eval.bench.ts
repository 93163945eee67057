// Evaluation throughput with the heuristic backbone on the embedded defaults: episodes per
// minute and peak RSS for a slice of datasets/polar-mini (all acquisition episodes, then the
// distractor scenario in all three memory modes). POLAR_BENCH_SCENARIOS widens the slice.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config/load.ts";
import { evaluate } from "../src/eval/evaluate.ts";

export async function run(): Promise<Record<string, unknown>> {
  const out = mkdtempSync(join(tmpdir(), "polar-eval-bench-"));
  const scenarios = (process.env.POLAR_BENCH_SCENARIOS ?? "distractor").split(",");
  const config = loadConfig({
    env: {},
    overrides: { eval: { dataset: "datasets/polar-mini", out, scenarios, concurrency: 2 } },
  });
  const t0 = performance.now();
  const s = await evaluate(config, { report: false, onNotice: () => {} });
  const minutes = (performance.now() - t0) / 60_000;
  rmSync(out, { recursive: true, force: true });
  return {
    dataset: "datasets/polar-mini",
    scenarios,
    backbone: "heuristic",
    embedder: s.embedder,
    concurrency: 2,
    episodes: s.ran,
    wallMinutes: Number(minutes.toFixed(2)),
    episodesPerMinute: Number((s.ran / minutes).toFixed(1)),
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}
