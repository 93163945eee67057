/**
 * The rule library (paper appendix B.1, "Library versions and adoption"): per user, versioned,
 * append-only.
 *
 * - Every change is a new rule version; a version is never changed or deleted. A revision or
 *   replacement `supersedes` the version it was decided against; a retraction is a version with
 *   status `retracted` that `retracts` it.
 * - Every write (one or several updates from one user message) is one library version: a
 *   per-user counter. `snapshot(user, v)` gives the rules in force at library version v, so the
 *   version adopted at the start of a user input stays fixed for that whole input, whatever is
 *   learned meanwhile.
 * - Everything is keyed by user: one user's rules never reach another, and a rule id of another
 *   user is unknown.
 *
 * Two stores implement it, SQLite (sqlite-library.ts) and Neo4j (neo4j-library.ts); one
 * contract suite (test/rules/library-contract.ts) runs against both. The decisions about what a
 * write means live here (`planWrite`), so both stores apply the same rules.
 */
import {
  type LibraryUpdate,
  type RuleSnapshot,
  RuleVersion,
  type RuleVersion as RuleVersionT,
  UserId,
  versionIdOf,
} from "./types.ts";

/** A library problem the user can act on (unknown rule, stale base, bad path): one line. */
export class RuleLibraryError extends Error {
  readonly userFacing = true;
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "RuleLibraryError";
  }
}

export interface ApplyResult {
  /** the library version this write created (unchanged when nothing was written) */
  libraryVersion: number;
  written: RuleVersionT[];
}

export interface RuleLibrary {
  /** the registered kind it is (rules.store) */
  readonly kind: string;
  /** the file or URI, for messages */
  readonly location: string;
  /** Applies updates atomically as one new library version; all or nothing. */
  apply(userId: string, updates: LibraryUpdate[], at?: number): Promise<ApplyResult>;
  /** The rules in force at a library version (default: the latest). */
  snapshot(userId: string, libraryVersion?: number): Promise<RuleSnapshot>;
  /** Every version of one rule, oldest first. Throws RuleLibraryError for a rule the user does not have. */
  versions(userId: string, ruleId: string): Promise<RuleVersionT[]>;
  /** Every version of every rule of the user, in the order written. */
  history(userId: string): Promise<RuleVersionT[]>;
  close(): Promise<void>;
}

export function checkUser(userId: string): string {
  const r = UserId.safeParse(userId);
  if (!r.success) throw new RuleLibraryError(`bad user id ${JSON.stringify(userId)}: ${r.error.issues[0]?.message}`);
  return r.data;
}

export interface LibraryState {
  libraryVersion: number;
  nextRule: number;
}

/**
 * The versions a write creates, given the library's counters and the latest version of every
 * rule the updates name. Pure: both stores call it inside their write transaction.
 */
export function planWrite(
  userId: string,
  state: LibraryState,
  latest: Map<string, RuleVersionT>,
  updates: LibraryUpdate[],
  at: number,
): { rows: RuleVersionT[]; state: LibraryState } {
  const libraryVersion = state.libraryVersion + 1;
  let nextRule = state.nextRule;
  const rows: RuleVersionT[] = [];
  const current = new Map(latest);
  for (const u of updates) {
    if (u.op === "add") {
      if (u.rule.persistence !== "persistent")
        throw new RuleLibraryError(`a ${u.rule.persistence} rule is never stored`);
      if (u.rule.scope === "task") throw new RuleLibraryError("a task-scoped rule is never stored");
      const ruleId = `R${nextRule++}`;
      const row: RuleVersionT = {
        userId,
        ruleId,
        version: 1,
        versionId: versionIdOf(ruleId, 1),
        libraryVersion,
        change: "add",
        status: "active",
        createdAt: at,
        rule: u.rule,
        check: u.check,
      };
      rows.push(RuleVersion.parse(row));
      current.set(ruleId, row);
      continue;
    }
    const prev = current.get(u.ruleId);
    if (!prev) throw new RuleLibraryError(`user ${userId} has no rule ${u.ruleId}`);
    if (prev.versionId !== u.base)
      throw new RuleLibraryError(
        `rule ${u.ruleId} of user ${userId} is at ${prev.versionId}, not ${u.base}: it changed since the decision; decide again`,
      );
    if (prev.status !== "active") throw new RuleLibraryError(`rule ${u.ruleId} of user ${userId} is retracted`);
    const version = prev.version + 1;
    const common = {
      userId,
      ruleId: u.ruleId,
      version,
      versionId: versionIdOf(u.ruleId, version),
      libraryVersion,
      createdAt: at,
    };
    let row: RuleVersionT;
    if (u.op === "retract") {
      row = {
        ...common,
        change: "retract",
        status: "retracted",
        retracts: prev.versionId,
        rule: prev.rule,
        check: prev.check,
        retraction: { quote: u.quote, message: u.message },
      };
    } else {
      if (u.rule.persistence !== "persistent" || u.rule.scope === "task")
        throw new RuleLibraryError("a revision must be a lasting rule");
      row = { ...common, change: u.op, status: "active", supersedes: prev.versionId, rule: u.rule, check: u.check };
    }
    rows.push(RuleVersion.parse(row));
    current.set(u.ruleId, row);
  }
  return { rows, state: { libraryVersion, nextRule } };
}

/** The rules in force at library version v, from all versions written up to then. */
export function snapshotOf(userId: string, libraryVersion: number, versions: RuleVersionT[]): RuleSnapshot {
  const latest = new Map<string, RuleVersionT>();
  for (const v of versions) {
    if (v.libraryVersion > libraryVersion) continue;
    const p = latest.get(v.ruleId);
    if (!p || p.version < v.version) latest.set(v.ruleId, v);
  }
  const rules = [...latest.values()]
    .filter((v) => v.status === "active")
    .sort((a, b) => Number(a.ruleId.slice(1)) - Number(b.ruleId.slice(1)) || a.ruleId.localeCompare(b.ruleId));
  return { userId, libraryVersion, rules };
}

/** Rules in force that are presented to the agent (guidance and checks) and those that are checked. */
export function presented(s: RuleSnapshot): RuleVersionT[] {
  return s.rules.filter((r) => r.check.kind !== "inactive");
}
export function checked(s: RuleSnapshot): RuleVersionT[] {
  return s.rules.filter((r) => r.check.kind === "programmatic" || r.check.kind === "semantic");
}
