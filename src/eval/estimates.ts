/**
 * Every interval of a report, from one place: a quantity (SR of a backbone × memory mode ×
 * scenario, the acquisition SR, a difference…) is named by a key, estimated once, and read
 * from here by every table and figure that shows it, so it shows the same interval wherever
 * it appears. Proportions (0/1 outcomes: SR, CM, boolean measures) get Wilson score
 * intervals, which stay honest at 0 or 1 and for small n; means (SPL, recall, cost, numeric
 * measures) and differences get a percentile bootstrap whose seed derives from the run's
 * seed and the key, so a report rebuilt from the same results is the same.
 */
import { type BootstrapOptions, bootstrapDiff, bootstrapMean, type Estimate, hashSeed } from "./bootstrap.ts";
import { wilson } from "./wilson.ts";

interface Cached {
  /** what the estimate was made from: the same key asked again must bring the same data */
  fingerprint: string;
  estimate: Estimate;
}

export class Estimates {
  readonly samples: number;
  readonly seed: number;
  readonly level: number;
  private readonly cache = new Map<string, Cached>();

  constructor(opts: BootstrapOptions = {}) {
    this.samples = opts.samples ?? 1000;
    this.seed = opts.seed ?? 0;
    this.level = opts.level ?? 0.95;
  }

  /** Bootstrap options for a quantity: the run's samples and level, a seed of its own. */
  optionsFor(key: string): Required<BootstrapOptions> {
    return { samples: this.samples, level: this.level, seed: hashSeed(key, this.seed) };
  }

  /** A proportion of 0/1 outcomes, Wilson score interval. */
  proportion(key: string, outcomes: readonly boolean[]): Estimate {
    const k = outcomes.filter(Boolean).length;
    return this.once(key, `p:${outcomes.length}:${k}`, () => wilson(k, outcomes.length, this.level));
  }

  /** A mean of numbers, percentile bootstrap. */
  mean(key: string, values: readonly number[]): Estimate {
    return this.once(key, `m:${fingerprint(values)}`, () => bootstrapMean(sorted(values), this.optionsFor(key)));
  }

  /** mean(a) − mean(b) of two independent groups, two-sample percentile bootstrap. */
  difference(key: string, a: readonly number[], b: readonly number[]): Estimate {
    return this.once(key, `d:${fingerprint(a)}|${fingerprint(b)}`, () =>
      bootstrapDiff(sorted(a), sorted(b), this.optionsFor(key)),
    );
  }

  /** What the report says of its intervals. */
  describe(): string {
    const pct = Math.round(this.level * 100);
    return `${pct}%, Wilson score for proportions (SR, CM, boolean measures), which stays honest at 0 or 1 and for small n; percentile bootstrap (${this.samples} resamples, seed ${this.seed}) for means (SPL, recall, cost, numeric measures) and differences. Each quantity is estimated once and reads the same wherever it appears.`;
  }

  private once(key: string, fp: string, make: () => Estimate): Estimate {
    const hit = this.cache.get(key);
    if (hit) {
      // Two different groups under one key would show one group's interval for the other's.
      if (hit.fingerprint !== fp) throw new Error(`estimate "${key}" was asked for with different data`);
      return hit.estimate;
    }
    const estimate = make();
    this.cache.set(key, { fingerprint: fp, estimate });
    return estimate;
  }
}

/**
 * Resampling draws by index: sorted, the same values give the same interval whatever order the
 * episodes finished in (results.jsonl's order depends on the workers).
 */
const sorted = (xs: readonly number[]) => [...xs].sort((x, y) => x - y);

function fingerprint(xs: readonly number[]): string {
  let s = 0;
  let s2 = 0;
  for (const x of xs) {
    s += x;
    s2 += x * x;
  }
  return `${xs.length}:${s}:${s2}`;
}

/** Functions that take either a report's Estimates or bootstrap options (tests, single tables). */
export function estimatesOf(o: Estimates | BootstrapOptions | undefined): Estimates {
  return o instanceof Estimates ? o : new Estimates(o);
}
