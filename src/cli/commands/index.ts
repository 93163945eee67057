/**
 * Each part adds its command group here: one module per group, imported only when its command
 * runs. `polar --help` needs names and one line each, not bullmq, sharp or the model SDKs a
 * command's code pulls in.
 */
import type { Command } from "commander";

type Register = (program: Command) => void;

interface CommandGroup {
  name: string;
  /** the same line the module gives its command (test/cli/lazy-commands.test.ts checks) */
  description: string;
  load: () => Promise<Register>;
}

export const COMMAND_GROUPS: readonly CommandGroup[] = [
  {
    name: "dataset",
    description: "scenario sets: generate them, count PInNED or Polar episodes",
    load: async () => (await import("./dataset.ts")).registerDatasetCommands,
  },
  {
    name: "eval",
    description: "run the PinNED scenario evaluation: acquisition, then evaluation per memory mode and backbone",
    load: async () => (await import("./eval.ts")).registerEval,
  },
  {
    name: "report",
    description: "write the Markdown/CSV tables and SVG/PNG figures of an evaluation folder",
    load: async () => (await import("./report.ts")).registerReport,
  },
  {
    name: "run",
    description: "run one episode: build the user's memory from earlier acquisition episodes, then navigate",
    load: async () => (await import("./run.ts")).registerRun,
  },
  {
    name: "export",
    description: "write a kept episode (polar eval --trajectories, polar run) as an MCAP file that opens in Foxglove",
    load: async () => (await import("./export.ts")).registerExport,
  },
  {
    name: "sim",
    description: "the embedded simulator: serve it, render it, check a bridge",
    load: async () => (await import("./sim.ts")).registerSim,
  },
  {
    name: "memory",
    description: "inspect the Polar memory graph (either store)",
    load: async () => (await import("./memory.ts")).registerMemory,
  },
  { name: "models", description: "local model files", load: async () => (await import("./models.ts")).registerModels },
  {
    name: "start",
    description: "evaluate datasets/polar-mini with every memory mode and print the table (the main job)",
    load: async () => (await import("./start.ts")).registerStart,
  },
  {
    name: "worker",
    description: "run evaluation jobs from a Redis queue (see polar eval --queue)",
    load: async () => (await import("./worker.ts")).registerWorker,
  },
  {
    name: "dashboard",
    description: "a local web app: drive episodes live, watch, replay and compare them; memory, rules and results",
    load: async () => (await import("./dashboard.ts")).registerDashboard,
  },
  {
    name: "rules",
    description: "the rules a user taught the robot by correcting it (TellOnce): teach, list, show, history, retract",
    load: async () => (await import("./rules.ts")).registerRules,
  },
];

/** The command an argument list names: its first word that is not an option or -c's value. */
export function commandName(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "-c" || a === "--config") i++;
    else if (!a.startsWith("-")) return a === "help" ? (args[i + 1] ?? a) : a;
  }
  return undefined;
}

/**
 * Registers the group `args` names, imported now; with none (or an unknown one, or --help
 * alone) every group as its name and line, which is all the top-level help shows.
 */
export async function registerCommands(
  program: Command,
  args: readonly string[] = process.argv.slice(2),
): Promise<void> {
  const chosen = COMMAND_GROUPS.find((g) => g.name === commandName(args));
  if (chosen) {
    (await chosen.load())(program);
    return;
  }
  for (const g of COMMAND_GROUPS) program.command(g.name).description(g.description);
}
