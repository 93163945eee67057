/**
 * Paired comparison of two conditions that ran the same episodes (two backbones in one memory
 * mode, or two memory modes on one backbone): the difference in success rate with a paired
 * bootstrap interval (episodes are resampled, each keeping both outcomes), and McNemar's exact
 * test on the discordant pairs. Pairing removes the variation between episodes (an easy
 * episode is easy for both), which two unpaired intervals count twice.
 */
import { type BootstrapOptions, type Estimate, rng as mulberry32 } from "./bootstrap.ts";

export interface Pair {
  id: string;
  a: boolean;
  b: boolean;
}

export interface McNemar {
  /** pairs where only A succeeded */
  onlyA: number;
  /** pairs where only B succeeded */
  onlyB: number;
  /** two-sided exact p: 2·P(X ≤ min(onlyA, onlyB)) for X ~ Binomial(onlyA + onlyB, ½), at most 1 */
  p: number;
}

/** P(X ≤ k) for X ~ Binomial(n, ½), summed in log space so large n neither overflows nor underflows. */
export function binomialHalfCdf(k: number, n: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  let logC = 0; // log C(n, 0)
  let sum = 0;
  const logHalfN = n * Math.log(0.5);
  for (let i = 0; i <= k; i++) {
    if (i > 0) logC += Math.log(n - i + 1) - Math.log(i);
    sum += Math.exp(logC + logHalfN);
  }
  return Math.min(1, sum);
}

/** McNemar's exact test on success: only the discordant pairs carry information. */
export function mcnemarExact(onlyA: number, onlyB: number): McNemar {
  if (!Number.isInteger(onlyA) || !Number.isInteger(onlyB) || onlyA < 0 || onlyB < 0)
    throw new RangeError(`McNemar needs two counts of pairs, got ${onlyA} and ${onlyB}`);
  const n = onlyA + onlyB;
  const p = n === 0 ? 1 : Math.min(1, 2 * binomialHalfCdf(Math.min(onlyA, onlyB), n));
  return { onlyA, onlyB, p };
}

function quantile(sorted: Float64Array, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/**
 * Percentile bootstrap of SR(A) − SR(B) over pairs: each resample draws n pairs with
 * replacement, so the two rates always come from the same episodes.
 */
export function pairedBootstrapDiff(pairs: readonly Pair[], opts: BootstrapOptions = {}): Estimate {
  const n = pairs.length;
  if (n === 0) return { n, mean: Number.NaN, lo: Number.NaN, hi: Number.NaN };
  const samples = opts.samples ?? 1000;
  const level = opts.level ?? 0.95;
  const rand = mulberry32(opts.seed ?? 0);
  const d: number[] = pairs.map((p) => (p.a ? 1 : 0) - (p.b ? 1 : 0));
  const mean = d.reduce((s, x) => s + x, 0) / n;
  const means = new Float64Array(samples);
  for (let s = 0; s < samples; s++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += d[Math.floor(rand() * n)];
    means[s] = sum / n;
  }
  means.sort();
  const alpha = (1 - level) / 2;
  return { n, mean, lo: Math.min(mean, quantile(means, alpha)), hi: Math.max(mean, quantile(means, 1 - alpha)) };
}

/**
 * The unpaired interval of the same difference (each condition's episodes resampled on their
 * own), shown beside the paired one so a reader sees what pairing buys.
 */
export function unpairedBootstrapDiff(pairs: readonly Pair[], opts: BootstrapOptions = {}): Estimate {
  const n = pairs.length;
  if (n === 0) return { n, mean: Number.NaN, lo: Number.NaN, hi: Number.NaN };
  const samples = opts.samples ?? 1000;
  const level = opts.level ?? 0.95;
  const rand = mulberry32(opts.seed ?? 0);
  const a: number[] = pairs.map((p) => (p.a ? 1 : 0));
  const b: number[] = pairs.map((p) => (p.b ? 1 : 0));
  const mean = (a.reduce((s, x) => s + x, 0) - b.reduce((s, x) => s + x, 0)) / n;
  const means = new Float64Array(samples);
  for (let s = 0; s < samples; s++) {
    let sa = 0;
    let sb = 0;
    for (let i = 0; i < n; i++) sa += a[Math.floor(rand() * n)];
    for (let i = 0; i < n; i++) sb += b[Math.floor(rand() * n)];
    means[s] = (sa - sb) / n;
  }
  means.sort();
  const alpha = (1 - level) / 2;
  return { n, mean, lo: Math.min(mean, quantile(means, alpha)), hi: Math.max(mean, quantile(means, 1 - alpha)) };
}

export interface PairedResult {
  n: number;
  srA: number;
  srB: number;
  /** SR(A) − SR(B), paired interval */
  diff: Estimate;
  /** the same difference with an unpaired interval, for contrast */
  unpaired: Estimate;
  mcnemar: McNemar;
  /** the pairs whose outcomes differ, in the order given */
  disagree: Pair[];
}

export function comparePaired(pairs: readonly Pair[], opts: BootstrapOptions = {}): PairedResult {
  const n = pairs.length;
  const onlyA = pairs.filter((p) => p.a && !p.b).length;
  const onlyB = pairs.filter((p) => !p.a && p.b).length;
  const rate = (f: (p: Pair) => boolean) => (n ? pairs.filter(f).length / n : Number.NaN);
  return {
    n,
    srA: rate((p) => p.a),
    srB: rate((p) => p.b),
    diff: pairedBootstrapDiff(pairs, opts),
    unpaired: unpairedBootstrapDiff(pairs, opts),
    mcnemar: mcnemarExact(onlyA, onlyB),
    disagree: pairs.filter((p) => p.a !== p.b),
  };
}
