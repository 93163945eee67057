/**
 * Holm–Bonferroni: p-values of a family of m tests adjusted so that rejecting those below α
 * keeps the family-wise error rate at α. Step-down: the i-th smallest p (from 0) times (m − i),
 * made non-decreasing in that order and capped at 1. Uniformly more powerful than Bonferroni
 * and valid under any dependence between the tests, which pairs sharing episodes have.
 */
export function holmAdjust(ps: readonly number[]): number[] {
  const m = ps.length;
  const order = ps.map((p, i) => [p, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(m);
  let running = 0;
  order.forEach(([p, i], k) => {
    running = Math.max(running, Math.min(1, p * (m - k)));
    out[i] = running;
  });
  return out;
}
