/**
 * The user's rules (TellOnce library) for the page, and corrections typed on it, which go
 * through the rule layer's own teach(): the same library `polar rules` uses (rules.db next to
 * memory.path).
 */
import type { PolarConfig } from "../config/index.ts";
import type { ModelRuleLayer } from "../rules/index.ts";
import {
  defaultRulesDb,
  describeRule,
  describeTaught,
  openRuleLibrary,
  ruleLibraryKind,
  teach,
} from "../rules/index.ts";

export function rulesPath(config: PolarConfig): string {
  return defaultRulesDb(config.memory.path);
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
  const place = { path, create: false, neo4j: config.memory.neo4j };
  if (!ruleLibraryKind(config.rules.store).exists(place))
    return { user, location: path, libraryVersion: 0, inForce: [], versions: [] };
  const lib = await openRuleLibrary(config.rules.store, { path, create: false, neo4j: config.memory.neo4j });
  try {
    const [snap, history] = await Promise.all([lib.snapshot(user), lib.history(user)]);
    // a version is immutable, so an early one keeps the status it was written with: it is shown
    // as superseded once a later version of the same rule exists (retracted, revised)
    const latest = new Map<string, number>();
    for (const v of history) latest.set(v.ruleId, Math.max(latest.get(v.ruleId) ?? 0, v.version));
    return {
      user,
      location: lib.location,
      libraryVersion: snap.libraryVersion,
      inForce: snap.rules.map((v) => v.versionId),
      versions: history.map((v) => ({
        versionId: v.versionId,
        ruleId: v.ruleId,
        version: v.version,
        status: v.version < (latest.get(v.ruleId) ?? 0) ? `superseded by v${latest.get(v.ruleId)}` : v.status,
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

/** What the learner made of one message, in words, one line per reading. */

/**
 * A correction typed while an episode runs: through teach() into the user's library, for the
 * next requests (an episode pins its rules when it starts). The backbone's model path learns it
 * when the backbone has one, as with `polar run --say`.
 */
export async function teachCorrection(
  config: PolarConfig,
  user: string,
  message: string,
  opts: { sceneId?: string; model?: ModelRuleLayer } = {},
): Promise<{ signal: boolean; items: string[]; libraryVersion: number | null; keptIn: string }> {
  const lib = await openRuleLibrary(config.rules.store, {
    path: rulesPath(config),
    create: true,
    neo4j: config.memory.neo4j,
  });
  try {
    const m = opts.model;
    const r = await teach(lib, user, message, { sceneId: opts.sceneId, at: Date.now() }, m ?? {});
    // the library is the user's, shared with `polar run` and later sessions: the page says where
    const keptIn = ruleLibraryKind(config.rules.store).describe({
      path: rulesPath(config),
      create: false,
      neo4j: config.memory.neo4j,
    });
    return { signal: r.signal, items: describeTaught(r), libraryVersion: r.write?.libraryVersion ?? null, keptIn };
  } finally {
    await lib.close();
  }
}
