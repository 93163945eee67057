/**
 * The memory graph in Neo4j (neo4j-driver, Bolt). What a user sees in Neo4j Browser:
 *
 *   (:User)-[:OWNS {at}]->(:Object {objectId, category})-[:HAS_STATEMENT {at, episodeId}]->(:Statement {text})
 *   (:User)-[:KNOWS {at, episodeId}]->(:Statement)   a fact about the user or another entity
 *   HAS_STATEMENT and KNOWS edges a later episode superseded carry invalidAt and invalidatedBy
 *   (:User)-[:EXPERIENCED {at}]->(:Episode {instruction, success, trajectory})-[:ABOUT {at}]->(:Object)
 *   (:Episode)-[:GAVE {at}]->(:Instruction)   (:Episode)-[:SUMMARISED_AS {at}]->(:EpisodicMemory)
 *   (:Episode)-[:SHOWED {at}]->(:ReferenceImage {hash, path})-[:DEPICTS {at}]->(:Object)
 *   (:MemoryEvent {seq, kind, detail, …})   the history, one node per row, kept when a user is cleared
 *
 * Scope: every node carries `space` (config namespace) and `userId`, and every query matches
 * both. Only parameterized Cypher; labels and relationship types are constants of this file.
 *
 * Vector search: the native vector index (see neo4j-schema.ts) is shared by all users, so a
 * query over-fetches candidates with db.index.vector.queryNodes, keeps this user's, and widens
 * the candidate count (×4) until it has `limit` of them or has seen every statement; past
 * MAX_CANDIDATES it falls back to an exact scan of the user's statements. Similarities are
 * recomputed on the server from the stored vectors (vector.similarity.cosine, exact), since the
 * index's scores are approximate (quantized); only the top `limit` rows travel back.
 */
import type { ManagedTransaction, Record as Neo4jRecord } from "neo4j-driver";
import { neo4jPackage } from "../util/index.ts";
import type { Neo4jConfig } from "./config.ts";
import { connectNeo4j, errorText, type Neo4jConnection } from "./neo4j-connect.ts";
import { ensureSchema, VECTOR_INDEX } from "./neo4j-schema.ts";
import { ms } from "./neo4j-time.ts";
import { appendEvents, writeEpisodeRows } from "./neo4j-write.ts";
import {
  type EmbedderInfo,
  type EpisodeWrite,
  type ImageHashRecord,
  type MemoryEvent,
  type MemoryStats,
  type MemoryStore,
  MemoryStoreError,
  type ObjectMemory,
  type ObjectRecord,
  parseEpisodeWrite,
  requireUser,
  type StatementHit,
  type StatementLink,
  type StoredEpisode,
  type StoreOptions,
} from "./store.ts";
import { userClearedEvent } from "./write-events.ts";

/** Beyond this many ANN candidates, an exact per-user scan is cheaper than widening again. */
const MAX_CANDIDATES = 4096;
/** Labels of a user's memory nodes (constants: never built from data). */
const USER_LABELS = ["Statement", "Instruction", "EpisodicMemory", "ReferenceImage", "Episode", "Object"] as const;

export interface Neo4jStoreOptions extends StoreOptions {
  /** where the password env var is read (tests pass their own) */
  env?: NodeJS.ProcessEnv;
}

/** Connects (bounded retries), creates the schema if missing, and checks the embedder. */
export async function openNeo4jStore(cfg: Neo4jConfig, opts: Neo4jStoreOptions = {}): Promise<Neo4jMemoryStore> {
  const conn = await connectNeo4j(cfg, opts.env);
  const store = new Neo4jMemoryStore(conn, cfg.namespace, opts.embedder);
  try {
    await ensureSchema(conn.driver, conn.uri, conn.database).catch((e) => {
      throw new MemoryStoreError(`Neo4j at ${conn.uri}: creating the memory schema failed: ${errorText(e)}`, {
        cause: e,
      });
    });
    const held = await store.embedder();
    const run = opts.embedder;
    if (run && held && (held.name !== run.name || held.dim !== run.dim)) {
      throw new MemoryStoreError(
        `the Neo4j memory store at ${conn.uri} (namespace ${cfg.namespace}) holds vectors of embedder ` +
          `${held.name} (dim ${held.dim}); this run uses ${run.name} (dim ${run.dim}). ` +
          "Use another memory.neo4j.namespace, or the same embedder.",
      );
    }
  } catch (e) {
    await conn.driver.close();
    throw e;
  }
  return store;
}

type Params = Record<string, unknown>;

export class Neo4jMemoryStore implements MemoryStore {
  readonly kind = "neo4j";
  readonly location: string;
  /** once a namespace holds vectors its embedder never changes, so it is cached */
  private held: EmbedderInfo | null = null;

