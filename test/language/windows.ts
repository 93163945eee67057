/** A seeded generator of hour windows for property tests (no test library needed). */
import type { HourWindow } from "../../src/language/index.ts";

/** A random window: `from` 0–23, `to` 0–24, equal ends included. */
export function randomWindow(next: () => number): HourWindow {
  return { fromHour: Math.floor(next() * 24), toHour: Math.floor(next() * 25) };
}

/** A random window whose ends differ (one the grammar can say). */
export function saidWindow(next: () => number): HourWindow {
  for (;;) {
    const w = { fromHour: Math.floor(next() * 24), toHour: 1 + Math.floor(next() * 24) };
    if (w.fromHour !== w.toHour % 24) return w;
  }
}

/** An hour as a person says it: "9pm", "noon", "midnight". */
export const said = (h: number): string =>
  h === 0 || h === 24 ? "midnight" : h === 12 ? "noon" : h < 12 ? `${h}am` : `${h - 12}pm`;
