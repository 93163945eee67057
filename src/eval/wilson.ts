/**
 * Wilson score intervals for a proportion (Wilson 1927). Unlike a bootstrap, which resamples
 * 0 of 8 into [0, 0], the score interval widens as n shrinks and stays inside [0, 1]: 0 of 8
 * reads [0, 32.4]%, which says how little eight episodes show.
 */
import type { Estimate } from "./bootstrap.ts";

/**
 * The standard normal quantile (Acklam's rational approximation, relative error < 1.2e-9),
 * enough for the z of any two-sided level a report asks for.
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile needs p in (0, 1), got ${p}`);
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    );
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  );
}

/** The two-sided Wilson score interval of `successes` out of `n` at `level` (default 95%). */
export function wilson(successes: number, n: number, level = 0.95): Estimate {
  if (!Number.isInteger(successes) || !Number.isInteger(n) || successes < 0 || successes > n)
    throw new RangeError(`wilson needs 0 ≤ successes ≤ n, integers; got ${successes} of ${n}`);
  if (n === 0) return { n, mean: Number.NaN, lo: Number.NaN, hi: Number.NaN };
  const z = normalQuantile(1 - (1 - level) / 2);
  const p = successes / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z / (1 + z2n)) * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n));
  // At 0 or n the bound on that side is exactly the observed rate; rounding must not move it.
  return {
    n,
    mean: p,
    lo: successes === 0 ? 0 : Math.max(0, centre - half),
    hi: successes === n ? 1 : Math.min(1, centre + half),
  };
}
