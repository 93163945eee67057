/**
 * `polar eval --max-cost USD`: before an episode starts, the run checks that what this session
 * has spent, plus the estimated cost of the episodes in flight, plus this one's, stays within
 * the cap; when it would not, no new episode starts and the run says why. An episode's estimate
 * is the mean reported cost of the episodes of the same backbone and stage already finished
 * (earlier sessions' included), else of the same backbone. A backbone with no finished episode
 * yet has no estimate: its first episode runs alone, as the probe that gives one. The cap
 * bounds this session's spend: a rerun that resumes spends up to its own cap.
 */
import type { ResultLine } from "./results.ts";

export interface BudgetJob {
  key: string;
  backbone: string;
  stage: "acquisition" | "evaluation";
}

export type Admission = { ok: true } | { ok: false; reason: string };

const usd = (v: number) => `$${v < 0.01 && v > 0 ? v.toPrecision(2) : v.toFixed(2)}`;

export class Budget {
  private spentUsd = 0;
  private readonly inFlight = new Map<string, { backbone: string; estimate: number | null }>();
  /** reported costs per backbone|stage */
  private readonly costs = new Map<string, number[]>();
  private readonly waiters: (() => void)[] = [];

  constructor(
    readonly capUsd: number,
    previous: readonly ResultLine[] = [],
  ) {
    if (!(capUsd >= 0) || !Number.isFinite(capUsd))
      throw new RangeError(`a budget needs a cost of at least 0 USD, got ${capUsd}`);
    for (const l of previous) if (l.usage.costUsd !== null) this.record(l.backbone, l.stage, l.usage.costUsd);
  }

  get spent(): number {
    return this.spentUsd;
  }

  private record(backbone: string, stage: string, cost: number): void {
    const k = `${backbone}|${stage}`;
    this.costs.set(k, [...(this.costs.get(k) ?? []), cost]);
  }

  /** Mean cost per episode of this backbone and stage, else of the backbone; null before any. */
  estimate(backbone: string, stage: string): number | null {
    const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
    const same = this.costs.get(`${backbone}|${stage}`);
    if (same?.length) return mean(same);
    const any = [...this.costs.entries()].filter(([k]) => k.startsWith(`${backbone}|`)).flatMap(([, v]) => v);
    return any.length ? mean(any) : null;
  }

  /**
   * Whether the job may start; waits while a backbone without an estimate has an episode in
   * flight (that episode will give one). On ok the job counts as in flight until `finish`.
   */
  async admit(job: BudgetJob): Promise<Admission> {
    for (;;) {
      const estimate = this.estimate(job.backbone, job.stage);
      const probing = [...this.inFlight.values()].some((f) => f.backbone === job.backbone && f.estimate === null);
      if (estimate === null && probing) {
        await new Promise<void>((resolve) => this.waiters.push(resolve));
        continue;
      }
      const pending = [...this.inFlight.values()].reduce((a, f) => a + (f.estimate ?? 0), 0);
      const next = estimate ?? 0;
      if (this.spentUsd + pending + next > this.capUsd)
        return {
          ok: false,
          reason:
            `the budget of ${usd(this.capUsd)} (--max-cost) would be passed: ${usd(this.spentUsd)} spent this session` +
            `${pending > 0 ? `, about ${usd(pending)} in flight` : ""}, about ${usd(next)} for the next ${job.backbone} ${job.stage} episode`,
        };
      this.inFlight.set(job.key, { backbone: job.backbone, estimate });
      return { ok: true };
    }
  }

  /** The job ended: its reported cost (null: not reported) is spent; undefined: it ran no episode (an infrastructure failure's cost still counts when known). */
  finish(job: BudgetJob, costUsd: number | null | undefined): void {
    this.inFlight.delete(job.key);
    if (typeof costUsd === "number") {
      this.spentUsd += costUsd;
      this.record(job.backbone, job.stage, costUsd);
    }
    for (const w of this.waiters.splice(0)) w();
  }
}
