/**
 * A part of a message that only permits hours, beside a ban said in the same message: "keep out
 * of the den after 9; before that it's fine", "stay out of the garage at night, during the day
 * you can go in". It names no act of its own; it says when the ban does not hold. Said of the
 * hours outside the ban (its complement, or part of it) it adds nothing to the ban; said of
 * hours the ban holds it contradicts it, and is asked. One place for the words it is made of.
 */

import { FINE, PERMIT } from "./act-words.ts";
import { hoursOf } from "./hours.ts";
import { type FoundTime, findTimes } from "./times.ts";
import { alt } from "./word-class.ts";

/** The predicate that permits, with a pronoun or "you" as its subject: "it's fine", "you may go in". */
const PERMITS = new RegExp(`\\b(?:(?:it|that|this)(?: |(?='s))${FINE}|(?:you|u) (?:${PERMIT}))\\b(?! not\\b)`);
/** A negation anywhere in the part makes it no permission: "before that it's not ok". */
const NEGATED = /\b(?:not|never|no)\b/;
/** Hours pointed back at, or the hours left: "before that", "after that", "otherwise", "the rest of the time". */
const BEFORE_THAT = /\b(?:before|till|until|up to) (?:that|then)\b/;
const AFTER_THAT = /\b(?:after|past|from) (?:that|then)\b/;
const REST_WORDS = alt([
  "otherwise",
  "other ?times?",
  "(?:the|for the) rest of the (?:time|day)",
  "outside (?:of )?(?:those|these|that|them|the) (?:hours|times)",
  "any ?other time",
]);
const REST = new RegExp(`\\b${REST_WORDS}\\b`);

/**
 * "… and the other times you stay out", "…, then the rest of the time keep out": the directive
 * after a leading phrase of the hours a permission leaves, with the robot as its subject left out
 * too; the text as it was when it opens with no such phrase.
 */
const LEADING_REST = new RegExp(`^(?:then )?(?:(?:at|for|in) )?(?:the )?${REST_WORDS} (?:, )?(?:(?:you|u) )?`);
export function afterLeadingRest(text: string): string {
  const m = LEADING_REST.exec(text);
  return m ? text.slice(m[0].length) : text;
}

/** A "no" said alone, as it is said plainly or in the voices of home ("no dice", Geordie "nee", "naw"). */
const NO_SAID = "(?:no(?: dice| way)?|not|never|negative|nope|nah|naw|nee)";

/**
 * The ban said again of the hours or occasions a permission leaves, and nothing else: "but not
 * otherwise", "and never at other times", "otherwise no". Beside a ban read with its exception it
 * restates that ban, adding nothing to it.
 */
const NOT_THE_REST = new RegExp(
  `^(?:(?:but|and) )?(?:(?:not|no|never) (?:at )?${REST_WORDS}|${REST_WORDS} (?:,? )?${NO_SAID})$`,
);
export const saysNotTheRest = (words: string) => NOT_THE_REST.test(words);

export interface PermittedHours {
  /** hours said outright */
  windows: FoundTime[];
  /** hours pointed back at: before or after the ban's said hour, or all the hours the ban leaves */
  anaphor?: "before" | "after" | "rest";
}

/** What hours a part permits, when it only permits hours; undefined when it is no such part. */
export function permittedHours(text: string): PermittedHours | undefined {
  if (!PERMITS.test(text) || NEGATED.test(text)) return undefined;
  const anaphor = BEFORE_THAT.test(text)
    ? "before"
    : AFTER_THAT.test(text)
      ? "after"
      : REST.test(text)
        ? "rest"
        : undefined;
  const windows = findTimes(text);
  if (!anaphor && !windows.length) return undefined;
  return { windows, ...(anaphor ? { anaphor } : {}) };
}

/**
 * Whether the hours a part permits lie outside every hour a ban holds. "before that" / "after
 * that" point at the hour the ban was said with: before an "after 9" ban is outside it, before a
 * "before 8" ban is the ban itself; a window said with both ends has hours on both sides.
 */
export function permitsOnlyOutside(p: PermittedHours, bans: readonly FoundTime[]): boolean {
  if (!bans.length) return false;
  if (p.anaphor === "before" && bans.some((b) => b.open === "before")) return false;
  if (p.anaphor === "after" && bans.some((b) => b.open === "after")) return false;
  const banned = new Set(bans.flatMap((b) => hoursOf(b.from, b.to)));
  return p.windows.every((w) => hoursOf(w.from, w.to).every((h) => !banned.has(h)));
}
