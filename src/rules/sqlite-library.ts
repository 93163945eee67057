/**
 * The rule library in its own SQLite file (better-sqlite3, WAL): tables `rule_libraries`
 * (per-user counters) and `rule_versions` (append-only: triggers refuse UPDATE and DELETE).
 */
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type Database from "better-sqlite3";
import { ensureDir, sqlitePackage } from "../util/index.ts";
import { type ApplyResult, checkUser, planWrite, type RuleLibrary, RuleLibraryError, snapshotOf } from "./library.ts";
import { type LibraryUpdate, type RuleSnapshot, RuleVersion } from "./types.ts";

/** Where a user's rules live unless told otherwise: rules.db beside the memory store (memory.path). */
export function defaultRulesDb(memoryPath: string): string {
  return join(dirname(memoryPath), "rules.db");
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS rule_libraries (
  user_id TEXT PRIMARY KEY,
  library_version INTEGER NOT NULL,
  next_rule INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS rule_versions (
  user_id TEXT NOT NULL,
  rule_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  library_version INTEGER NOT NULL,
  status TEXT NOT NULL,
  change TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (user_id, rule_id, version)
);
CREATE INDEX IF NOT EXISTS rule_versions_by_library ON rule_versions (user_id, library_version);
CREATE TRIGGER IF NOT EXISTS rule_versions_no_update BEFORE UPDATE ON rule_versions
  BEGIN SELECT RAISE(ABORT, 'rule versions are immutable'); END;
CREATE TRIGGER IF NOT EXISTS rule_versions_no_delete BEFORE DELETE ON rule_versions
  BEGIN SELECT RAISE(ABORT, 'rule versions are immutable'); END;
`;

export interface OpenOptions {
  /** false: a missing file is an error instead of a new library (reading commands) */
  create?: boolean;
}

type Row = { body: string };

export class SqliteRuleLibrary implements RuleLibrary {
  readonly kind = "sqlite";
  readonly location: string;
  private readonly db: Database.Database;

  constructor(path: string, opts: OpenOptions = {}) {
    const create = opts.create ?? true;
    this.location = path === ":memory:" ? path : resolve(path);
    if (path !== ":memory:") {
      if (existsSync(this.location) && statSync(this.location).isDirectory())
        throw new RuleLibraryError(`the rules library ${this.location} is a folder, not a file`);
      if (!existsSync(this.location)) {
        if (!create)
          throw new RuleLibraryError(`no rules library at ${this.location} (teach a rule first, or give --rules-db)`);
        try {
          ensureDir(dirname(this.location), "rules folder");
        } catch (e) {
          throw new RuleLibraryError(`cannot open the rules library at ${this.location}: ${(e as Error).message}`);
        }
      }
    }
    try {
      this.db = new (sqlitePackage())(this.location, { fileMustExist: !create && path !== ":memory:" });
      this.db.pragma("journal_mode = WAL");
      this.db.pragma("busy_timeout = 5000");
      this.db.exec(SCHEMA);
    } catch (e) {
      throw new RuleLibraryError(`cannot open the rules library at ${this.location}: ${(e as Error).message}`, {
        cause: e,
      });
    }
  }

  private all(userId: string): RuleVersion[] {
    const rows = this.db
      .prepare("SELECT body FROM rule_versions WHERE user_id = ? ORDER BY library_version, rule_id, version")
      .all(userId) as Row[];
    return rows.map((r) => RuleVersion.parse(JSON.parse(r.body)));
  }

  private libraryVersion(userId: string): number {
    const r = this.db.prepare("SELECT library_version AS v FROM rule_libraries WHERE user_id = ?").get(userId) as
      | { v: number }
      | undefined;
    return r?.v ?? 0;
  }

  async apply(userId: string, updates: LibraryUpdate[], at = Date.now()): Promise<ApplyResult> {
    userId = checkUser(userId);
    if (updates.length === 0) return { libraryVersion: this.libraryVersion(userId), written: [] };
    const tx = this.db.transaction(() => {
      const s = this.db
        .prepare(
          "SELECT library_version AS libraryVersion, next_rule AS nextRule FROM rule_libraries WHERE user_id = ?",
        )
        .get(userId) as { libraryVersion: number; nextRule: number } | undefined;
      const state = s ?? { libraryVersion: 0, nextRule: 1 };
      const latest = new Map<string, RuleVersion>();
      const one = this.db.prepare(
        "SELECT body FROM rule_versions WHERE user_id = ? AND rule_id = ? ORDER BY version DESC LIMIT 1",
      );
      for (const u of updates) {
        if (u.op === "add" || latest.has(u.ruleId)) continue;
        const r = one.get(userId, u.ruleId) as Row | undefined;
        if (r) latest.set(u.ruleId, RuleVersion.parse(JSON.parse(r.body)));
      }
      const plan = planWrite(userId, state, latest, updates, at);
      const ins = this.db.prepare(
        "INSERT INTO rule_versions (user_id, rule_id, version, library_version, status, change, created_at, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      );
      for (const r of plan.rows)
        ins.run(userId, r.ruleId, r.version, r.libraryVersion, r.status, r.change, r.createdAt, JSON.stringify(r));
      this.db
        .prepare(
          "INSERT INTO rule_libraries (user_id, library_version, next_rule) VALUES (?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET library_version = excluded.library_version, next_rule = excluded.next_rule",
        )
        .run(userId, plan.state.libraryVersion, plan.state.nextRule);
      return { libraryVersion: plan.state.libraryVersion, written: plan.rows };
    });
    return tx.immediate();
  }

  async snapshot(userId: string, libraryVersion?: number): Promise<RuleSnapshot> {
    userId = checkUser(userId);
    const latest = this.libraryVersion(userId);
    const v = libraryVersion ?? latest;
    if (!Number.isInteger(v) || v < 0 || v > latest)
      throw new RuleLibraryError(`user ${userId} has library versions 0–${latest}, not ${libraryVersion}`);
    return snapshotOf(userId, v, this.all(userId));
  }

  async versions(userId: string, ruleId: string): Promise<RuleVersion[]> {
    userId = checkUser(userId);
    const rows = this.db
      .prepare("SELECT body FROM rule_versions WHERE user_id = ? AND rule_id = ? ORDER BY version")
      .all(userId, ruleId) as Row[];
    if (!rows.length) throw new RuleLibraryError(`user ${userId} has no rule ${ruleId}`);
    return rows.map((r) => RuleVersion.parse(JSON.parse(r.body)));
  }

  async history(userId: string): Promise<RuleVersion[]> {
    userId = checkUser(userId);
    return this.all(userId);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
