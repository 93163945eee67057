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
 * Statements with similarity ≤ 0 are left out. A statement of looks alone counts LOOKS_ONLY of its
 * similarity for a request (or part) that names no looks. A request's parts are taken from its description
 * of the object, its asking removed (src/language/requests.ts).
 */

import {
  conceptCoverage,
  conceptsIn,
  describedPart,
  descriptiveClauses,
  glossed,
  knownWord,
  namesLooks,
  onlyLooks,
  read,
  wordSet,
} from "../language/index.ts";
import type { MemoryCandidate } from "../mllm/index.ts";
import type { Embedder } from "./embedders/embedder.ts";
import { type MemoryStore, requireUser, type StatementHit, type StatementLink } from "./store.ts";

export const SUPERSEDED = 0.5;
const OVERFETCH = 4;
/** how far a search widens (×4 each time) when statements after `now` crowd the top hits */
const MAX_FETCH = 1024;
/** bridge statements followed per query */
const BRIDGES = 2;
const DAY_MS = 86_400_000;
/** what naming all of a request's concepts adds to an object's score (similarities run 0.2–0.6) */
const CONCEPT_WEIGHT = 0.2;
/**
 * What sharing the request's rare words is worth at most: a word the user used of one object
 * only (a person's name, a place, an odd noun: "Kirsty", "the bothy") says more than a small
 * sentence embedder hears in it, most of all in dialect, typos and second-language English,
 * where the embedding of the whole sentence drifts and the name is still spelt the same.
 */
const RARE_WORDS_WEIGHT = 0.15;
/** statements searched per part of a compositional request: enough to reach every object's best */
const PART_FETCH = 256;
/**
 * A statement that says only how its object looks ("the ball is teal and floral"), met by a
 * request (or part) that names no colour, pattern or material: its similarity counts this much.
 * Such a statement still tells the object's category (a request for "what I take pictures with"
 * meets "the camera is grey"), but short statements of looks sit close to every short request, and
 * it won over the fact that answered it ("… for special occasions") at similarities of 0.3.
 * Chosen on the development sets by Polar-mode grounding (scripts/dev/grounding-check.ts over
 * polar-dev, polar-dev2, voices-dev and fresh seeds 6161, 6262, 6363): 295 → 301 of 353 grounded
 * right at 0.8, no set lower; at 0.7 polar-dev lost 3, at 0.9 dev6161 gained nothing; leaving such
 * statements out (0) lost polar-dev 3.
 */
const LOOKS_ONLY = 0.8;

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
  /** reached through this bridge statement (a fact about another entity), not the query itself */
  via?: { statementId: string; text: string; similarity: number };
}

/** A fact about the user or another entity that the query met (it leads to no object itself). */
export interface RetrievedBridge {
  statementId: string;
  text: string;
  similarity: number;
}

export interface Retrieval {
  embedder: string;
  statements: RetrievedStatement[];
  bridges: RetrievedBridge[];
  candidates: MemoryCandidate[];
}

/** An edge as it stood at `now`: absent if made later, superseded only if that happened by then. */
function asOf(l: StatementLink, now: number): { at: number; superseded: boolean } | null {
  if (l.at > now) return null;
  return { at: l.at, superseded: l.invalidAt !== null && l.invalidAt <= now };
}

/** Top hits by similarity (> 0), widening the search until `want` of them existed at `now`. */
async function searchAsOf(
  store: MemoryStore,
  user: string,
  vector: Float32Array,
  want: number,
  now: number,
): Promise<{ hits: StatementHit[]; links: Map<string, StatementLink[]> }> {
  for (let limit = want; ; limit *= 4) {
    const hits = (await store.searchStatements(user, vector, limit)).filter((h) => h.similarity > 0);
    const links = new Map<string, StatementLink[]>();
    for (const l of await store.statementLinks(
      user,
      hits.map((h) => h.statement.id),
    )) {
      const list = links.get(l.statementId) ?? [];
      list.push(l);
      links.set(l.statementId, list);
    }
    const existed = hits.filter((h) => (links.get(h.statement.id) ?? []).some((l) => asOf(l, now)));
    if (existed.length >= want || hits.length < limit || limit >= MAX_FETCH) return { hits: existed, links };
  }
}

