/**
 * The generator's structured world: which context facts each acquisition episode asserts, and
 * how they combine over time. Resolution follows the dataset's semantics (see schema.ts):
 * a later fact about the same object and dimension replaces the earlier one, and for an
 * exclusive dimension a later fact with the same value moves that value to its new object.
 */
import { type ContextDimension, EXCLUSIVE_DIMENSIONS, type QueryConstraint } from "../scenario-schema.ts";

export interface Fact {
  episodeId: string;
  objectId: string;
  dimension: ContextDimension;
  value: string;
  /** ISO timestamp of the episode that asserted it */
  time: string;
}

const byTime = (a: Fact, b: Fact) => a.time.localeCompare(b.time) || a.episodeId.localeCompare(b.episodeId);

/** The facts still valid after every later statement has been applied. */
export function currentFacts(facts: readonly Fact[]): Fact[] {
  const perObject = new Map<string, Fact>();
  for (const f of [...facts].sort(byTime)) {
    if (EXCLUSIVE_DIMENSIONS.includes(f.dimension))
      for (const [key, g] of perObject)
        if (g.dimension === f.dimension && g.value === f.value && g.objectId !== f.objectId) perObject.delete(key);
    perObject.set(`${f.objectId}\u0000${f.dimension}`, f);
  }
  return [...perObject.values()].sort(byTime);
}

/** Objects whose current facts satisfy every constraint (sorted ids). */
export function resolve(facts: readonly Fact[], query: readonly QueryConstraint[]): string[] {
  const current = currentFacts(facts);
  const has = new Map<string, Set<string>>();
  for (const f of current) {
    const set = has.get(f.objectId) ?? new Set<string>();
    set.add(`${f.dimension}/${f.value}`);
    has.set(f.objectId, set);
  }
  return [...has.entries()]
    .filter(([, s]) => query.every((q) => s.has(`${q.dimension}/${q.value}`)))
    .map(([id]) => id)
    .sort();
}
