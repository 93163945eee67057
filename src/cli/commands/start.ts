import { join } from "node:path";
import type { Command } from "commander";
import { runEvalCommand } from "./eval.ts";

/**
 * `npm start`: the main job. A small evaluation of datasets/polar-mini on the embedded defaults
 * (in-process simulator, SQLite memory, heuristic backbone, best embedder present), all three
 * memory modes, into a fresh results folder; prints the table and the report's path.
 */
export function registerStart(program: Command): void {
  program
    .command("start")
    .description("evaluate datasets/polar-mini with every memory mode and print the table (the main job)")
    .option("--out <dir>", "output folder (default: results/start-<time>)")
    .option("--concurrency <n>", "episodes in flight", (v) => Number.parseInt(v, 10))
    .action(async (opts: { out?: string; concurrency?: number }, cmd: Command) => {
      const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");
      console.error("polar: evaluating datasets/polar-mini (acquisition, then no-prior / raw-interaction / Polar)");
      await runEvalCommand(
        cmd,
        {
          dataset: "datasets/polar-mini",
          memory: ["none", "raw", "polar"],
          out: opts.out ?? join("results", `start-${stamp}`),
          ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
        },
        ["start"],
      );
    });
}