export function recencyScore(similarity: number, at: number, now: number, w: number, halfLifeDays: number): number {
  const age = Math.max(0, now - at);
  return (1 - w) * similarity + w * 2 ** (-age / (halfLifeDays * DAY_MS));
}

/** What every phase of one retrieval reads: whose memory, as of when, and how edges are scored. */
interface Scope {
  store: MemoryStore;
  embedder: Embedder;
  user: string;
  k: number;
  now: number;
  w: number;
  halfLife: number;
}

type ObjectMemories = Awaited<ReturnType<MemoryStore["objectMemories"]>>;

/** Objects' memories for one retrieval: each object read from the store once, whichever step asks first. */
class MemoryReads {
  private readonly byId = new Map<string, ObjectMemories[number]>();
  constructor(private readonly scope: Scope) {}

  async of(ids: Iterable<string>): Promise<ObjectMemories> {
    const wanted = [...new Set(ids)];
    const missing = wanted.filter((id) => !this.byId.has(id));
    if (missing.length)
      for (const m of await this.scope.store.objectMemories(this.scope.user, missing))
        this.byId.set(m.object.objectId, m);
    return wanted.flatMap((id) => this.byId.get(id) ?? []);
  }
}

/** The texts of an object's statements that held at `now`. */
function heldAt(now: number, m: ObjectMemories[number]): string[] {
  return m.statements.filter((s) => s.at <= now && (s.invalidAt === null || s.invalidAt > now)).map((s) => s.text);
}

export async function retrieveDetailed(
  store: MemoryStore,
  embedder: Embedder,
  userId: string,
  instruction: string,
  opts: RetrieveOptions = {},
): Promise<Retrieval> {
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
  const top = scored.slice(0, scope.k);
  const leads = new Leads();
  for (const s of top) for (const l of s.links) leads.add(s, l);
  // A request that names everyday concepts ("the cold months", "my closest pal") is also matched
  // concept by concept, over the objects of every statement fetched, not only the top k's: the
  // object whose memories name all of them may sit below statements that share its wording.
  const requested = conceptsIn(describedPart(instruction));
  const whole = requested.length ? bestPerObject(scored) : new Map(leads.objectScore);
  const ranking = await rankByParts(scope, instruction, whole, leads);
  const reads = new MemoryReads(scope);
  if (requested.length) await addConceptCoverage(scope, reads, requested, ranking);
  await addRareWords(scope, reads, instruction, ranking, bestPerObject(scored));
  const kept = new Map([...ranking].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, scope.k));
  const memories = await reads.of(kept.keys());
  const candidates = memories.map((m) => candidateOf(scope, m, leads, kept.get(m.object.objectId) ?? 0));
  candidates.sort((a, b) => b.score - a.score || a.objectId.localeCompare(b.objectId));
  return { embedder: embedder.name, statements: top, bridges, candidates };
}

/** A statement's object edges as of `now`, the newest per object, scored; null if it leads to none. */
function scoreHit(
  scope: Scope,
  h: StatementHit,
  edges: StatementLink[],
  similarity: number,
): RetrievedStatement | null {
  // links come newest first; several edges to one object keep only its newest
  const seen = new Set<string>();
  const out: RetrievedStatement["links"] = [];
  for (const l of edges) {
    const e = l.objectId === null ? null : asOf(l, scope.now);
    if (!e || l.objectId === null || seen.has(l.objectId)) continue;
    seen.add(l.objectId);
    const base = recencyScore(similarity, e.at, scope.now, scope.w, scope.halfLife);
    out.push({
      objectId: l.objectId,
      at: e.at,
      score: e.superseded ? base * SUPERSEDED : base,
      superseded: e.superseded,
    });
  }
  if (out.length === 0) return null;
  return {
    statementId: h.statement.id,
    text: h.statement.text,
    similarity,
    score: Math.max(...out.map((o) => o.score)),
    links: out,
  };
}

/** A hit's similarity as the request weighs it: a statement of looks alone counts less when no looks were asked for. */
function asked(h: StatementHit, looksAsked: boolean): number {
  return !looksAsked && onlyLooks(h.statement.text) ? h.similarity * LOOKS_ONLY : h.similarity;
}

