/**
 * A pure function of strings remembered by its key, for the readers that the learner calls at
 * every word of every reading it tries (a room at each position, a label's key): most calls repeat
 * one a moment before. Bounded: past `max` keys it starts afresh, so a long-running server that
 * reads many houses' messages does not grow.
 */
export function memoByKey<A extends unknown[], R>(
  key: (...args: A) => string,
  fn: (...args: A) => R,
  max = 20_000,
): (...args: A) => R {
  const seen = new Map<string, R>();
  return (...args: A): R => {
    const k = key(...args);
    if (seen.has(k)) return seen.get(k) as R;
    const r = fn(...args);
    if (seen.size >= max) seen.clear();
    seen.set(k, r);
    return r;
  };
}
