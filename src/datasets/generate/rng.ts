/** The generator's own seeded PRNG (mulberry32), so a set depends only on its seed. */
export class Rng {
  private s: number;
  private readonly seed: number;
  constructor(seed: number) {
    this.seed = seed >>> 0 || 0x9e3779b9;
    this.s = this.seed;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hiInclusive: number): number {
    return lo + Math.floor(this.next() * (hiInclusive - lo + 1));
  }
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
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
    let h = 0x811c9dc5 ^ this.seed;
    for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
    return new Rng(h >>> 0);
  }
}

/** Seed-derived generator for a named part: same seed and name, same sequence. */
export function rngFor(seed: number, name: string): Rng {
  return new Rng(seed).fork(name);
}
