/**
 * Retrieval (paper §3.2.2): the top-k semantic statements for the instruction, then along the
 * graph to their objects, gathering each object's instructions and episodic memories.
 *
 * Scoring, recency-aware. For a statement s with similarity sim = φ(I)·φ(s) (normalized
 * vectors) reached through an Object→Statement edge e made at time t_e:
 *
 *   score(s, e) = (1 − w) · sim + w · 2^(−(now − t_e) / H)            (w = memory.recencyWeight,
 *                                                                      H = recencyHalfLifeDays)
 * and when s has a newer edge to another object, e is superseded: score × SUPERSEDED (0.5).
 * So when a context moved to a different object, the newest edge wins. Statements are ranked
 * by their best edge score (over-fetching OVERFETCH·k by similarity first), the top k kept; an
 * object's score is the best score of the statements that led to it. Statements with
 * similarity ≤ 0 are left out.
 */
import type { MemoryCandidate } from "./candidate.ts";
import type { Embedder } from "./embedders/embedder.ts";
import { type MemoryStore, requireUser, type StatementLink } from "./store.ts";

export const SUPERSEDED = 0.5;
const OVERFETCH = 4;
const DAY_MS = 86_400_000;

export interface RetrieveOptions {
  k?: number;
  /** "now" for recency (ms); default Date.now() */
  now?: number;
  recencyWeight?: number;
  recencyHalfLifeDays?: number;
}

export interface RetrievedStatement {
  statementId: string;
  text: string;
  similarity: number;
  score: number;
  /** objects this statement leads to, newest edge first */
  links: { objectId: string; at: number; score: number; superseded: boolean }[];
}

export interface Retrieval {
  embedder: string;
  statements: RetrievedStatement[];
  candidates: MemoryCandidate[];
}

export function recencyScore(similarity: number, at: number, now: number, w: number, halfLifeDays: number): number {
  const age = Math.max(0, now - at);
  return (1 - w) * similarity + w * 2 ** (-age / (halfLifeDays * DAY_MS));
}

export async function retrieveDetailed(
  store: MemoryStore,
  embedder: Embedder,
  userId: string,
  instruction: string,
  opts: RetrieveOptions = {},
): Promise<Retrieval> {
  const user = requireUser(userId);
  const k = opts.k ?? 5;
  const now = opts.now ?? Date.now();
  const w = opts.recencyWeight ?? 0.1;
  const halfLife = opts.recencyHalfLifeDays ?? 30;
  const [query] = await embedder.embed([instruction]);
  // a statement that shares nothing with the instruction (similarity ≤ 0) is noise, not memory
  const hits = (await store.searchStatements(user, query, k * OVERFETCH)).filter((h) => h.similarity > 0);
  const links = await store.statementLinks(
    user,
    hits.map((h) => h.statement.id),
  );
  const byStatement = new Map<string, StatementLink[]>();
  for (const l of links) {
    const list = byStatement.get(l.statementId) ?? [];
    list.push(l);
    byStatement.set(l.statementId, list);
  }
  const scored: RetrievedStatement[] = hits.map((h) => {
    // links come newest first; several edges to one object keep only its newest
    const seen = new Set<string>();
    const edges = (byStatement.get(h.statement.id) ?? []).filter((l) => !seen.has(l.objectId) && seen.add(l.objectId));
    const newest = edges[0]?.at ?? h.statement.createdAt;
    const out = edges.map((l) => {
      const superseded = l.at < newest;
      const base = recencyScore(h.similarity, l.at, now, w, halfLife);
      return { objectId: l.objectId, at: l.at, score: superseded ? base * SUPERSEDED : base, superseded };
    });
    return {
      statementId: h.statement.id,
      text: h.statement.text,
      similarity: h.similarity,
      score: out.length ? Math.max(...out.map((o) => o.score)) : recencyScore(h.similarity, newest, now, w, halfLife),
      links: out,
    };
  });
  scored.sort((a, b) => b.score - a.score);
  const top = scored.slice(0, k);

  const objectScore = new Map<string, number>();
  const led = new Map<string, Map<string, { score: number; at: number }>>();
  for (const s of top) {
    for (const l of s.links) {
      objectScore.set(l.objectId, Math.max(objectScore.get(l.objectId) ?? Number.NEGATIVE_INFINITY, l.score));
      const m = led.get(l.objectId) ?? new Map();
      m.set(s.statementId, { score: l.score, at: l.at });
      led.set(l.objectId, m);
    }
  }
  const memories = await store.objectMemories(user, [...objectScore.keys()]);
  const candidates: MemoryCandidate[] = memories.map((m) => {
    const retrieved = led.get(m.object.objectId) ?? new Map();
    const seen = new Set<string>();
    const statements = m.statements
      .filter((s) => !seen.has(s.id) && seen.add(s.id))
      .map((s) => ({ id: s.id, text: s.text, timestamp: s.at, score: retrieved.get(s.id)?.score }))
      // the statements that led here first (best first), then the object's others, newest first
      .sort((a, b) => (b.score ?? -1e9) - (a.score ?? -1e9));
    return {
      userId: user,
      objectId: m.object.objectId,
      category: m.object.category ?? undefined,
      score: objectScore.get(m.object.objectId) ?? 0,
      statements: statements.map((s) =>
        s.score === undefined ? { id: s.id, text: s.text, timestamp: s.timestamp } : s,
      ),
      instructions: m.instructions.map((i) => ({ episodeId: i.episodeId, text: i.text, timestamp: i.at })),
      episodic: m.episodic.map((e) => ({ episodeId: e.episodeId, text: e.text, timestamp: e.at, success: e.success })),
      referenceImages: m.images.flatMap((i) => (i.path ? [{ path: i.path, timestamp: i.at }] : [])),
    };
  });
  candidates.sort((a, b) => b.score - a.score || a.objectId.localeCompare(b.objectId));
  return { embedder: embedder.name, statements: top, candidates };
}

/** The candidate objects for an instruction, best first (what grounding and planning use). */
export async function retrieve(
  store: MemoryStore,
  embedder: Embedder,
  userId: string,
  instruction: string,
  opts: RetrieveOptions = {},
): Promise<MemoryCandidate[]> {
  return (await retrieveDetailed(store, embedder, userId, instruction, opts)).candidates;
}
