/**
 * The embedded memory store: one SQLite file (better-sqlite3, WAL), schema versioned through
 * PRAGMA user_version, vector search in process over a per-user matrix cache.
 */
import { existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type Database from "better-sqlite3";
import { ensureDir, sqlitePackage } from "../util/index.ts";
import { INDEX_FILE_MIN_ROWS, indexFilePath, readIndexFile, removeIndexFile, writeIndexFile } from "./index-file.ts";
import { MIGRATIONS } from "./sqlite-migrations.ts";
import { loadVectors, rebuildVectors, statementCount, vectorGeneration } from "./sqlite-vectors.ts";
import { insertEvent, writeEpisodeRows } from "./sqlite-write.ts";
import {
  type EmbedderInfo,
  type EpisodeWrite,
  type ImageHashRecord,
  type MemoryEvent,
  type MemoryEventKind,
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
import { type ExactRows, VectorMatrix } from "./vector-index.ts";
import { userClearedEvent } from "./write-events.ts";

interface UserIndex {
  matrix: VectorMatrix;
}

/** A statement the index ranked that is no longer in the file: another connection cleared the user. */
class RowGone extends Error {}

type Row = Record<string, unknown>;

export class SqliteMemoryStore implements MemoryStore {
  readonly kind = "sqlite";
  readonly location: string;
  private readonly db: Database.Database;
  /** the embedder this connection was opened with */
  readonly run: EmbedderInfo | undefined;
  /** per-user statement matrices; dropped when another connection commits (data_version) */
  private readonly indexes = new Map<string, UserIndex>();
  private dataVersion = -1;

  /** Indexes of this many rows or more are kept as a file beside the database (index-file.ts). */
  indexFileMinRows = INDEX_FILE_MIN_ROWS;
  /** Where the last index this connection loaded came from: its file, the blocks, or the rows. */
  lastIndexSource: "file" | "blocks" | "rows" | null = null;

  /** Test hook: called between the rows of a write, inside its transaction. */
  onWriteStep?: (step: string) => void;

  constructor(path: string, opts: StoreOptions = {}) {
    this.location = path === ":memory:" ? path : resolve(path);
    if (path !== ":memory:") {
      try {
        // not mkdirSync({ recursive }): that spins forever under /proc
        ensureDir(dirname(this.location), "memory folder");
      } catch (e) {
        throw new MemoryStoreError(`cannot open the memory store at ${this.location}: ${(e as Error).message}`);
      }
      if (existsSync(this.location) && !statSync(this.location).isFile()) {
        throw new MemoryStoreError(`the memory store ${this.location} is a folder, not a SQLite file`);
      }
    }
    try {
      this.db = new (sqlitePackage())(this.location);
    } catch (e) {
      throw new MemoryStoreError(`cannot open the memory store at ${this.location}: ${(e as Error).message}`, {
        cause: e,
      });
    }
    try {
      // the first statements read the file: one that is not SQLite fails here
      this.db.pragma("journal_mode = WAL");
      this.db.pragma("foreign_keys = ON");
      this.db.pragma("busy_timeout = 5000");
      // reads of the vector blocks come straight from the mapped file (~1.5× a cold index load)
      this.db.pragma("mmap_size = 1073741824");
      this.migrate();
    } catch (e) {
      this.db.close();
      if (e instanceof MemoryStoreError) throw e;
      const code = (e as { code?: string }).code;
      throw new MemoryStoreError(
        code === "SQLITE_NOTADB"
          ? `the memory store ${this.location} is not a SQLite database; point memory.path (or --memory-dir) elsewhere`
          : `cannot open the memory store at ${this.location}: ${(e as Error).message}`,
        { cause: e },
      );
    }
    this.run = opts.embedder;
    const held = this.embedderSync();
    if (opts.embedder && held && (held.name !== opts.embedder.name || held.dim !== opts.embedder.dim)) {
      this.db.close();
      throw new MemoryStoreError(
        `the memory store at ${this.location} holds vectors of embedder ${held.name} (dim ${held.dim}); ` +
          `this run uses ${opts.embedder.name} (dim ${opts.embedder.dim}). Use another memory.path, or the same embedder.`,
      );
    }
  }

  private migrate(): void {
    const version = this.db.pragma("user_version", { simple: true }) as number;
    if (version > MIGRATIONS.length) {
      throw new MemoryStoreError(
        `the memory store at ${this.location} has schema version ${version}, newer than this Polar knows (${MIGRATIONS.length})`,
      );
    }
    for (let v = version; v < MIGRATIONS.length; v++) {
      // under the write lock, and again only if no other connection (an episode thread opening
      // the same file) migrated it meanwhile
      this.db
        .transaction(() => {
          if ((this.db.pragma("user_version", { simple: true }) as number) !== v) return;
          this.db.exec(MIGRATIONS[v]);
          this.db.pragma(`user_version = ${v + 1}`);
        })
        .immediate();
    }
  }

  private embedderSync(): EmbedderInfo | null {
    const rows = this.db
      .prepare("SELECT key, value FROM meta WHERE key IN ('embedder_name', 'embedder_dim')")
      .all() as {
      key: string;
      value: string;
    }[];
    const m = new Map(rows.map((r) => [r.key, r.value]));
    const name = m.get("embedder_name");
    const dim = m.get("embedder_dim");
    return name && dim ? { name, dim: Number(dim) } : null;
  }

  async embedder(): Promise<EmbedderInfo | null> {
    return this.embedderSync();
  }

  async writeEpisode(userId: string, write: EpisodeWrite): Promise<MemoryEvent[]> {
    const user = requireUser(userId);
    const held = this.embedderSync();
    const w = parseEpisodeWrite(write, held?.dim ?? this.run?.dim ?? null);
    const hasNew = w.statements.some((s) => s.kind === "new");
    if (hasNew && !held && !this.run) {
      throw new MemoryStoreError("this memory store was opened without an embedder and cannot store statements");
    }
    const before = this.syncIndexes();
    // BEGIN IMMEDIATE: the write lock first (busy_timeout waits for it), so a transaction never
    // has to upgrade from a read that another connection's commit made stale ("database is
    // locked"); what the store holds is read again under it (another thread may have recorded
    // the embedder since)
    const events = this.db.transaction(() => writeEpisodeRows(this.db, this, user, w, this.embedderSync())).immediate();
    // data_version moves only on other connections' commits: if it moved, one slipped in before
    // ours and the cached matrices lack its rows; otherwise append ours to the cached matrix
    if (this.syncIndexes() !== before) return events;
    const index = this.indexes.get(user);
    if (index) {
      for (const s of w.statements) if (s.kind === "new") index.matrix.add(s.id, s.embedding);
    }
    return events;
  }

  private currentDataVersion(): number {
    return this.db.pragma("data_version", { simple: true }) as number;
  }

  /** Drops the cached matrices when another connection has committed; returns data_version. */
  private syncIndexes(): number {
    const version = this.currentDataVersion();
    if (version !== this.dataVersion) {
      this.indexes.clear();
      this.dataVersion = version;
    }
    return version;
  }

  /**
   * The user's statement index, loaded once from their vector blocks and then kept across
   * queries; blocks missing or out of step with the rows (a store from before them) are rebuilt
   * from the rows first.
   */
  private userIndex(user: string): UserIndex | null {
    const version = this.syncIndexes();
    const cached = this.indexes.get(user);
    if (cached) return cached;
    const held = this.embedderSync();
    if (!held) return null;
    const holder: { matrix?: VectorMatrix } = {};
    const embedding = this.db.prepare("SELECT embedding FROM statements WHERE id = ? AND user_id = ?").pluck();
    const exactRows: ExactRows = (rows) =>
      rows.map((r) => {
        const id = (holder.matrix as VectorMatrix).ids[r];
        const e = embedding.get(id, user) as Uint8Array | undefined;
        if (!e) throw new RowGone(id);
        return e;
      });
    const file = this.indexFile(user);
    // the index file when it was written at the generation this read sees (index-file.ts)
    let matrix = file
      ? this.db.transaction(() =>
          readIndexFile(
            file,
            { user, gen: vectorGeneration(this.db, user), dim: held.dim },
            statementCount(this.db, user),
            exactRows,
          ),
        )()
      : null;
    if (!matrix) {
      let loaded = loadVectors(this.db, user, held.dim, exactRows);
      if (!loaded) {
        try {
          rebuildVectors(this.db, user, held.dim);
          loaded = loadVectors(this.db, user, held.dim, exactRows);
        } catch (e) {
          // a file this process may not write: the index is built in memory from the rows instead
          if ((e as { code?: string }).code !== "SQLITE_READONLY") throw e;
        }
      }
      matrix = loaded?.matrix ?? this.indexFromRows(user, held.dim, exactRows);
      this.lastIndexSource = loaded ? "blocks" : "rows";
      if (file && loaded && matrix.size >= this.indexFileMinRows) this.keepIndexFile(file, user, loaded.gen, matrix);
    } else this.lastIndexSource = "file";
    holder.matrix = matrix;
    const index = { matrix };
    // kept only if no other connection committed meanwhile (own commits, the rebuild's
    // included, leave data_version as it was)
    if (this.syncIndexes() === version) this.indexes.set(user, index);
    return index;
  }

  /** The user's index file (index-file.ts); none for an in-memory database. */
  private indexFile(user: string): string | null {
    return this.location === ":memory:" ? null : indexFilePath(this.location, user);
  }

  /**
   * Writes the index file once the query that loaded the index has its answer; not when rows
   * were added to the index meanwhile (its generation has moved on anyway).
   */
  private keepIndexFile(file: string, user: string, gen: number, matrix: VectorMatrix): void {
    const rows = matrix.size;
    setImmediate(() => {
      if (matrix.size === rows) writeIndexFile(file, { user, gen, dim: matrix.dim }, matrix);
    });
  }

  private indexFromRows(user: string, dim: number, exactRows: ExactRows): VectorMatrix {
    return this.db.transaction(() => {
      const { n } = this.db.prepare("SELECT COUNT(*) AS n FROM statements WHERE user_id = ?").get(user) as {
        n: number;
      };
      const matrix = new VectorMatrix(dim, Math.max(64, n), { exactRows });
      const rows = this.db
        .prepare("SELECT id, embedding FROM statements WHERE user_id = ? ORDER BY rowid")
        .raw()
        .iterate(user) as IterableIterator<[string, Buffer]>;
      for (const [id, e] of rows) matrix.add(id, e);
      return matrix;
    })();
  }

  async searchStatements(userId: string, vector: Float32Array, limit: number): Promise<StatementHit[]> {
    const user = requireUser(userId);
    for (let attempt = 0; ; attempt++) {
      const index = this.userIndex(user);
      if (!index) return [];
      if (vector.length !== index.matrix.dim) {
        throw new MemoryStoreError(`query vector has ${vector.length} dims, the store holds ${index.matrix.dim}`);
      }
      try {
        const hits = index.matrix.topK(vector, limit);
        const row = this.db.prepare("SELECT text, created_at FROM statements WHERE id = ? AND user_id = ?");
        return hits.map(({ index: i, score }) => {
          const id = index.matrix.ids[i];
          const r = row.get(id, user) as { text: string; created_at: number } | undefined;
          if (!r) throw new RowGone(id);
          return { statement: { id, text: r.text, createdAt: r.created_at }, similarity: score };
        });
      } catch (e) {
        // rows went between the index load and this query: load again, once
        if (!(e instanceof RowGone) || attempt > 0) throw e;
        this.indexes.delete(user);
        this.dataVersion = -1;
      }
    }
  }

  async statementLinks(userId: string, statementIds: string[]): Promise<StatementLink[]> {
    const user = requireUser(userId);
    if (statementIds.length === 0) return [];
    const rows = this.db
      .prepare(
        `SELECT statement_id, object_id, episode_id, at, invalid_at, 0 AS src, rowid AS r FROM statement_links
         WHERE statement_id IN (SELECT value FROM json_each(@ids)) AND +user_id = @user
         UNION ALL
         SELECT statement_id, NULL, episode_id, at, invalid_at, 1 AS src, rowid AS r FROM user_statements
         WHERE statement_id IN (SELECT value FROM json_each(@ids)) AND +user_id = @user
         ORDER BY at DESC, src, r DESC`,
      )
      .all({ ids: JSON.stringify(statementIds), user }) as Row[];
    return rows.map((r) => ({
      statementId: r.statement_id as string,
      objectId: (r.object_id as string | null) ?? null,
      episodeId: r.episode_id as string,
      at: r.at as number,
      invalidAt: (r.invalid_at as number | null) ?? null,
    }));
  }

  async getObject(userId: string, objectId: string): Promise<ObjectRecord | null> {
    const user = requireUser(userId);
    const r = this.db.prepare("SELECT * FROM objects WHERE user_id = ? AND object_id = ?").get(user, objectId) as
      | Row
      | undefined;
    return r ? toObject(r) : null;
  }

  async listObjects(userId: string): Promise<ObjectRecord[]> {
    const user = requireUser(userId);
    const rows = this.db
      .prepare("SELECT * FROM objects WHERE user_id = ? ORDER BY updated_at DESC, object_id")
      .all(user) as Row[];
    return rows.map(toObject);
  }

  async objectMemories(userId: string, objectIds?: string[]): Promise<ObjectMemory[]> {
    const user = requireUser(userId);
    const objects = objectIds
      ? (this.db
          .prepare(
            "SELECT * FROM objects WHERE user_id = ? AND object_id IN (SELECT value FROM json_each(?)) ORDER BY updated_at DESC, object_id",
          )
          .all(user, JSON.stringify(objectIds)) as Row[])
      : (this.db
          .prepare("SELECT * FROM objects WHERE user_id = ? ORDER BY updated_at DESC, object_id")
          .all(user) as Row[]);
    const q = {
      statements: this.db.prepare(
        `SELECT s.id, s.text, l.episode_id, l.at, l.invalid_at FROM statement_links l JOIN statements s ON s.id = l.statement_id
         WHERE l.user_id = ? AND s.user_id = ? AND l.object_id = ? ORDER BY l.at DESC, l.rowid DESC`,
      ),
      instructions: this.db.prepare(
        "SELECT id, episode_id, text, at FROM instructions WHERE user_id = ? AND object_id = ? ORDER BY at DESC, rowid DESC",
      ),
      episodic: this.db.prepare(
        "SELECT id, episode_id, text, success, at FROM episodic WHERE user_id = ? AND object_id = ? ORDER BY at DESC, rowid DESC",
      ),
      images: this.db.prepare(
        "SELECT id, episode_id, hash, path, at FROM images WHERE user_id = ? AND object_id = ? ORDER BY at DESC, rowid DESC",
      ),
    };
    return objects.map((o) => {
      const oid = o.object_id as string;
      return {
        object: toObject(o),
        statements: (q.statements.all(user, user, oid) as Row[]).map((r) => ({
          id: r.id as string,
          text: r.text as string,
          episodeId: r.episode_id as string,
          at: r.at as number,
          invalidAt: (r.invalid_at as number | null) ?? null,
        })),
        instructions: (q.instructions.all(user, oid) as Row[]).map((r) => ({
          id: r.id as string,
          episodeId: r.episode_id as string,
          text: r.text as string,
          at: r.at as number,
        })),
        episodic: (q.episodic.all(user, oid) as Row[]).map((r) => ({
          id: r.id as string,
          episodeId: r.episode_id as string,
          text: r.text as string,
          success: r.success === 1,
          at: r.at as number,
        })),
        images: (q.images.all(user, oid) as Row[]).map((r) => ({
          id: r.id as string,
          episodeId: r.episode_id as string,
          hash: r.hash as string,
          path: (r.path as string | null) ?? null,
          at: r.at as number,
        })),
      };
    });
  }

  async listImageHashes(userId: string): Promise<ImageHashRecord[]> {
    const user = requireUser(userId);
    const rows = this.db
      .prepare("SELECT id, object_id, hash, at FROM images WHERE user_id = ? ORDER BY at DESC, rowid DESC")
      .all(user) as Row[];
    return rows.map((r) => ({
      imageId: r.id as string,
      objectId: r.object_id as string,
      hash: r.hash as string,
      at: r.at as number,
    }));
  }

  async listEpisodes(userId: string): Promise<StoredEpisode[]> {
    const user = requireUser(userId);
    const rows = this.db.prepare("SELECT * FROM episodes WHERE user_id = ? ORDER BY at, rowid").all(user) as Row[];
    return rows.map((r) => ({
      id: r.id as string,
      objectId: r.object_id as string,
      instruction: r.instruction as string,
      success: r.success === 1,
      trajectory: r.trajectory as string,
      at: r.at as number,
    }));
  }

  async history(userId: string, opts: { limit?: number } = {}): Promise<MemoryEvent[]> {
    const user = requireUser(userId);
    const limit = opts.limit ?? -1;
    const rows = this.db
      .prepare("SELECT * FROM (SELECT * FROM events WHERE user_id = ? ORDER BY seq DESC LIMIT ?) ORDER BY seq")
      .all(user, limit) as Row[];
    return rows.map((r) => ({
      kind: r.kind as MemoryEventKind,
      nodeId: r.node_id as string,
      objectId: (r.object_id as string | null) ?? null,
      episodeId: (r.episode_id as string | null) ?? null,
      at: r.at as number,
      recordedAt: r.recorded_at as number,
      detail: r.detail as string,
    }));
  }

  async stats(userId: string): Promise<MemoryStats> {
    const user = requireUser(userId);
    const count = (table: string) =>
      (this.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).get(user) as { n: number }).n;
    return {
      objects: count("objects"),
      statements: count("statements"),
      statementLinks: count("statement_links"),
      episodes: count("episodes"),
      episodic: count("episodic"),
      instructions: count("instructions"),
      images: count("images"),
      events: count("events"),
    };
  }

  async clearUser(userId: string): Promise<MemoryEvent> {
    const user = requireUser(userId);
    const event = this.db
      .transaction(() => {
        const counts = [];
        for (const table of [
          "statement_links",
          "user_statements",
          "instructions",
          "episodic",
          "images",
          "statements",
          "episodes",
          "objects",
        ]) {
          const n = this.db.prepare(`DELETE FROM ${table} WHERE user_id = ?`).run(user).changes;
          counts.push(`${n} ${table}`);
        }
        this.db.prepare("DELETE FROM statement_vectors WHERE user_id = ?").run(user);
        this.db.prepare("DELETE FROM users WHERE user_id = ?").run(user);
        const cleared = userClearedEvent(user, counts);
        insertEvent(this.db, user, cleared);
        return cleared;
      })
      .immediate();
    this.indexes.delete(user);
    this.syncIndexes();
    const file = this.indexFile(user);
    if (file) removeIndexFile(file);
    return event;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

function toObject(r: Row): ObjectRecord {
  return {
    objectId: r.object_id as string,
    category: (r.category as string | null) ?? null,
    createdAt: r.created_at as number,
    updatedAt: r.updated_at as number,
  };
}
