/**
 * One episode written to the Neo4j memory graph (the graph's shape: neo4j-store.ts), as the steps
 * of one write transaction in the order they run: the namespace's embedder, the user, the object,
 * the episode, its statements, the edges it supersedes, its episodic memory, then the history rows.
 * The caller opens the transaction, so a failing step leaves nothing behind.
 */
import type { ManagedTransaction } from "neo4j-driver";
import { neo4jPackage } from "../util/index.ts";
import { ms, neoDateTime } from "./neo4j-time.ts";
import { type EmbedderInfo, type MemoryEvent, MemoryStoreError, type ParsedEpisodeWrite } from "./store.ts";
import { checkObject, missingStatement, noValidEdge, WriteEvents } from "./write-events.ts";

type Params = Record<string, unknown>;

/** What a write needs of its store; the hook is read at each step, so a test may set it late. */
export interface Neo4jWriteTarget {
  readonly namespace: string;
  readonly location: string;
  onWriteStep?: (step: string) => void;
}

/** Writes one parsed episode inside `tx` and returns its history rows, as stored. */
export async function writeEpisodeRows(
  tx: ManagedTransaction,
  target: Neo4jWriteTarget,
  user: string,
  w: ParsedEpisodeWrite,
  vectors: EmbedderInfo | null | undefined,
): Promise<MemoryEvent[]> {
  const at = neoDateTime(w.episode.at);
  // the time as a DATETIME to store, and as milliseconds to compare with an older integer one
  const p: Params = {
    space: target.namespace,
    user,
    at,
    atMs: neo4jPackage().int(w.episode.at),
    episodeId: w.episode.id,
    objectId: w.object.id,
  };
  const events = new WriteEvents(w);
  const step = (name: string) => target.onWriteStep?.(name);

  if (vectors) await claimEmbedder(tx, target, vectors);
  const seq0 = await mergeUser(tx, p, user, events);
  await writeObject(tx, p, w);
  events.object();
  step("object");
  await writeEpisodeNodes(tx, p, w);
  events.episode();
  step("episode");
  await createStatements(tx, p, w);
  const linkedText = await linkStatements(tx, p, w);
  for (const s of w.statements) {
    const text = linkedText.get(s.id);
    if (s.kind === "link" && text === undefined) throw missingStatement(s.id);
    events.statement(s, text);
    step("statement");
  }
  for (const inv of w.invalidate) {
    events.superseded(inv, await supersede(tx, p, inv));
    step("invalidate");
  }
  await writeEpisodic(tx, p, w);
  events.episodic();
  step("episodic");

  await appendEvents(tx, { space: target.namespace, user }, seq0, events.list);
  return events.list;
}

/** The first writer of a namespace records its embedder; a concurrent one with another fails. */
async function claimEmbedder(tx: ManagedTransaction, target: Neo4jWriteTarget, vectors: EmbedderInfo): Promise<void> {
  const r = await tx.run(
    `MERGE (m:PolarStore {space: $space})
         ON CREATE SET m.createdAt = $now
         SET m.embedderName = coalesce(m.embedderName, $name), m.embedderDim = coalesce(m.embedderDim, $dim)
         RETURN m.embedderName AS name, m.embedderDim AS dim`,
    { space: target.namespace, now: neoDateTime(Date.now()), name: vectors.name, dim: neo4jPackage().int(vectors.dim) },
  );
  const name = r.records[0].get("name") as string;
  const dim = r.records[0].get("dim") as number;
  if (name !== vectors.name || dim !== vectors.dim) {
    throw new MemoryStoreError(
      `the Neo4j memory store at ${target.location} holds vectors of embedder ${name} (dim ${dim}); this write has ${vectors.name} (dim ${vectors.dim})`,
    );
  }
}

