/**
 * What a request's own words add to an object's score beyond similarity: the everyday concepts it
 * names, met in the object's statements, and the rare names (people, places, pets) it shares.
 */
import {
  conceptCoverage,
  type conceptsIn,
  describedPart,
  descriptiveClauses,
  namesIn,
  wordSet,
} from "../language/index.ts";
import { heldAt, type MemoryReads, type Scope } from "./retrieve-search.ts";

/** what naming all of a request's concepts adds to an object's score (similarities run 0.2–0.6) */
const CONCEPT_WEIGHT = 0.2;
/**
 * What sharing the request's rare words is worth at most: a word the user used of one object
 * only (a person's name, a place, an odd noun: "Kirsty", "the bothy") says more than a small
 * sentence embedder hears in it, most of all in dialect, typos and second-language English,
 * where the embedding of the whole sentence drifts and the name is still spelt the same.
 */
const RARE_WORDS_WEIGHT = 0.15;

/** Adds to each ranked object what naming the request's concepts in its valid statements is worth. */
export async function addConceptCoverage(
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
export async function addRareWords(
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