/** Each statement at its best score over every search that reached it. */
class StatementPool {
  private readonly best = new Map<string, RetrievedStatement>();

  keep(r: RetrievedStatement): void {
    if (r.score > (this.best.get(r.statementId)?.score ?? Number.NEGATIVE_INFINITY)) this.best.set(r.statementId, r);
  }

  ranked(): RetrievedStatement[] {
    return [...this.best.values()].sort((a, b) => b.score - a.score || b.similarity - a.similarity);
  }
}

/** Which retrieved statements led to each object, at their best score, and each object's best. */
class Leads {
  readonly objectScore = new Map<string, number>();
  readonly led = new Map<string, Map<string, { score: number; at: number }>>();

  add(s: RetrievedStatement, l: RetrievedStatement["links"][number]): void {
    this.objectScore.set(l.objectId, Math.max(this.objectScore.get(l.objectId) ?? Number.NEGATIVE_INFINITY, l.score));
    this.lead(s, l);
  }

  /** a statement that led to the object, without changing its score (a part's search) */
  lead(s: RetrievedStatement, l: RetrievedStatement["links"][number]): void {
    const m = this.led.get(l.objectId) ?? new Map();
    if (l.score > (m.get(s.statementId)?.score ?? Number.NEGATIVE_INFINITY))
      m.set(s.statementId, { score: l.score, at: l.at });
    this.led.set(l.objectId, m);
  }
}

