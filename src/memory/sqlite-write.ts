/**
 * One episode written to the SQLite memory store (sqlite-store.ts), as the steps of one write
 * transaction in the order they run: the file's embedder, the user, the object, the episode,
 * its statements and their vectors, the edges it supersedes, its episodic memory, then the
 * history rows. The caller holds the transaction, so a failing step leaves nothing behind.
 */
import type Database from "better-sqlite3";
import { appendVectors } from "./sqlite-vectors.ts";
import { type EmbedderInfo, type MemoryEvent, MemoryStoreError, type ParsedEpisodeWrite } from "./store.ts";
import { checkObject, missingStatement, noValidEdge, WriteEvents } from "./write-events.ts";

/** What a write needs of its store; the hook is read at each step, so a test may set it late. */
export interface SqliteWriteTarget {
  readonly location: string;
  /** the embedder this connection was opened with */
  readonly run: EmbedderInfo | undefined;
  onWriteStep?: (step: string) => void;
}

/** One write's rows: the database, the episode's user, time, id and object. */
interface Rows {
  db: Database.Database;
  user: string;
  w: ParsedEpisodeWrite;
  at: number;
  ep: string;
  obj: string;
}

/** Writes one parsed episode inside the caller's transaction; `held` is the embedder the file records. */
export function writeEpisodeRows(
  db: Database.Database,
  target: SqliteWriteTarget,
  user: string,
  w: ParsedEpisodeWrite,
  held: EmbedderInfo | null,
): MemoryEvent[] {
  const r: Rows = { db, user, w, at: w.episode.at, ep: w.episode.id, obj: w.object.id };
  const events = new WriteEvents(w);
  const step = (name: string) => target.onWriteStep?.(name);

  claimEmbedder(r, target, held);
  if (!db.prepare("SELECT 1 FROM users WHERE user_id = ?").get(user)) {
    db.prepare("INSERT INTO users (user_id, created_at) VALUES (?, ?)").run(user, r.at);
    events.userCreated(user);
  }
  writeObject(r);
  events.object();
  step("object");
  writeEpisode(r);
  events.episode();
  step("episode");
  writeStatements(r, events, step);
  const added = w.statements.flatMap((s) => (s.kind === "new" ? [{ id: s.id, embedding: s.embedding }] : []));
  const dim = held?.dim ?? target.run?.dim;
  if (added.length > 0 && dim !== undefined) appendVectors(db, user, dim, added);
  supersede(r, events, step);
  db.prepare(
    "INSERT INTO episodic (id, user_id, episode_id, object_id, text, success, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  ).run(w.episodic.id, user, r.ep, r.obj, w.episodic.text, w.episode.success ? 1 : 0, r.at);
  events.episodic();
  step("episodic");
  for (const e of events.list) insertEvent(db, user, e);
  return events.list;
}

/**
 * Another connection may have recorded another embedder since this one opened: refused. The
 * first write with statements records this connection's.
 */
function claimEmbedder({ db, w }: Rows, target: SqliteWriteTarget, held: EmbedderInfo | null): void {
  const run = target.run;
  if (held && run && (held.name !== run.name || held.dim !== run.dim))
    throw new MemoryStoreError(
      `the memory store at ${target.location} now holds vectors of embedder ${held.name} (dim ${held.dim}), recorded by another connection; this run uses ${run.name} (dim ${run.dim})`,
    );
  if (!held && run && w.statements.some((s) => s.kind === "new")) {
    const meta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
    meta.run("embedder_name", run.name);
    meta.run("embedder_dim", String(run.dim));
  }
}

/** The object created, or the stored one updated, after checking the write's `matchedBy` against what is stored. */
function writeObject({ db, user, w, at, obj }: Rows): void {
  checkObject(w, db.prepare("SELECT 1 FROM objects WHERE user_id = ? AND object_id = ?").get(user, obj) !== undefined);
  if (w.object.matchedBy === "new") {
    db.prepare("INSERT INTO objects (user_id, object_id, category, created_at, updated_at) VALUES (?, ?, ?, ?, ?)").run(
      user,
      obj,
      w.object.category,
      at,
      at,
    );
  } else {
    db.prepare(
      "UPDATE objects SET category = COALESCE(?, category), updated_at = MAX(updated_at, ?) WHERE user_id = ? AND object_id = ?",
    ).run(w.object.category, at, user, obj);
  }
}

/** The episode with its instruction and, when the user showed one, its reference image. */
function writeEpisode({ db, user, w, at, ep, obj }: Rows): void {
  db.prepare(
    "INSERT INTO episodes (id, user_id, object_id, instruction, success, trajectory, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  ).run(ep, user, obj, w.episode.instruction, w.episode.success ? 1 : 0, w.episode.trajectory, at);
  db.prepare("INSERT INTO instructions (id, user_id, episode_id, object_id, text, at) VALUES (?, ?, ?, ?, ?, ?)").run(
    w.instructionId,
    user,
    ep,
    obj,
    w.episode.instruction,
    at,
  );
  if (w.referenceImage) {
    const img = w.referenceImage;
    db.prepare(
      "INSERT INTO images (id, user_id, episode_id, object_id, hash, path, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ).run(img.id, user, ep, obj, img.hash, img.path, at);
  }
}

/** New statements stored and linked, stored ones linked: to the object, or to the user for a fact about them. */
function writeStatements({ db, user, w, at, ep, obj }: Rows, events: WriteEvents, step: (name: string) => void): void {
  const insertStatement = db.prepare(
    "INSERT INTO statements (id, user_id, text, embedding, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  const insertLink = db.prepare(
    "INSERT OR IGNORE INTO statement_links (user_id, object_id, statement_id, episode_id, at) VALUES (?, ?, ?, ?, ?)",
  );
  const insertFact = db.prepare(
    "INSERT OR IGNORE INTO user_statements (user_id, statement_id, episode_id, at) VALUES (?, ?, ?, ?)",
  );
  const link = (about: "object" | "user", id: string) =>
    about === "user" ? insertFact.run(user, id, ep, at) : insertLink.run(user, obj, id, ep, at);
  const ownStatement = db.prepare("SELECT text FROM statements WHERE id = ? AND user_id = ?");
  for (const s of w.statements) {
    if (s.kind === "new") {
      const e = s.embedding;
      insertStatement.run(s.id, user, s.text, Buffer.from(e.buffer, e.byteOffset, e.byteLength), at);
      link(s.about, s.id);
      events.statement(s);
    } else {
      const row = ownStatement.get(s.id, user) as { text: string } | undefined;
      if (!row) throw missingStatement(s.id);
      link(s.about, s.id);
      events.statement(s, row.text);
    }
    step("statement");
  }
}

/** Marks each still-valid edge of an earlier episode that the write supersedes. */
function supersede({ db, user, w, at, ep }: Rows, events: WriteEvents, step: (name: string) => void): void {
  const ownStatement = db.prepare("SELECT text FROM statements WHERE id = ? AND user_id = ?");
  const invalidateLink = db.prepare(
    `UPDATE statement_links SET invalid_at = ?, invalidated_by = ?
       WHERE user_id = ? AND object_id = ? AND statement_id = ? AND invalid_at IS NULL AND episode_id <> ? AND at <= ?`,
  );
  const invalidateFact = db.prepare(
    `UPDATE user_statements SET invalid_at = ?, invalidated_by = ?
       WHERE user_id = ? AND statement_id = ? AND invalid_at IS NULL AND episode_id <> ? AND at <= ?`,
  );
  for (const inv of w.invalidate) {
    const changed =
      inv.objectId === null
        ? invalidateFact.run(at, ep, user, inv.id, ep, at).changes
        : invalidateLink.run(at, ep, user, inv.objectId, inv.id, ep, at).changes;
    if (changed === 0) throw noValidEdge(inv);
    events.superseded(inv, (ownStatement.get(inv.id, user) as { text: string }).text);
    step("invalidate");
  }
}

/** One history row. */
export function insertEvent(db: Database.Database, user: string, e: MemoryEvent): void {
  db.prepare(
    "INSERT INTO events (user_id, kind, node_id, object_id, episode_id, at, recorded_at, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(user, e.kind, e.nodeId, e.objectId, e.episodeId, e.at, e.recordedAt, e.detail);
}
