/**
 * Seeded randomness shared by every part that must be reproducible from a seed: procedural
 * houses, generated scenario sets, the raw-interaction sample, bootstrap resampling. One
 * generator (mulberry32: tiny, fast, well distributed) and one string hash (FNV-1a), so a
 * given seed means the same thing everywhere.
 */

/** mulberry32 as a function: the same seed gives the same sequence in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over a string, mixed with a numeric seed: derives independent seeds from names. */
export function fnv1a(text: string, seed = 0): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A seeded generator with the draws procedural generation needs. */
export class Rng {
  private readonly seed: number;
  private readonly draw: () => number;
  constructor(seed: number) {
    // zero would be a fixed point of nothing here, but keeps old sets byte-identical
    this.seed = seed >>> 0 || 0x9e3779b9;
    this.draw = mulberry32(this.seed);
  }
  next(): number {
    return this.draw();
  }
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }
  int(lo: number, hiInclusive: number): number {
    return lo + Math.floor(this.next() * (hiInclusive - lo + 1));
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }
  /** A child generator for a named sub-task: independent of how much the parent was used. */
  fork(name: string): Rng {
    return new Rng(fnv1a(name, this.seed));
  }
}