function bestPerObject(statements: RetrievedStatement[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of statements)
    for (const l of s.links) out.set(l.objectId, Math.max(out.get(l.objectId) ?? Number.NEGATIVE_INFINITY, l.score));
  return out;
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

/**
 * A compositional request: each descriptive part (taken from its description of the object,
 * without the asking, which would make a part of its own) is searched on its own over every
 * statement the user has, and an object scores by how well its valid statements cover all the
 * parts: per part, its best statement against the best any object has for that part, averaged.
 * Superseded statements count for nothing here (a fact that stopped holding covers no part).
 * The coverage is blended with the whole request's score, so an object one part describes a
 * little better no longer beats the one every part describes. A request of one part ranks by
 * the whole request alone.
 */
async function rankByParts(
  scope: Scope,
  instruction: string,
  whole: Map<string, number>,
  leads: Leads,
): Promise<Map<string, number>> {
  const clauses = descriptiveClauses(describedPart(instruction));
  if (clauses.length < 2) return new Map(whole);
  const vectors = await scope.embedder.embed(clauses.map(glossed));
  const perClause: Map<string, number>[] = [];
  for (const [i, v] of vectors.entries()) {
    const hits = await searchAsOf(scope.store, scope.user, v, PART_FETCH, scope.now);
    const bestFor = new Map<string, number>();
    const looksAsked = namesLooks(clauses[i]);
    for (const [rank, h] of hits.hits.entries()) {
      const r = scoreHit(scope, h, hits.links.get(h.statement.id) ?? [], asked(h, looksAsked));
      if (!r) continue;
      for (const l of r.links) {
        if (l.superseded) continue;
        bestFor.set(l.objectId, Math.max(bestFor.get(l.objectId) ?? 0, l.score));
        if (rank < scope.k * OVERFETCH) leads.lead(r, l);
      }
    }
    perClause.push(bestFor);
  }
  return combineParts(whole, perClause);
}

/** Adds to each ranked object what naming the request's concepts in its valid statements is worth. */
async function addConceptCoverage(
  scope: Scope,
  reads: MemoryReads,
  requested: ReturnType<typeof conceptsIn>,
  ranking: Map<string, number>,
): Promise<void> {
  for (const m of await reads.of(ranking.keys())) {
    const covered = conceptCoverage(requested, heldAt(scope.now, m));
    ranking.set(m.object.objectId, (ranking.get(m.object.objectId) ?? 0) + CONCEPT_WEIGHT * covered);
  }
}

/**
 * Adds to each object what the names a one-part request shares with it are worth (sharedNames),
 * at most RARE_WORDS_WEIGHT. An object the statements fetched reached, not yet ranked, enters with its
 * best statement's score when it shares any.
 */
async function addRareWords(
  scope: Scope,
  reads: MemoryReads,
  instruction: string,
  ranking: Map<string, number>,
  reached: Map<string, number>,
): Promise<void> {
  const ids = [...new Set([...ranking.keys(), ...reached.keys()])];
  // a request of several parts is ranked by how evenly an object covers them (rankByParts): a
  // name in one part must not outweigh an object that covers both
  if (ids.length < 2 || descriptiveClauses(describedPart(instruction)).length > 1) return;
  const valid = new Map((await reads.of(ids)).map((m) => [m.object.objectId, heldAt(scope.now, m)]));
  for (const [id, share] of sharedNames(describedPart(instruction), valid)) {
    const base = ranking.get(id) ?? reached.get(id) ?? 0;
    ranking.set(id, base + RARE_WORDS_WEIGHT * share);
  }
}

/**
 * Pure: per object, how much of a name of its own the request shares with its statements (0–1):
 * each name the request uses that the object's statements hold counts by how few of the objects
 * hold it (log N/df over log N: a name only it holds is 1, a word every object holds 0).
 * Objects sharing none are left out.
 */
export function sharedNames(request: string, statements: Map<string, string[]>): Map<string, number> {
  const out = new Map<string, number>();
  const names = namesIn(request);
  const n = statements.size;
  if (names.size === 0 || n < 2) return out;
  const words = new Map([...statements].map(([id, texts]) => [id, wordSet(texts.join(" "))]));
  const df = new Map<string, number>();
  for (const ws of words.values()) for (const w of names) if (ws.has(w)) df.set(w, (df.get(w) ?? 0) + 1);
  for (const [id, ws] of words) {
    let shared = 0;
    for (const w of names) if (ws.has(w)) shared += Math.log(n / (df.get(w) ?? n));
    if (shared > 0) out.set(id, Math.min(1, shared / Math.log(n)));
  }
  return out;
}

/**
 * The names a request uses (people, places, pets): the library's proper nouns, as content words,
 * except one opening a sentence, where a capital says nothing ("Shoes I use for that now?",
 * "Pre-shift."): a name there is missed rather than a word taken for one. Typed all in lower case,
 * a name has no capital to show it: there a word the English lexicon lacks is taken for one
 * (a typo is too, and counts only where the user typed it the same way before).
 */
function namesIn(text: string): Set<string> {
  const toks = read(text).tokens;
  const names = toks.filter(
    (t, i) =>
      (t.pos === "PROPN" && /^[A-Z]/.test(t.text) && i > 0 && !/^[.!?]+$/.test(toks[i - 1].text)) ||
      (/^\p{Ll}{3,}$/u.test(t.text) && !knownWord(t.text)),
  );
  return wordSet(names.map((t) => t.text).join(" "));
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
    referenceImages: m.images.flatMap((i) => (i.path ? [{ path: i.path, timestamp: i.at }] : [])),
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

/**
 * An object's score for a request of several parts: half the whole request's score, half its
 * coverage of the parts, which is its mean best score over the parts times how evenly it covers
 * them (each part's score against the best any object has for it; their geometric mean, so a part
 * the object hardly covers pulls it down, where an arithmetic mean let a strong match to one part
 * make up for a missing one). `perClause`: per part, each object's best valid statement score.
 */
export function combineParts(whole: Map<string, number>, perClause: Map<string, number>[]): Map<string, number> {
  const objects = new Set([...whole.keys(), ...perClause.flatMap((m) => [...m.keys()])]);
  const top = perClause.map((m) => Math.max(0, ...m.values()));
  return new Map(
    [...objects].map((o) => {
      const absolute = perClause.reduce((sum, m) => sum + (m.get(o) ?? 0), 0) / perClause.length;
      const relative =
        perClause.reduce((prod, m, i) => prod * (top[i] > 0 ? (m.get(o) ?? 0) / top[i] : 0), 1) **
        (1 / perClause.length);
      return [o, 0.5 * (whole.get(o) ?? 0) + 0.5 * absolute * relative] as const;
    }),
  );
}