  /** Test hook: called between the statements of a write, inside its transaction. */
  onWriteStep?: (step: string) => void;

  constructor(
    private readonly conn: Neo4jConnection,
    readonly namespace: string,
    private readonly run: EmbedderInfo | undefined,
  ) {
    // the namespace is part of where: `polar memory show` prints it, and `--memory-dir` finds it again
    this.location = `${conn.uri} (namespace ${namespace})`;
  }

  // ── plumbing ────────────────────────────────────────────────────────────────────────────

  private fail(what: string, e: unknown): never {
    if (e instanceof MemoryStoreError) throw e;
    throw new MemoryStoreError(`Neo4j at ${this.conn.uri}: ${what} failed: ${errorText(e)}`, { cause: e });
  }

  private async read(what: string, query: string, params: Params): Promise<Neo4jRecord[]> {
    const session = this.conn.driver.session({
      database: this.conn.database,
      defaultAccessMode: neo4jPackage().session.READ,
    });
    try {
      return await session.executeRead(async (tx) => (await tx.run(query, params)).records);
    } catch (e) {
      this.fail(what, e);
    } finally {
      await session.close();
    }
  }

  private async write<T>(what: string, work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    const session = this.conn.driver.session({
      database: this.conn.database,
      defaultAccessMode: neo4jPackage().session.WRITE,
    });
    try {
      return await session.executeWrite(work);
    } catch (e) {
      this.fail(what, e);
    } finally {
      await session.close();
    }
  }

  private scope(user: string): { space: string; user: string } {
    return { space: this.namespace, user };
  }

  // ── embedder ────────────────────────────────────────────────────────────────────────────

  async embedder(): Promise<EmbedderInfo | null> {
    if (this.held) return this.held;
    const rows = await this.read(
      "reading the embedder",
      "MATCH (m:PolarStore {space: $space}) RETURN m.embedderName AS name, m.embedderDim AS dim",
      { space: this.namespace },
    );
    const name = rows[0]?.get("name") as string | null | undefined;
    const dim = rows[0]?.get("dim") as number | null | undefined;
    this.held = name && dim ? { name, dim } : null;
    return this.held;
  }

  // ── writing ─────────────────────────────────────────────────────────────────────────────

  async writeEpisode(userId: string, write: EpisodeWrite): Promise<MemoryEvent[]> {
    const user = requireUser(userId);
    const held = await this.embedder();
    const w = parseEpisodeWrite(write, held?.dim ?? this.run?.dim ?? null);
    const hasNew = w.statements.some((s) => s.kind === "new");
    const vectors = held ?? this.run ?? null;
    if (hasNew && !vectors) {
      throw new MemoryStoreError("this memory store was opened without an embedder and cannot store statements");
    }
    const events = await this.write("writing an episode", (tx) =>
      writeEpisodeRows(tx, this, user, w, hasNew ? vectors : null),
    );
    if (hasNew && !this.held) this.held = vectors;
    return events;
  }

  // ── reading ─────────────────────────────────────────────────────────────────────────────

  async searchStatements(userId: string, vector: Float32Array, limit: number): Promise<StatementHit[]> {
    const user = requireUser(userId);
    const held = await this.embedder();
    if (!held || limit <= 0) return [];
    if (vector.length !== held.dim) {
      throw new MemoryStoreError(`query vector has ${vector.length} dims, the store holds ${held.dim}`);
    }
    const q = Array.from(vector);
    const scope = { ...this.scope(user), vector: q, limit: neo4jPackage().int(limit) };
    // Scores are computed exactly on the server from the stored vectors (the index's own scores
    // are quantized); vector.similarity.cosine is (1 + cos) / 2, and cos = dot for unit vectors.
    const ranked = `WITH node, vector.similarity.cosine(node.embedding, $vector) AS score
       ORDER BY score DESC, node.id LIMIT $limit
       RETURN node.id AS id, node.text AS text, ${ms("node.createdAt")} AS createdAt, 2 * score - 1 AS similarity`;
    let k = Math.max(limit * 4, 64);
    let total: number | null = null;
    for (;;) {
      const rows = await this.read(
        "searching statements",
        `CALL db.index.vector.queryNodes($index, $k, $vector) YIELD node
         WHERE node.space = $space AND node.userId = $user
         ${ranked}`,
        { ...scope, index: VECTOR_INDEX, k: neo4jPackage().int(k) },
      );
      if (rows.length >= limit) return toHits(rows);
      total ??= await this.countIndexed();
      if (k >= total) return toHits(rows);
      if (k >= MAX_CANDIDATES) break;
      k = Math.min(k * 4, total);
    }
    // This user is a small minority of the indexed statements: scan theirs exactly.
    const rows = await this.read(
      "searching statements (exact scan)",
      `MATCH (node:Statement {space: $space, userId: $user})
       ${ranked}`,
      scope,
    );
    return toHits(rows);
  }

