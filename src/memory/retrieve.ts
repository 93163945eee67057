/**
 * Retrieval (paper §3.2.2): the top-k semantic statements for the instruction, then along the
 * graph to their objects, gathering each object's instructions and episodic memories.
 *
 * Scoring, recency-aware. For a statement s with similarity sim = φ(I)·φ(s) (normalized
 * vectors) reached through an Object→Statement edge e made at time t_e:
 *
 *   score(s, e) = (1 − w) · sim + w · 2^(−(now − t_e) / H)            (w = memory.recencyWeight,
 *                                                                      H = recencyHalfLifeDays)
 * and when memorization superseded e (its `invalidAt` ≤ now: a later statement about the same
 * object and kind, or an exclusive context that moved to another object), score × SUPERSEDED
 * (0.5). Superseded edges are demoted, not dropped: the statement-kind classifier that decides
 * supersession is heuristic, and a wrong call should cost rank, not the memory.
 *
 * Time: retrieval at `now` sees the graph as it was then. Edges made after `now` do not exist
 * yet, and an edge superseded after `now` still held. Instructions and episodic memories after
 * `now` are left out of the candidates too.
 *
 * Bridges: a statement about the user or another entity ("Rex is the user's neighbour's dog",
 * a KNOWS edge) leads to no object, so it never takes a candidate's place. When the query meets
 * one (up to BRIDGES of them), its text is searched in turn, and the object statements it reaches
 * enter the ranking with similarity sim(I, bridge) · sim(bridge, s): one hop through what the
 * user told about someone else, always weaker than either step alone.
 *
 * Statements are ranked by their best edge score (over-fetching OVERFETCH·k by similarity
 * first), the top k kept; an object's score is the best score of the statements that led to it.
 * A request made of several descriptions (src/language/clauses.ts) also searches each on its own: an
 * object's score is then the mean of the whole request's score and its coverage of the parts (combineParts).
 * When none of the top k objects is of the category the request names, that category's ranked
 * objects join them (retrieve-category.ts). Statements with similarity ≤ 0 are left out. A statement of looks alone counts LOOKS_ONLY of its
 * similarity for a request (or part) that names no looks. A request's parts are taken from its description
 * of the object, its asking removed (src/language/requests.ts).
 *
 * This file runs the method; the statement search and edge scoring are in retrieve-search.ts, the
 * parts of a request in retrieve-parts.ts, and what the request's own words add in retrieve-words.ts.
 */

import { conceptsIn, describedPart, glossed, namesLooks, withoutWordsToListener } from "../language/index.ts";
import type { MemoryCandidate } from "../mllm/index.ts";
import type { Embedder } from "./embedders/embedder.ts";
import { withNamedCategory } from "./retrieve-category.ts";
import { rankByParts } from "./retrieve-parts.ts";
import {
  asked,
  asOf,
  bestPerObject,
  Leads,
  MemoryReads,
  type ObjectMemories,
  OVERFETCH,
  type RetrievedBridge,
  type RetrievedStatement,
  type Scope,
  StatementPool,
  scoreHit,
  searchAsOf,
} from "./retrieve-search.ts";
import { addConceptCoverage, addRareWords } from "./retrieve-words.ts";
import { type MemoryStore, requireUser } from "./store.ts";

export type { RetrievedBridge, RetrievedStatement };

/** bridge statements followed per query */
const BRIDGES = 2;

export interface RetrieveOptions {
  k?: number;
  /** "now" for recency (ms); default Date.now() */
  now?: number;
  recencyWeight?: number;
  recencyHalfLifeDays?: number;
}

export interface Retrieval {
  embedder: string;
  statements: RetrievedStatement[];
  bridges: RetrievedBridge[];
  candidates: MemoryCandidate[];
}

export async function retrieveDetailed(
  store: MemoryStore,
  embedder: Embedder,
  userId: string,
  instruction: string,
  opts: RetrieveOptions = {},
): Promise<Retrieval> {
  instruction = withoutWordsToListener(instruction);
  const scope: Scope = {
    store,
    embedder,
    user: requireUser(userId),
    k: opts.k ?? 5,
    now: opts.now ?? Date.now(),
    w: opts.recencyWeight ?? 0.1,
    halfLife: opts.recencyHalfLifeDays ?? 30,
  };
  const pool = new StatementPool();
  const bridges = await searchRequest(scope, instruction, pool);
  await followBridges(scope, bridges, pool);
  const scored = pool.ranked();
  const topStatements = scored.slice(0, scope.k);
  const leads = new Leads();
  for (const s of topStatements) for (const l of s.links) leads.add(s, l);
  // A request that names everyday concepts ("the cold months", "my closest pal") is also matched
  // concept by concept, over the objects of every statement fetched, not only the top k's: the
  // object whose memories name all of them may sit below statements that share its wording.
  const requested = conceptsIn(describedPart(instruction));
  const whole = requested.length ? bestPerObject(scored) : new Map(leads.objectScore);
  const ranking = await rankByParts(scope, instruction, whole, leads);
  const reads = new MemoryReads(scope);
  if (requested.length) await addConceptCoverage(scope, reads, requested, ranking);
  await addRareWords(scope, reads, instruction, ranking, bestPerObject(scored));
  const top = new Map([...ranking].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, scope.k));
  const kept = await withNamedCategory(scope, reads, instruction, ranking, top);
  const memories = await reads.of(kept.keys());
  const candidates = memories.map((m) => candidateOf(scope, m, leads, kept.get(m.object.objectId) ?? 0));
  candidates.sort((a, b) => b.score - a.score || a.objectId.localeCompare(b.objectId));
  return { embedder: embedder.name, statements: topStatements, bridges, candidates };
}

