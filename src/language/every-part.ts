/**
 * A part of the day said to come round each day ("every night", "each morning", "nightly"), and
 * whether clock hours said beside it lie within it, so that it says nothing they do not.
 */

import { hoursOf } from "./hours.ts";
import { wordTable } from "./token.ts";

/** The hours of each part of the day, as said alone ("at night", "in the morning"). */
export const PART_HOURS: Readonly<Record<string, { from: number; to: number }>> = wordTable({
  night: { from: 21, to: 6 },
  evening: { from: 17, to: 21 },
  morning: { from: 6, to: 12 },
  afternoon: { from: 12, to: 17 },
});

/** A part of the day said in the plural, as a habit: "mornings", "evenings", each one of them. */
export const PART_OF_DAY_PLURAL = /^(?:mornings|afternoons|evenings|nights)$/;

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

/** A part of the day said bare, as a heading or a noun ("Evening, till nine", "… it is quiz night"). */
export const BARE_PART_OF_DAY = "(?:night|evening|morning|afternoon)s?";
const BARE_PART = /^(?:(?:in|at|of) )?(?:(?:the|da|di|de|this|an?) )?(night|evening|morning|afternoon)s?$/;

/**
 * Whether `text` is a part of the day said bare and every clock window beside it has an end said
 * within that part ("evening, till nine": the nine is of the evening; "from 8 to midnight, a
 * night of football": midnight is of the night), so that the part only places hours said already.
 * The end assumed for a window said by one end ("after 9" to the morning) places nothing; a part
 * that holds no said end ("morning, before 9 pm") says something else, and stays to be asked.
 */
export function partPlacesWindows(
  text: string,
  windows: readonly { from: number; to: number; open?: "after" | "before" }[],
): boolean {
  const m = BARE_PART.exec(
    text
      .trim()
      .toLowerCase()
      .replace(/[,.;:!?]+$/, ""),
  );
  if (!m || !windows.length) return false;
  const part = PART_HOURS[m[1]];
  const inPart = new Set(hoursOf(part.from, part.to));
  return windows.every((w) => {
    const ends = [
      ...(w.open === "before" ? [] : [w.from % 24]),
      ...(w.open === "after" ? [] : [w.to % 24, (w.to + 23) % 24]),
    ];
    return ends.some((h) => inPart.has(h));
  });
}

/** A part of the day said as a word of an occasion's name ("the night shift", "sleeping days"). */
const PART_WORD = /\b(night|evening|morning|afternoon|day)s?\b/g;
/** Words that make a part of the day more than a name for hours said beside it. */
const MORE_THAN_A_NAME =
  /\b(?:if|when|whenever|while|unless|until|till|til|before|after|except|only|not|no|never|too|also|and|or|but|every|each|on|weekends?|weekdays?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|today|tonight|tomorrow|\d+)\b/;

/**
 * "9 to 5, my sleeping days", "at six, the morning prayer": a short run of words whose one part of
 * the day names an occasion, beside clock hours that fall in that part, names those hours again and
 * says nothing more. With a word of when, a day, a number, a negation or a word that adds it to
 * others ("mornings too"), or hours outside that part, it says more and is left a condition.
 */
export function namesHoursBeside(text: string, windows: readonly { from: number; to: number }[]): boolean {
  const words = text.split(" ");
  const parts = [...text.matchAll(PART_WORD)];
  if (!windows.length || words.length > 4 || parts.length !== 1 || MORE_THAN_A_NAME.test(text)) return false;
  const name = parts[0][1];
  const part = name === "day" ? { from: 6, to: 21 } : PART_HOURS[name];
  const inPart = new Set(hoursOf(part.from, part.to));
  return windows.some((w) => hoursOf(w.from, w.to).some((h) => inPart.has(h)));
}

/**
 * "the oven runs hot most mornings", "some nights it's loud": a part of the day said with a
 * quantifier short of every one is how often something happens, not when: no window of its own.
 */
const SHORT_OF_EVERY = /\b(?:most|many|some|several|few)\s+$/i;

/** The part of the day itself, said right after its quantifier (not "in the afternoon" after "at the most"). */
const PART_FIRST = new RegExp(`^(?:${BARE_PART_OF_DAY}|days?|weekends?)\\b`, "i");

/** Whether the part of the day said at `index` of `clause` is counted short of every one. */
export function partCountedShort(clause: string, index: number): boolean {
  return PART_FIRST.test(clause.slice(index)) && SHORT_OF_EVERY.test(clause.slice(Math.max(0, index - 12), index));
}
