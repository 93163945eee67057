import type { Command } from "commander";
import { loadConfig } from "../config/load.ts";
import type { PolarConfig } from "../config/schema.ts";

/** Error whose message is meant for the user as is (no stack trace). */
export class UserError extends Error {
  readonly userFacing = true;
}

/** The run config for a subcommand: --config from the root program, then env, then overrides. */
export function configFor(cmd: Command, overrides?: Record<string, unknown>): PolarConfig {
  let root: Command = cmd;
  while (root.parent) root = root.parent;
  const file = root.opts().config as string | undefined;
  return loadConfig({ file, overrides });
}
