/**
 * The rule library in Neo4j (neo4j-driver): one `RuleLibrary` node per user (its counters) and
 * one `RuleVersion` node per version, linked `(:RuleLibrary)-[:HAS_RULE_VERSION]->(:RuleVersion)`,
 * `(:RuleVersion)-[:SUPERSEDES]->(:RuleVersion)` and `-[:RETRACTS]->`, so the chain can be
 * browsed as a graph. Nodes carry `space` (the config's namespace) so several libraries (tests)
 * share one database. Versions are only ever created, never SET or deleted (`dropRulesSpace`,
 * for tests, removes a whole namespace).
 *
 * Connecting is the memory's own (src/memory/neo4j-connect.ts): the password from the env var
 * the config names (never logged), a bounded connect with retries, an error naming the URI.
 */
import type { Driver } from "neo4j-driver";
import type { Neo4jConfig } from "../memory/index.ts";
import { connectNeo4j, errorText, neoDateTime } from "../memory/index.ts";
import { neo4jPackage } from "../util/index.ts";
import { type ApplyResult, checkUser, planWrite, type RuleLibrary, RuleLibraryError, snapshotOf } from "./library.ts";
import { type LibraryUpdate, type RuleSnapshot, RuleVersion } from "./types.ts";

/** The memory's connect (password from the env var the config names, bounded retries), as a library error. */
export async function connectRulesNeo4j(cfg: Neo4jConfig, env: NodeJS.ProcessEnv = process.env): Promise<Driver> {
  try {
    return (await connectNeo4j(cfg, env)).driver;
  } catch (e) {
    throw new RuleLibraryError((e as Error).message, { cause: e });
  }
}

const CONSTRAINTS = [
  "CREATE CONSTRAINT polar_rule_library IF NOT EXISTS FOR (l:RuleLibrary) REQUIRE (l.space, l.userId) IS UNIQUE",
  "CREATE CONSTRAINT polar_rule_version IF NOT EXISTS FOR (v:RuleVersion) REQUIRE (v.space, v.userId, v.versionId) IS UNIQUE",
];

export class Neo4jRuleLibrary implements RuleLibrary {
  readonly kind = "neo4j";
  readonly location: string;

  private constructor(
    private readonly driver: Driver,
    private readonly database: string | undefined,
    private readonly space: string,
    uri: string,
  ) {
    this.location = `${uri} (namespace ${space})`;
  }

  static async open(cfg: Neo4jConfig, env: NodeJS.ProcessEnv = process.env): Promise<Neo4jRuleLibrary> {
    const driver = await connectRulesNeo4j(cfg, env);
    const lib = new Neo4jRuleLibrary(driver, cfg.database, cfg.namespace, cfg.uri);
    try {
      for (const c of CONSTRAINTS) await driver.executeQuery(c, {}, { database: cfg.database });
    } catch (e) {
      await driver.close();
      throw new RuleLibraryError(`cannot prepare the rules schema on ${cfg.uri}: ${errorText(e)}`, { cause: e });
    }
    return lib;
  }

  private async read<T>(
    cypher: string,
    params: Record<string, unknown>,
    map: (r: Record<string, unknown>) => T,
  ): Promise<T[]> {
    const session = this.driver.session({ database: this.database, defaultAccessMode: neo4jPackage().session.READ });
    try {
      const res = await session.executeRead((tx) => tx.run(cypher, { space: this.space, ...params }));
      return res.records.map((r) => map(r.toObject()));
    } catch (e) {
      throw new RuleLibraryError(`Neo4j at ${this.location}: ${errorText(e)}`, { cause: e });
    } finally {
      await session.close();
    }
  }

  private async all(userId: string): Promise<RuleVersion[]> {
    return this.read(
      "MATCH (v:RuleVersion {space: $space, userId: $userId}) RETURN v.body AS body ORDER BY v.libraryVersion, v.ruleSeq, v.version",
      { userId },
      (r) => RuleVersion.parse(JSON.parse(r.body as string)),
    );
  }

  private async libraryVersion(userId: string): Promise<number> {
    const r = await this.read(
      "MATCH (l:RuleLibrary {space: $space, userId: $userId}) RETURN l.libraryVersion AS v",
      { userId },
      (x) => x.v as number,
    );
    return r[0] ?? 0;
  }

