import type { Command } from "commander";

/** Each part adds its subcommands here: one module per command group. */
export function registerCommands(_program: Command): void {}
