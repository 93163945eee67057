/**
 * An episode's model calls per stage (ground, high_level, low_level, memorize, and whatever
 * tasks a backbone adds), small enough for every result line: sums, plus a latency histogram
 * instead of the calls' latencies, so a line stays the same size however many calls the
 * episode made, and the report can still merge episodes and read p50/p95 per call.
 */
import { z } from "zod";
import type { CallRecord } from "../mllm/index.ts";

const Count = z.number().int().min(0);

/**
 * Latency histogram: bucket → calls. Bucket 0 holds calls under 1 ms; bucket b ≥ 1 holds
 * [2^((b−1)/8), 2^(b/8)) ms, so a percentile read from it is within 4.5% of the true one.
 */
export const LatencyHistogram = z.record(z.string().regex(/^\d+$/, "a bucket number"), Count);
export type LatencyHistogram = z.infer<typeof LatencyHistogram>;

export const StageUsage = z.strictObject({
  calls: Count,
  /** null: some call of this stage did not report it (unknown, not 0) */
  inputTokens: Count.nullable(),
  outputTokens: Count.nullable(),
  costUsd: z.number().min(0).nullable(),
  images: Count,
  failed: Count,
  /** transport retries (429, 5xx, timeouts, reset connections) */
  retries: Count,
  /**
   * requests that got no HTTP response (a reset connection, a timeout): sent, and counted in
   * calls + retries + reasks, but perhaps never seen by the server (absent in older lines)
   */
  unanswered: Count.optional(),
  /** schema re-asks */
  reasks: Count,
  latency: LatencyHistogram,
});
export type StageUsage = z.infer<typeof StageUsage>;

/** What a result line's usage adds to its totals; every field optional so older lines still load. */
export const UsageDetailFields = {
  images: Count.optional(),
  retries: Count.optional(),
  unanswered: Count.optional(),
  reasks: Count.optional(),
  /** per CallRecord task */
  stages: z.record(z.string(), StageUsage).optional(),
};
export interface UsageDetail {
  images: number;
  retries: number;
  unanswered: number;
  reasks: number;
  stages: Record<string, StageUsage>;
}

const STEPS_PER_DOUBLING = 8;

export function latencyBucket(ms: number): number {
  return ms < 1 ? 0 : Math.floor(Math.log2(ms) * STEPS_PER_DOUBLING) + 1;
}

/** The geometric middle of a bucket, in ms. */
export function bucketMiddle(bucket: number): number {
  if (bucket === 0) return 0.5;
  return 2 ** ((bucket - 0.5) / STEPS_PER_DOUBLING);
}

const plus = (sum: number | null, n: number | undefined) => (sum === null || n === undefined ? null : sum + n);

/** Sums an episode's calls per stage. Images and re-asks a call did not record count as 0: only LLM calls send either. */
export function usageDetail(calls: readonly CallRecord[]): UsageDetail {
  const stages: Record<string, StageUsage> = {};
  for (const c of calls) {
    stages[c.task] ??= {
      calls: 0,
      inputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
      images: 0,
      failed: 0,
      retries: 0,
      unanswered: 0,
      reasks: 0,
      latency: {},
    };
    const s = stages[c.task];
    const reasks = c.reasks ?? 0;
    s.calls++;
    s.inputTokens = plus(s.inputTokens, c.inputTokens);
    s.outputTokens = plus(s.outputTokens, c.outputTokens);
    s.costUsd = plus(s.costUsd, c.costUsd);
    s.images += c.images ?? 0;
    if (c.error !== undefined) s.failed++;
    s.reasks += reasks;
    s.retries += Math.max(0, c.attempts - 1 - reasks);
    s.unanswered = (s.unanswered ?? 0) + (c.unanswered ?? 0);
    const b = String(latencyBucket(c.latencyMs));
    s.latency[b] = (s.latency[b] ?? 0) + 1;
  }
  const all = Object.values(stages);
  const total = (f: (s: StageUsage) => number) => all.reduce((a, s) => a + f(s), 0);
  return {
    images: total((s) => s.images),
    retries: total((s) => s.retries),
    unanswered: total((s) => s.unanswered ?? 0),
    reasks: total((s) => s.reasks),
    stages,
  };
}

export function mergeHistograms(hs: Iterable<LatencyHistogram>): LatencyHistogram {
  const out: LatencyHistogram = {};
  for (const h of hs) for (const [b, n] of Object.entries(h)) out[b] = (out[b] ?? 0) + n;
  return out;
}

/** The q-quantile (0..1) of the calls a histogram holds, in ms; null when it holds none. */
export function histogramQuantile(h: LatencyHistogram, q: number): number | null {
  const buckets = Object.entries(h)
    .map(([b, n]) => [Number(b), n] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => a[0] - b[0]);
  const n = buckets.reduce((a, [, c]) => a + c, 0);
  if (n === 0) return null;
  // nearest rank: the smallest value with at least q·n calls at or below it
  const rank = Math.max(1, Math.ceil(q * n));
  let seen = 0;
  for (const [b, c] of buckets) {
    seen += c;
    if (seen >= rank) return bucketMiddle(b);
  }
  return bucketMiddle(buckets[buckets.length - 1][0]);
}