  private async countIndexed(): Promise<number> {
    const rows = await this.read("counting statements", "MATCH (s:Statement) RETURN count(s) AS n", {});
    return rows[0].get("n") as number;
  }

  async statementLinks(userId: string, statementIds: string[]): Promise<StatementLink[]> {
    const user = requireUser(userId);
    if (statementIds.length === 0) return [];
    const rows = await this.read(
      "reading statement links",
      `UNWIND $ids AS sid
       MATCH (s:Statement {space: $space, id: sid}) WHERE s.userId = $user
       MATCH (from)-[r:HAS_STATEMENT|KNOWS]->(s)
       WHERE (from:Object OR from:User) AND from.space = $space AND from.userId = $user
       RETURN s.id AS statementId, CASE WHEN from:Object THEN from.objectId END AS objectId,
              r.episodeId AS episodeId, ${ms("r.at")} AS at, ${ms("r.invalidAt")} AS invalidAt
       ORDER BY at DESC, episodeId, objectId`,
      { ...this.scope(user), ids: statementIds },
    );
    return rows.map((r) => r.toObject() as StatementLink);
  }

  async getObject(userId: string, objectId: string): Promise<ObjectRecord | null> {
    const user = requireUser(userId);
    const rows = await this.read(
      "reading an object",
      `MATCH (o:Object {space: $space, userId: $user, objectId: $objectId})
       RETURN o.objectId AS objectId, o.category AS category, ${ms("o.createdAt")} AS createdAt, ${ms("o.updatedAt")} AS updatedAt`,
      { ...this.scope(user), objectId },
    );
    return rows[0] ? (rows[0].toObject() as ObjectRecord) : null;
  }

  async listObjects(userId: string): Promise<ObjectRecord[]> {
    const user = requireUser(userId);
    const rows = await this.read(
      "listing objects",
      `MATCH (o:Object {space: $space, userId: $user})
       RETURN o.objectId AS objectId, o.category AS category, ${ms("o.createdAt")} AS createdAt, ${ms("o.updatedAt")} AS updatedAt
       ORDER BY updatedAt DESC, objectId`,
      this.scope(user),
    );
    return rows.map((r) => r.toObject() as ObjectRecord);
  }

  async objectMemories(userId: string, objectIds?: string[]): Promise<ObjectMemory[]> {
    const user = requireUser(userId);
    const rows = await this.read(
      "reading object memories",
      `MATCH (o:Object {space: $space, userId: $user})
       WHERE $ids IS NULL OR o.objectId IN $ids
       RETURN o {.objectId, .category, createdAt: ${ms("o.createdAt")}, updatedAt: ${ms("o.updatedAt")}} AS object,
         COLLECT { MATCH (o)-[r:HAS_STATEMENT]->(s:Statement)
                   WITH s, r ORDER BY ${ms("r.at")} DESC, s.id
                   RETURN s {.id, .text, episodeId: r.episodeId, at: ${ms("r.at")}, invalidAt: ${ms("r.invalidAt")}} } AS statements,
         COLLECT { MATCH (o)<-[:ABOUT]-(e:Episode)-[:GAVE]->(i:Instruction)
                   WITH i, e ORDER BY ${ms("i.at")} DESC, i.id
                   RETURN i {.id, episodeId: e.id, .text, at: ${ms("i.at")}} } AS instructions,
         COLLECT { MATCH (o)<-[:ABOUT]-(e:Episode)-[:SUMMARISED_AS]->(m:EpisodicMemory)
                   WITH m, e ORDER BY ${ms("m.at")} DESC, m.id
                   RETURN m {.id, episodeId: e.id, .text, .success, at: ${ms("m.at")}} } AS episodic,
         COLLECT { MATCH (o)<-[:DEPICTS]-(img:ReferenceImage)<-[:SHOWED]-(e:Episode)
                   WITH img, e ORDER BY ${ms("img.at")} DESC, img.id
                   RETURN img {.id, episodeId: e.id, .hash, .path, at: ${ms("img.at")}} } AS images
       ORDER BY object.updatedAt DESC, o.objectId`,
      { ...this.scope(user), ids: objectIds ?? null },
    );
    return rows.map((r) => r.toObject() as ObjectMemory);
  }

  async listImageHashes(userId: string): Promise<ImageHashRecord[]> {
    const user = requireUser(userId);
    const rows = await this.read(
      "listing image hashes",
      `MATCH (img:ReferenceImage {space: $space, userId: $user})-[:DEPICTS]->(o:Object)
       RETURN img.id AS imageId, o.objectId AS objectId, img.hash AS hash, ${ms("img.at")} AS at
       ORDER BY at DESC, imageId`,
      this.scope(user),
    );
    return rows.map((r) => r.toObject() as ImageHashRecord);
  }

