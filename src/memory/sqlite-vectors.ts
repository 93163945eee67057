/**
 * Each user's statement vectors in the int8 form the index screens (vector-index.ts), as blocks
 * of up to BLOCK_ROWS rows in `statement_vectors`: the index loads with one read a block instead
 * of one float row per statement (400 MB at 100k × 1024, streamed and quantized row by row). The
 * float vectors stay in `statements`, the source the exact rescore reads its few candidates from.
 *
 * Blocks are written in the transaction that writes their statements, so they agree with the
 * rows; a store written before blocks existed (or any disagreement, caught by the row count) gets
 * the user's blocks rebuilt from the rows once.
 */
import type Database from "better-sqlite3";
import { type ExactRows, quantizeRows, VectorMatrix } from "./vector-index.ts";

/** rows a block: 256 KiB of int8 at 1024 dims, so an append rewrites little */
export const BLOCK_ROWS = 256;

interface Block {
  block: number;
  ids: string[];
  int8: Uint8Array;
  stats: Uint8Array;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a);
  out.set(b, a.byteLength);
  return out;
}

const bytesOf = (a: Int8Array | Float64Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** Appends rows to the user's blocks: fills the last one, then opens new ones. Call inside the write's transaction. */
export function appendVectors(
  db: Database.Database,
  user: string,
  dim: number,
  rows: readonly { id: string; embedding: Float32Array | Uint8Array }[],
): void {
  if (rows.length === 0) return;
  const last = db
    .prepare("SELECT block, ids, int8, stats FROM statement_vectors WHERE user_id = ? ORDER BY block DESC LIMIT 1")
    .get(user) as { block: number; ids: string; int8: Uint8Array; stats: Uint8Array } | undefined;
  let open: Block = last
    ? { block: last.block, ids: JSON.parse(last.ids) as string[], int8: last.int8, stats: last.stats }
    : { block: -1, ids: [], int8: new Uint8Array(0), stats: new Uint8Array(0) };
  const upsert = db.prepare(
    "INSERT OR REPLACE INTO statement_vectors (user_id, block, rows, ids, int8, stats) VALUES (?, ?, ?, ?, ?, ?)",
  );
  let at = 0;
  if (open.ids.length >= BLOCK_ROWS)
    open = { block: open.block + 1, ids: [], int8: new Uint8Array(0), stats: new Uint8Array(0) };
  if (open.block < 0) open.block = 0;
  while (at < rows.length) {
    const take = rows.slice(at, at + BLOCK_ROWS - open.ids.length);
    const q = quantizeRows(
      dim,
      take.map((r) => r.embedding),
    );
    open.ids.push(...take.map((r) => r.id));
    open.int8 = concat(open.int8, bytesOf(q.int8));
    open.stats = concat(open.stats, bytesOf(q.stats));
    upsert.run(user, open.block, open.ids.length, JSON.stringify(open.ids), open.int8, open.stats);
    at += take.length;
    open = { block: open.block + 1, ids: [], int8: new Uint8Array(0), stats: new Uint8Array(0) };
  }
}

/** The user's vector generation: moved by every change to their blocks (sqlite-migrations.ts, 4). */
export function vectorGeneration(db: Database.Database, user: string): number {
  const r = db.prepare("SELECT gen FROM vector_generations WHERE user_id = ?").get(user) as { gen: number } | undefined;
  return r?.gen ?? 0;
}

export function statementCount(db: Database.Database, user: string): number {
  return (db.prepare("SELECT COUNT(*) AS n FROM statements WHERE user_id = ?").get(user) as { n: number }).n;
}

/**
 * The user's index from their blocks, in one read transaction, with the generation it was read
 * at; null when the blocks do not hold exactly the user's statements (a store from before
 * blocks, or one that disagrees).
 */
export function loadVectors(
  db: Database.Database,
  user: string,
  dim: number,
  exactRows: ExactRows,
): { matrix: VectorMatrix; gen: number } | null {
  return db.transaction(() => {
    const n = statementCount(db, user);
    const { m } = db
      .prepare("SELECT COALESCE(SUM(rows), 0) AS m FROM statement_vectors WHERE user_id = ?")
      .get(user) as { m: number };
    if (m !== n) return null;
    const matrix = new VectorMatrix(dim, Math.max(64, n), { exactRows });
    const blocks = db
      .prepare("SELECT ids, int8, stats FROM statement_vectors WHERE user_id = ? ORDER BY block")
      .raw()
      .iterate(user) as IterableIterator<[string, Uint8Array, Uint8Array]>;
    for (const [ids, int8, stats] of blocks) matrix.addQuantized(JSON.parse(ids) as string[], int8, stats);
    return { matrix, gen: vectorGeneration(db, user) };
  })();
}

/** Rewrites the user's blocks from their statement rows (rowid order), in one write transaction. */
export function rebuildVectors(db: Database.Database, user: string, dim: number): void {
  db.transaction(() => {
    db.prepare("DELETE FROM statement_vectors WHERE user_id = ?").run(user);
    // pages by rowid: the connection cannot write while an iterator is open on it
    const page = db.prepare(
      "SELECT rowid AS r, id, embedding FROM statements WHERE user_id = ? AND rowid > ? ORDER BY rowid LIMIT ?",
    );
    let after = -1;
    for (;;) {
      const rows = page.all(user, after, BLOCK_ROWS) as { r: number; id: string; embedding: Uint8Array }[];
      if (rows.length === 0) break;
      appendVectors(db, user, dim, rows);
      after = rows[rows.length - 1].r;
    }
  }).immediate();
}
