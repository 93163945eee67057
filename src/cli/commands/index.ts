import type { Command } from "commander";
import { registerDashboard } from "./dashboard.ts";
import { registerDatasetCommands } from "./dataset.ts";
import { registerEval } from "./eval.ts";
import { registerMemory } from "./memory.ts";
import { registerModels } from "./models.ts";
import { registerReport } from "./report.ts";
import { registerRun } from "./run.ts";
import { registerSim } from "./sim.ts";
import { registerStart } from "./start.ts";
import { registerWorker } from "./worker.ts";

/** Each part adds its subcommands here: one module per command group. */
export function registerCommands(program: Command): void {
  registerDatasetCommands(program);
  registerEval(program);
  registerReport(program);
  registerRun(program);
  registerSim(program);
  registerMemory(program);
  registerModels(program);
  registerStart(program);
  registerWorker(program);
  registerDashboard(program);
}
