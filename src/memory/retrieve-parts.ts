/**
 * A request of several descriptive parts: each part searched on its own, and an object scored by
 * how well and how evenly its statements cover them, blended with the whole request's score.
 */
import { describedPart, descriptiveClauses, glossed, namesLooks } from "../language/index.ts";
import { asked, type Leads, OVERFETCH, type Scope, scoreHit, searchAsOf } from "./retrieve-search.ts";

/** statements searched per part of a compositional request: enough to reach every object's best */
const PART_FETCH = 256;

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
export async function rankByParts(
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