/** The user's node, created on its first write; returns the user's history counter before this write. */
async function mergeUser(tx: ManagedTransaction, p: Params, user: string, events: WriteEvents): Promise<number> {
  const u = await tx.run(
    `MERGE (u:User {space: $space, userId: $user})
       WITH u, u.createdAt IS NULL AS fresh
       SET u.createdAt = coalesce(u.createdAt, $at), u.eventSeq = coalesce(u.eventSeq, 0)
       RETURN fresh, u.eventSeq AS seq`,
    p,
  );
  if (u.records[0].get("fresh")) events.userCreated(user);
  return u.records[0].get("seq") as number;
}

/** The object created, or the stored one updated, after checking the write's `matchedBy` against what is stored. */
async function writeObject(tx: ManagedTransaction, p: Params, w: ParsedEpisodeWrite): Promise<void> {
  const existing = await tx.run(
    "OPTIONAL MATCH (o:Object {space: $space, userId: $user, objectId: $objectId}) RETURN o IS NOT NULL AS exists",
    p,
  );
  checkObject(w, existing.records[0].get("exists") as boolean);
  if (w.object.matchedBy === "new") {
    await tx.run(
      `MATCH (u:User {space: $space, userId: $user})
         CREATE (u)-[:OWNS {at: $at}]->(:Object {space: $space, userId: $user, objectId: $objectId,
                                                  category: $category, createdAt: $at, updatedAt: $at})`,
      { ...p, category: w.object.category },
    );
  } else {
    await tx.run(
      `MATCH (o:Object {space: $space, userId: $user, objectId: $objectId})
         SET o.category = coalesce($category, o.category),
             o.updatedAt = CASE WHEN ${ms("o.updatedAt")} < $atMs THEN $at ELSE o.updatedAt END`,
      { ...p, category: w.object.category },
    );
  }
}

/** The episode with its instruction and, when the user showed one, its reference image. */
async function writeEpisodeNodes(tx: ManagedTransaction, p: Params, w: ParsedEpisodeWrite): Promise<void> {
  await tx.run(
    `MATCH (u:User {space: $space, userId: $user}), (o:Object {space: $space, userId: $user, objectId: $objectId})
       CREATE (u)-[:EXPERIENCED {at: $at}]->(e:Episode {space: $space, userId: $user, id: $episodeId, at: $at,
               instruction: $instruction, success: $success, trajectory: $trajectory})-[:ABOUT {at: $at}]->(o)
       CREATE (e)-[:GAVE {at: $at}]->(:Instruction {space: $space, userId: $user, id: $instructionId,
               text: $instruction, at: $at})
       FOREACH (img IN CASE WHEN $image IS NULL THEN [] ELSE [$image] END |
         CREATE (e)-[:SHOWED {at: $at}]->(:ReferenceImage {space: $space, userId: $user, id: img.id,
                 hash: img.hash, path: img.path, at: $at})-[:DEPICTS {at: $at}]->(o))`,
    {
      ...p,
      instruction: w.episode.instruction,
      success: w.episode.success,
      trajectory: w.episode.trajectory,
      instructionId: w.instructionId,
      image: w.referenceImage,
    },
  );
}

/**
 * Statements about the object hang off it (HAS_STATEMENT); facts about the user or another
 * entity hang off the user (KNOWS). Both queries are the same but for the edge's start node.
 */
async function createStatements(tx: ManagedTransaction, p: Params, w: ParsedEpisodeWrite): Promise<void> {
  for (const about of ["object", "user"] as const) {
    const from =
      about === "object"
        ? "MATCH (from:Object {space: $space, userId: $user, objectId: $objectId})"
        : "MATCH (from:User {space: $space, userId: $user})";
    const news = w.statements.flatMap((s) =>
      s.kind === "new" && s.about === about ? [{ id: s.id, text: s.text, embedding: Array.from(s.embedding) }] : [],
    );
    if (news.length > 0) {
      // setNodeVectorProperty stores float32 (half the size of a float64 list) and checks it.
      await tx.run(
        `${from}
           UNWIND $news AS st
           CREATE (from)-[:${about === "object" ? "HAS_STATEMENT" : "KNOWS"} {at: $at, episodeId: $episodeId}]->
                  (s:Statement {space: $space, userId: $user, id: st.id, text: st.text, createdAt: $at})
           WITH s, st
           CALL db.create.setNodeVectorProperty(s, 'embedding', st.embedding)`,
        { ...p, news },
      );
    }
  }
}