  async apply(userId: string, updates: LibraryUpdate[], at = Date.now()): Promise<ApplyResult> {
    userId = checkUser(userId);
    if (updates.length === 0) return { libraryVersion: await this.libraryVersion(userId), written: [] };
    const session = this.driver.session({ database: this.database });
    try {
      return await session.executeWrite(async (tx) => {
        // MERGE then SET takes the library node's write lock: writers of one user queue here
        const s = await tx.run(
          `MERGE (l:RuleLibrary {space: $space, userId: $userId})
           ON CREATE SET l.libraryVersion = 0, l.nextRule = 1
           SET l.lockedAt = $at
           RETURN l.libraryVersion AS libraryVersion, l.nextRule AS nextRule`,
          { space: this.space, userId, at: neoDateTime(at) },
        );
        const state = {
          libraryVersion: s.records[0].get("libraryVersion") as number,
          nextRule: s.records[0].get("nextRule") as number,
        };
        const ids = [...new Set(updates.flatMap((u) => (u.op === "add" ? [] : [u.ruleId])))];
        const latest = new Map<string, RuleVersion>();
        if (ids.length) {
          const r = await tx.run(
            `MATCH (v:RuleVersion {space: $space, userId: $userId}) WHERE v.ruleId IN $ids
             WITH v.ruleId AS id, v ORDER BY v.version DESC
             WITH id, collect(v)[0] AS last RETURN last.body AS body`,
            { space: this.space, userId, ids },
          );
          for (const rec of r.records) {
            const v = RuleVersion.parse(JSON.parse(rec.get("body") as string));
            latest.set(v.ruleId, v);
          }
        }
        const plan = planWrite(userId, state, latest, updates, at);
        for (const v of plan.rows) {
          await tx.run(
            `MATCH (l:RuleLibrary {space: $space, userId: $userId})
             CREATE (v:RuleVersion {space: $space, userId: $userId, ruleId: $ruleId, ruleSeq: $ruleSeq,
               version: $version, versionId: $versionId, libraryVersion: $libraryVersion, status: $status,
               change: $change, createdAt: $createdAt, statement: $statement, checkKind: $checkKind, body: $body})
             CREATE (l)-[:HAS_RULE_VERSION]->(v)
             WITH v
             OPTIONAL MATCH (p:RuleVersion {space: $space, userId: $userId, versionId: $prev})
             FOREACH (_ IN CASE WHEN p IS NOT NULL AND $change = 'retract' THEN [1] ELSE [] END | CREATE (v)-[:RETRACTS]->(p))
             FOREACH (_ IN CASE WHEN p IS NOT NULL AND $change <> 'retract' THEN [1] ELSE [] END | CREATE (v)-[:SUPERSEDES]->(p))`,
            {
              space: this.space,
              userId,
              ruleId: v.ruleId,
              ruleSeq: Number(v.ruleId.slice(1)) || 0,
              version: v.version,
              versionId: v.versionId,
              libraryVersion: v.libraryVersion,
              status: v.status,
              change: v.change,
              // a DATETIME for Neo4j Browser and Cypher's date functions; the body keeps milliseconds
              createdAt: neoDateTime(v.createdAt),
              statement: v.rule.statement,
              checkKind: v.check.kind,
              body: JSON.stringify(v),
              prev: v.supersedes ?? v.retracts ?? null,
            },
          );
        }
        await tx.run(
          "MATCH (l:RuleLibrary {space: $space, userId: $userId}) SET l.libraryVersion = $lv, l.nextRule = $nr",
          { space: this.space, userId, lv: plan.state.libraryVersion, nr: plan.state.nextRule },
        );
        return { libraryVersion: plan.state.libraryVersion, written: plan.rows };
      });
    } catch (e) {
      if (e instanceof RuleLibraryError) throw e;
      throw new RuleLibraryError(`Neo4j at ${this.location}: ${errorText(e)}`, { cause: e });
    } finally {
      await session.close();
    }
  }

  async snapshot(userId: string, libraryVersion?: number): Promise<RuleSnapshot> {
    userId = checkUser(userId);
    const latest = await this.libraryVersion(userId);
    const v = libraryVersion ?? latest;
    if (!Number.isInteger(v) || v < 0 || v > latest)
      throw new RuleLibraryError(`user ${userId} has library versions 0–${latest}, not ${libraryVersion}`);
    return snapshotOf(userId, v, await this.all(userId));
  }

  async versions(userId: string, ruleId: string): Promise<RuleVersion[]> {
    userId = checkUser(userId);
    const rows = await this.read(
      "MATCH (v:RuleVersion {space: $space, userId: $userId, ruleId: $ruleId}) RETURN v.body AS body ORDER BY v.version",
      { userId, ruleId },
      (r) => RuleVersion.parse(JSON.parse(r.body as string)),
    );
    if (!rows.length) throw new RuleLibraryError(`user ${userId} has no rule ${ruleId}`);
    return rows;
  }

  async history(userId: string): Promise<RuleVersion[]> {
    userId = checkUser(userId);
    return this.all(userId);
  }

  async close(): Promise<void> {
    await this.driver.close();
  }
}

/** Removes every rule node of a namespace (tests clean up with it). */
export async function dropRulesSpace(driver: Driver, space: string, database?: string): Promise<void> {
  await driver.executeQuery(
    "MATCH (n) WHERE (n:RuleLibrary OR n:RuleVersion) AND n.space = $space DETACH DELETE n",
    { space },
    { database },
  );
}
