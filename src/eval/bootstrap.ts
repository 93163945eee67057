/**
 * Percentile bootstrap confidence intervals for means (rates are means of 0/1), seeded so that
 * a report rebuilt from the same results shows the same intervals.
 */

/** mulberry32: small, fast, good enough for resampling indices. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, to derive a per-group seed from the group's name (independent of group order). */
export function hashSeed(text: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export interface Estimate {
  n: number;
  mean: number;
  lo: number;
  hi: number;
}

export interface BootstrapOptions {
  samples?: number;
  seed?: number;
  /** two-sided confidence level */
  level?: number;
}

export function mean(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return xs.length ? s / xs.length : Number.NaN;
}

/** Linear-interpolated quantile of sorted values. */
function quantile(sorted: Float64Array, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export function bootstrapMean(values: readonly number[], opts: BootstrapOptions = {}): Estimate {
  const n = values.length;
  if (n === 0) return { n, mean: Number.NaN, lo: Number.NaN, hi: Number.NaN };
  const samples = opts.samples ?? 1000;
  const level = opts.level ?? 0.95;
  const rand = rng(opts.seed ?? 0);
  const means = new Float64Array(samples);
  for (let b = 0; b < samples; b++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += values[Math.floor(rand() * n)];
    means[b] = s / n;
  }
  means.sort();
  const m = mean(values);
  const alpha = (1 - level) / 2;
  // Rounding can put a percentile a hair past the mean when every resample equals it.
  return { n, mean: m, lo: Math.min(m, quantile(means, alpha)), hi: Math.max(m, quantile(means, 1 - alpha)) };
}