/** Links the write's stored statements to this episode; returns the text of each one found, by id. */
async function linkStatements(tx: ManagedTransaction, p: Params, w: ParsedEpisodeWrite): Promise<Map<string, string>> {
  const linkedText = new Map<string, string>();
  for (const about of ["object", "user"] as const) {
    const ids = w.statements.flatMap((s) => (s.kind === "link" && s.about === about ? [s.id] : []));
    if (ids.length === 0) continue;
    const found = await tx.run(
      `UNWIND $ids AS sid
         MATCH (s:Statement {space: $space, id: sid}) WHERE s.userId = $user
         ${about === "object" ? "MATCH (from:Object {space: $space, userId: $user, objectId: $objectId})" : "MATCH (from:User {space: $space, userId: $user})"}
         MERGE (from)-[r:${about === "object" ? "HAS_STATEMENT" : "KNOWS"} {episodeId: $episodeId}]->(s)
         ON CREATE SET r.at = $at
         RETURN DISTINCT s.id AS id, s.text AS text`,
      { ...p, ids },
    );
    for (const r of found.records) linkedText.set(r.get("id") as string, r.get("text") as string);
  }
  return linkedText;
}

/** Marks one still-valid edge of an earlier episode superseded; returns its statement's text. */
async function supersede(
  tx: ManagedTransaction,
  p: Params,
  inv: ParsedEpisodeWrite["invalidate"][number],
): Promise<string> {
  const from =
    inv.objectId === null
      ? "(:User {space: $space, userId: $user})-[r:KNOWS]->"
      : "(:Object {space: $space, userId: $user, objectId: $target})-[r:HAS_STATEMENT]->";
  const r = await tx.run(
    `MATCH ${from}(s:Statement {space: $space, id: $sid})
         WHERE s.userId = $user AND r.invalidAt IS NULL AND r.episodeId <> $episodeId AND ${ms("r.at")} <= $atMs
         SET r.invalidAt = $at, r.invalidatedBy = $episodeId
         RETURN s.text AS text`,
    { ...p, sid: inv.id, target: inv.objectId },
  );
  if (r.records.length === 0) throw noValidEdge(inv);
  return r.records[0].get("text") as string;
}

async function writeEpisodic(tx: ManagedTransaction, p: Params, w: ParsedEpisodeWrite): Promise<void> {
  await tx.run(
    `MATCH (e:Episode {space: $space, id: $episodeId})
       CREATE (e)-[:SUMMARISED_AS {at: $at}]->(:EpisodicMemory {space: $space, userId: $user, id: $episodicId,
               text: $text, success: $success, at: $at})`,
    { ...p, episodicId: w.episodic.id, text: w.episodic.text, success: w.episode.success },
  );
}

/** Appends history rows after the user's counter `seq0`, and moves the counter past them. */
export async function appendEvents(
  tx: ManagedTransaction,
  scope: { space: string; user: string },
  seq0: number,
  events: MemoryEvent[],
): Promise<void> {
  await tx.run(
    `UNWIND range(0, size($events) - 1) AS i
       WITH i, $events[i] AS ev
       CREATE (:MemoryEvent {space: $space, userId: $user, seq: $seq0 + i + 1, kind: ev.kind, nodeId: ev.nodeId,
               objectId: ev.objectId, episodeId: ev.episodeId, at: ev.at, recordedAt: ev.recordedAt,
               detail: ev.detail})
       WITH count(*) AS n
       MATCH (u:User {space: $space, userId: $user})
       SET u.eventSeq = $seq0 + n`,
    {
      ...scope,
      seq0: neo4jPackage().int(seq0),
      events: events.map((e) => ({ ...e, at: neoDateTime(e.at), recordedAt: neoDateTime(e.recordedAt) })),
    },
  );
}