/**
 * The whole request as the query, as the user said it (its asking costs little: the embedder
 * weighs the description). Returns the bridges it met: facts about the user or someone else.
 */
async function searchRequest(scope: Scope, instruction: string, pool: StatementPool): Promise<RetrievedBridge[]> {
  const [query] = await scope.embedder.embed([glossed(instruction)]);
  // a statement that shares nothing with the instruction (similarity ≤ 0) is noise, not memory
  const direct = await searchAsOf(scope.store, scope.user, query, scope.k * OVERFETCH, scope.now);
  const bridges: RetrievedBridge[] = [];
  const looksAsked = namesLooks(describedPart(instruction));
  for (const h of direct.hits) {
    const edges = direct.links.get(h.statement.id) ?? [];
    const r = scoreHit(scope, h, edges, asked(h, looksAsked));
    if (r) pool.keep(r);
    // a fact about the user or someone else that held at `now`: a bridge, not a candidate
    else if (edges.some((l) => l.objectId === null && asOf(l, scope.now)?.superseded === false))
      bridges.push({ statementId: h.statement.id, text: h.statement.text, similarity: h.similarity });
  }
  return bridges;
}

/** One hop through what the user told about someone else: each bridge's text searched in turn. */
async function followBridges(scope: Scope, bridges: RetrievedBridge[], pool: StatementPool): Promise<void> {
  const followed = bridges.slice(0, BRIDGES);
  const hopVectors = followed.length ? await scope.embedder.embed(followed.map((b) => glossed(b.text))) : [];
  for (const [i, b] of followed.entries()) {
    const hop = await searchAsOf(scope.store, scope.user, hopVectors[i], scope.k * OVERFETCH, scope.now);
    for (const h of hop.hits) {
      const r = scoreHit(scope, h, hop.links.get(h.statement.id) ?? [], b.similarity * h.similarity);
      if (r) pool.keep({ ...r, via: { statementId: b.statementId, text: b.text, similarity: h.similarity } });
    }
  }
}

/** An object's memory as the agent gets it: what held at `now`, the statements that led here first. */
function candidateOf(scope: Scope, m: ObjectMemories[number], leads: Leads, score: number): MemoryCandidate {
  const { now } = scope;
  const retrieved = leads.led.get(m.object.objectId) ?? new Map<string, { score: number; at: number }>();
  const seen = new Set<string>();
  const statements = m.statements
    // what the object's memory held at `now`: the statements that led here, and its other
    // statements that were neither made later nor superseded by then
    .filter((s) => s.at <= now && (retrieved.has(s.id) || s.invalidAt === null || s.invalidAt > now))
    .filter((s) => !seen.has(s.id) && seen.add(s.id))
    .map((s) => ({
      id: s.id,
      text: s.text,
      timestamp: s.at,
      score: retrieved.get(s.id)?.score,
      superseded: s.invalidAt !== null && s.invalidAt <= now,
    }))
    // the statements that led here first (best first), then the object's others, newest first
    .sort((a, b) => (b.score ?? -1e9) - (a.score ?? -1e9));
  return {
    userId: scope.user,
    objectId: m.object.objectId,
    category: m.object.category ?? undefined,
    score,
    statements: statements.map(({ superseded, ...s }) => {
      const kept = s.score === undefined ? { id: s.id, text: s.text, timestamp: s.timestamp } : s;
      return superseded ? { ...kept, superseded } : kept;
    }),
    instructions: m.instructions
      .filter((i) => i.at <= now)
      .map((i) => ({ episodeId: i.episodeId, text: i.text, timestamp: i.at })),
    episodic: m.episodic
      .filter((e) => e.at <= now)
      .map((e) => ({ episodeId: e.episodeId, text: e.text, timestamp: e.at, success: e.success })),
    // a photo taken later is no more known at `now` than a statement made later (images are newest first)
    referenceImages: m.images.flatMap((i) => (i.path && i.at <= now ? [{ path: i.path, timestamp: i.at }] : [])),
  };
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
