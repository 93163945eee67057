/**
 * Retrieval's statement search and scoring (retrieve.ts has the method): one retrieval's scope,
 * statements searched as the graph stood at `now`, their object edges scored with recency and
 * supersession, and the bookkeeping of which statements led to which object.
 */
import { onlyLooks } from "../language/index.ts";
import type { Embedder } from "./embedders/embedder.ts";
import type { MemoryStore, StatementHit, StatementLink } from "./store.ts";

export const SUPERSEDED = 0.5;
export const OVERFETCH = 4;
/** how far a search widens (×4 each time) when statements after `now` crowd the top hits */
const MAX_FETCH = 1024;
const DAY_MS = 86_400_000;
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

/** What every phase of one retrieval reads: whose memory, as of when, and how edges are scored. */
export interface Scope {
  store: MemoryStore;
  embedder: Embedder;
  user: string;
  k: number;
  now: number;
  w: number;
  halfLife: number;
}

export type ObjectMemories = Awaited<ReturnType<MemoryStore["objectMemories"]>>;

/** Objects' memories for one retrieval: each object read from the store once, whichever step asks first. */
export class MemoryReads {
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
export function heldAt(now: number, m: ObjectMemories[number]): string[] {
  return m.statements.filter((s) => s.at <= now && (s.invalidAt === null || s.invalidAt > now)).map((s) => s.text);
}

/** An edge as it stood at `now`: absent if made later, superseded only if that happened by then. */
export function asOf(l: StatementLink, now: number): { at: number; superseded: boolean } | null {
  if (l.at > now) return null;
  return { at: l.at, superseded: l.invalidAt !== null && l.invalidAt <= now };
}

/** Top hits by similarity (> 0), widening the search until `want` of them existed at `now`. */
export async function searchAsOf(
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

/** A statement's object edges as of `now`, the newest per object, scored; null if it leads to none. */
export function scoreHit(
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
export function asked(h: StatementHit, looksAsked: boolean): number {
  return !looksAsked && onlyLooks(h.statement.text) ? h.similarity * LOOKS_ONLY : h.similarity;
}

/** Each statement at its best score over every search that reached it. */
export class StatementPool {
  private readonly best = new Map<string, RetrievedStatement>();

  keep(r: RetrievedStatement): void {
    if (r.score > (this.best.get(r.statementId)?.score ?? Number.NEGATIVE_INFINITY)) this.best.set(r.statementId, r);
  }

  ranked(): RetrievedStatement[] {
    return [...this.best.values()].sort((a, b) => b.score - a.score || b.similarity - a.similarity);
  }
}

/** Which retrieved statements led to each object, at their best score, and each object's best. */
export class Leads {
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

export function bestPerObject(statements: RetrievedStatement[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of statements)
    for (const l of s.links) out.set(l.objectId, Math.max(out.get(l.objectId) ?? Number.NEGATIVE_INFINITY, l.score));
  return out;
}
