import type { Command } from "commander";
import { z } from "zod";
import type { PolarConfig } from "../config/index.ts";
import { ConfigError, loadConfig } from "../config/index.ts";
import { storeNames } from "../memory/index.ts";
import { ruleLibraryTypes } from "../rules/index.ts";

/** Error whose message is meant for the user as is (no stack trace). */
export class UserError extends Error {
  readonly userFacing = true;
}

/** The run config for a subcommand: --config from the root program, then env, then overrides. */
export function configFor(cmd: Command, overrides?: Record<string, unknown>): PolarConfig {
  let root: Command = cmd;
  while (root.parent) root = root.parent;
  const file = root.opts().config as string | undefined;
  const config = loadConfig({ file, overrides });
  // memory.store names a registered store: the schema cannot know them (a plug-in adds its own),
  // so every command checks it here, before anything opens a store
  const stores = storeNames();
  if (!stores.includes(config.memory.store))
    throw new ConfigError([
      `key "memory.store": unknown memory store "${config.memory.store}" (known: ${stores.join(", ")})`,
    ]);
  const libraries = ruleLibraryTypes();
  if (!libraries.includes(config.rules.store))
    throw new ConfigError([
      `key "rules.store": unknown rule library "${config.rules.store}" (known: ${libraries.join(", ")})`,
    ]);
  return config;
}

/** A whole-number flag within [min, max]: anything else is one line naming the flag. */
export function intFlag(flag: string, min: number, max: number) {
  return (v: string): number => {
    const n = Number(v);
    if (v.trim() === "" || !Number.isInteger(n) || n < min || n > max)
      throw new UserError(`${flag} expects a whole number in ${min}–${max}, got "${v}"`);
    return n;
  };
}

const Share = z.coerce.number().min(0).max(1);

/** A share flag: a number from 0 to 1; anything else is one line naming the flag. */
export function shareFlag(flag: string) {
  return (v: string): number => {
    const r = Share.safeParse(v.trim() === "" ? Number.NaN : v);
    if (!r.success) throw new UserError(`${flag} expects a share from 0 to 1 (such as 0.7), got "${v}"`);
    return r.data;
  };
}

/** A flag whose value may not be empty ("" would mean the default, or the working folder). */
export function nonEmptyFlag(flag: string, what = "a path") {
  return (v: string): string => {
    if (v.trim() === "") throw new UserError(`${flag} is empty: give ${what}`);
    return v;
  };
}

/** A comma-separated list flag with at least one name ("" and ",," are refused, not "none"). */
export function listFlag(flag: string) {
  return (v: string): string[] => {
    const names = v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (names.length === 0) throw new UserError(`${flag} expects a comma-separated list of names, got "${v}"`);
    return names;
  };
}
