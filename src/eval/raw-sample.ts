/**
 * The raw-interaction baseline's sample (paper §4.1): 15 of the user's prior interactions drawn
 * at random (seeded), the gold one(s) always among them, shown in time order. It lives with the
 * harness because choosing it needs the episode's gold prior ids, which the agent never sees.
 */
import type { RawInteraction } from "../mllm/index.ts";
import { fnv1a, mulberry32 } from "../util/index.ts";

export { fnv1a as hashSeed };

export interface RawSample {
  interactions: RawInteraction[];
  /** every gold episode id was available and is in the sample; null when there is no gold */
  goldIncluded: boolean | null;
  /** gold ids the pool did not hold (not yet memorized, or another user's) */
  missingGold: string[];
}

/**
 * Draws `n` interactions from `pool`: all gold ones first, the rest uniformly at random without
 * replacement (seeded), returned in time order.
 */
export function sampleRawInteractions(
  pool: readonly RawInteraction[],
  opts: { n: number; goldIds: readonly string[]; seed: number },
): RawSample {
  const gold = new Set(opts.goldIds);
  const chosen = pool.filter((x) => gold.has(x.episodeId));
  const missingGold = opts.goldIds.filter((id) => !chosen.some((x) => x.episodeId === id));
  const rest = pool.filter((x) => !gold.has(x.episodeId));
  const rand = mulberry32(opts.seed);
  // Fisher–Yates on a copy, then take what is left of the quota.
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [rest[i], rest[j]] = [rest[j], rest[i]];
  }
  const quota = Math.max(0, opts.n - chosen.length);
  const sample = [...chosen, ...rest.slice(0, quota)];
  sample.sort((a, b) => a.timestamp - b.timestamp || a.episodeId.localeCompare(b.episodeId));
  return {
    interactions: sample,
    goldIncluded: opts.goldIds.length === 0 ? null : missingGold.length === 0,
    missingGold,
  };
}
