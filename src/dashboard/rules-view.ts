/**
 * The user's rules (TellOnce library) for the page, and corrections typed on it, which go
 * through the rule layer's own teach(): the same library `polar rules` uses (rules.db next to
 * memory.path).
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { PolarConfig } from "../config/schema.ts";
import { describeRule } from "../rules/describe.ts";
import { SqliteRuleLibrary } from "../rules/sqlite-library.ts";
import { teach } from "../rules/teach.ts";

export function rulesPath(config: PolarConfig): string {
  return join(dirname(config.memory.path), "rules.db");
}

export interface RuleRow {
  versionId: string;
  ruleId: string;
  version: number;
  status: string;
  check: string;
  statement: string;
  describe: string;
  createdAt: number;
}

export interface RulesView {
  user: string;
  location: string;
  libraryVersion: number;
  inForce: string[];
  versions: RuleRow[];
}

export async function readRules(config: PolarConfig, user: string): Promise<RulesView> {
  const path = rulesPath(config);
  if (!existsSync(path)) return { user, location: path, libraryVersion: 0, inForce: [], versions: [] };
  const lib = new SqliteRuleLibrary(path, { create: false });
  try {
    const [snap, history] = await Promise.all([lib.snapshot(user), lib.history(user)]);
    return {
      user,
      location: lib.location,
      libraryVersion: snap.libraryVersion,
      inForce: snap.rules.map((v) => v.versionId),
      versions: history.map((v) => ({
        versionId: v.versionId,
        ruleId: v.ruleId,
        version: v.version,
        status: v.status,
        check: v.check.kind,
        statement: v.rule.statement,
        describe: describeRule(v.rule),
        createdAt: v.createdAt,
      })),
    };
  } finally {
    await lib.close();
  }
}

/** One correction through teach(): what was learned, in words, and the library version written. */
export async function teachCorrection(
  config: PolarConfig,
  user: string,
  message: string,
  sceneId?: string,
): Promise<{ signal: boolean; items: string[]; libraryVersion: number | null }> {
  const lib = new SqliteRuleLibrary(rulesPath(config), { create: true });
  try {
    const r = await teach(lib, user, message, { sceneId, at: Date.now() });
    return {
      signal: r.signal,
      items: r.items.map(
        (it) =>
          `${it.decision}${it.ruleId ? ` ${it.ruleId}` : ""}${it.draft ? `: ${describeRule(it.draft)}` : ""}${it.check ? ` → ${it.check.kind}` : ""}`,
      ),
      libraryVersion: r.write?.libraryVersion ?? null,
    };
  } finally {
    await lib.close();
  }
}