  async listEpisodes(userId: string): Promise<StoredEpisode[]> {
    const user = requireUser(userId);
    const rows = await this.read(
      "listing episodes",
      `MATCH (e:Episode {space: $space, userId: $user})-[:ABOUT]->(o:Object)
       RETURN e.id AS id, o.objectId AS objectId, e.instruction AS instruction, e.success AS success,
              e.trajectory AS trajectory, ${ms("e.at")} AS at
       ORDER BY at, id`,
      this.scope(user),
    );
    return rows.map((r) => r.toObject() as StoredEpisode);
  }

  async history(userId: string, opts: { limit?: number } = {}): Promise<MemoryEvent[]> {
    const user = requireUser(userId);
    const rows = await this.read(
      "reading the history",
      `MATCH (ev:MemoryEvent {space: $space, userId: $user})
       WITH ev ORDER BY ev.seq DESC
       LIMIT $limit
       RETURN ev.kind AS kind, ev.nodeId AS nodeId, ev.objectId AS objectId, ev.episodeId AS episodeId,
              ${ms("ev.at")} AS at, ${ms("ev.recordedAt")} AS recordedAt, ev.detail AS detail
       ORDER BY ev.seq`,
      { ...this.scope(user), limit: neo4jPackage().int(opts.limit ?? Number.MAX_SAFE_INTEGER) },
    );
    return rows.map((r) => r.toObject() as MemoryEvent);
  }

  async stats(userId: string): Promise<MemoryStats> {
    const user = requireUser(userId);
    const rows = await this.read(
      "counting memories",
      `RETURN
         COUNT { MATCH (:Object {space: $space, userId: $user}) } AS objects,
         COUNT { MATCH (:Statement {space: $space, userId: $user}) } AS statements,
         COUNT { MATCH (:Object {space: $space, userId: $user})-[:HAS_STATEMENT]->(:Statement) } AS statementLinks,
         COUNT { MATCH (:Episode {space: $space, userId: $user}) } AS episodes,
         COUNT { MATCH (:EpisodicMemory {space: $space, userId: $user}) } AS episodic,
         COUNT { MATCH (:Instruction {space: $space, userId: $user}) } AS instructions,
         COUNT { MATCH (:ReferenceImage {space: $space, userId: $user}) } AS images,
         COUNT { MATCH (:MemoryEvent {space: $space, userId: $user}) } AS events`,
      this.scope(user),
    );
    return rows[0].toObject() as MemoryStats;
  }

  async clearUser(userId: string): Promise<MemoryEvent> {
    const user = requireUser(userId);
    return this.write("clearing a user", async (tx) => {
      const scope = this.scope(user);
      const links = await tx.run(
        "MATCH (:Object {space: $space, userId: $user})-[r:HAS_STATEMENT]->() RETURN count(r) AS n",
        scope,
      );
      const counts = [`${links.records[0].get("n")} statement_links`];
      for (const label of USER_LABELS) {
        // label is a constant of this file, never data
        const r = await tx.run(
          `MATCH (n:${label} {space: $space, userId: $user}) DETACH DELETE n RETURN count(n) AS n`,
          scope,
        );
        counts.push(`${r.records[0].get("n")} ${label}`);
      }
      const event = userClearedEvent(user, counts);
      // The User node stays (it holds the history counter); without createdAt it reads as new.
      const u = await tx.run(
        `MERGE (u:User {space: $space, userId: $user})
         REMOVE u.createdAt
         SET u.eventSeq = coalesce(u.eventSeq, 0)
         RETURN u.eventSeq AS seq`,
        scope,
      );
      await appendEvents(tx, scope, u.records[0].get("seq") as number, [event]);
      return event;
    });
  }

  async close(): Promise<void> {
    await this.conn.driver.close();
  }
}

function toHits(rows: Neo4jRecord[]): StatementHit[] {
  return rows.map((r) => ({
    statement: { id: r.get("id") as string, text: r.get("text") as string, createdAt: r.get("createdAt") as number },
    similarity: r.get("similarity") as number,
  }));
}

/**
 * Removes every node of a namespace in batches (tests and benchmarks clean up with it; a
 * namespace of 100k statements is too big for one transaction on a small heap).
 */
export async function dropNamespace(conn: Neo4jConnection, namespace: string): Promise<void> {
  const session = conn.driver.session({ database: conn.database });
  try {
    for (const label of [...USER_LABELS, "MemoryEvent", "User", "PolarStore"]) {
      await session.run(
        `MATCH (n:${label} {space: $space})
         CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS`,
        { space: namespace },
      );
    }
  } finally {
    await session.close();
  }
}
