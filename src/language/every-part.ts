/**
 * A part of the day said to come round each day ("every night", "each morning", "nightly"), and
 * whether clock hours said beside it lie within it, so that it says nothing they do not.
 */
import { hoursOf } from "./hours.ts";

/** The hours of each part of the day, as said alone ("at night", "in the morning"). */
export const PART_HOURS: Readonly<Record<string, { from: number; to: number }>> = {
  night: { from: 21, to: 6 },
  evening: { from: 17, to: 21 },
  morning: { from: 6, to: 12 },
  afternoon: { from: 12, to: 17 },
};

/** A part of the day said to come round each day: "every night", "each morning of the week", "nightly". */
export const EVERY_PART_OF_DAY = "(?:(?:every|each) (?:night|evening|morning|afternoon)(?: of the week)?|nightly)";
const EVERY_PART = /^(?:(?:every|each) (night|evening|morning|afternoon)(?: of the week)?|(night)ly)$/;

/**
 * "every night", "each morning", "nightly", "every night of the week": a part of the day said to
 * come round each day, and its hours; undefined for anything else. Beside clock hours within
 * that part it says nothing more than they do.
 */
export function everyPartOfDay(text: string): { from: number; to: number } | undefined {
  const m = EVERY_PART.exec(text);
  return m ? PART_HOURS[m[1] ?? m[2]] : undefined;
}

/**
 * Whether `text` is a part of the day said to come round each day, and every clock window beside
 * it lies within that part ("every night" beside 23–5): it then says nothing the hours do not.
 */
export function partHoldsWindows(text: string, windows: readonly { from: number; to: number }[]): boolean {
  const part = everyPartOfDay(text);
  if (!part || !windows.length) return false;
  const inPart = new Set(hoursOf(part.from, part.to));
  return windows.every((w) => hoursOf(w.from, w.to).every((h) => inPart.has(h)));
}
