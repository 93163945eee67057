/**
 * Axis ticks at round values: a step of 1, 2, 2.5 or 5 times a power of ten, at most `max`
 * intervals, the top the first tick at or above the data; and tick labels with only the digits
 * the step needs (0.0004, 0.0008, 0.0012, not 0.000400 … 0.00120; 20%, 40%, not 18%, 36%).
 */
export interface Ticks {
  top: number;
  step: number;
  ticks: number[];
}

export function niceTicks(maxValue: number, max = 6, cap = Number.POSITIVE_INFINITY): Ticks {
  const v = maxValue > 0 && Number.isFinite(maxValue) ? Math.min(maxValue, cap) : Math.min(1, cap);
  const mag = 10 ** Math.floor(Math.log10(v / max));
  let step = 10 * mag;
  for (const m of [1, 2, 2.5, 5, 10])
    if (Math.ceil(v / (m * mag) - 1e-9) <= max) {
      step = m * mag;
      break;
    }
  const n = Math.max(1, Math.ceil(v / step - 1e-9));
  const ticks = Array.from({ length: n + 1 }, (_, i) => round(i * step, step));
  return { top: ticks[ticks.length - 1], step, ticks };
}

/** Decimals a value on a grid of `step` needs: 0.25 → 2, 0.0004 → 4, 20 → 0. */
export function decimalsFor(step: number): number {
  let d = 0;
  while (d < 12 && Math.abs(Math.round(step * 10 ** d) - step * 10 ** d) > 1e-9 * 10 ** d) d++;
  return d;
}

export function tickLabel(v: number, step: number): string {
  return v.toFixed(decimalsFor(step));
}

/** A fraction 0..1 as a percent label on a grid of `step` (a fraction too). */
export function percentLabel(v: number, step: number): string {
  return `${tickLabel(v * 100, step * 100)}%`;
}

const round = (v: number, step: number) => Number(v.toFixed(decimalsFor(step) + 2));
