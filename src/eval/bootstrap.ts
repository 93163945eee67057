/**
 * Percentile bootstrap confidence intervals for means (rates are means of 0/1), seeded so that
 * a report rebuilt from the same results shows the same intervals.
 */

import { mulberry32 } from "../util/index.ts";

export { fnv1a as hashSeed, mulberry32 as rng } from "../util/index.ts";

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
  const rand = mulberry32(opts.seed ?? 0);
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

/** Two-sample percentile bootstrap of mean(a) − mean(b): each side resampled on its own. */
export function bootstrapDiff(a: readonly number[], b: readonly number[], opts: BootstrapOptions = {}): Estimate {
  const n = Math.min(a.length, b.length);
  if (a.length === 0 || b.length === 0) return { n, mean: Number.NaN, lo: Number.NaN, hi: Number.NaN };
  const samples = opts.samples ?? 1000;
  const rand = mulberry32(opts.seed ?? 0);
  const diffs = new Float64Array(samples);
  const resampleMean = (xs: readonly number[]) => {
    let s = 0;
    for (let i = 0; i < xs.length; i++) s += xs[Math.floor(rand() * xs.length)];
    return s / xs.length;
  };
  for (let i = 0; i < samples; i++) diffs[i] = resampleMean(a) - resampleMean(b);
  diffs.sort();
  const m = mean(a) - mean(b);
  const alpha = (1 - (opts.level ?? 0.95)) / 2;
  const q = (p: number) => diffs[Math.min(samples - 1, Math.max(0, Math.round((samples - 1) * p)))];
  return { n, mean: m, lo: Math.min(m, q(alpha)), hi: Math.max(m, q(1 - alpha)) };
}
