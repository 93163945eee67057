/**
 * "…in the evenings, say 7 to 11", "…when I'm gaming, like 8 to midnight": a word of
 * approximation standing alone before two ends of the clock hands what was said before it to
 * those hours. Said so, the part is hours (a modifier of the act before it), never an act of its
 * own, though "say" is also a verb of telling. Whether the ends are hours is still the clock
 * grammar's to read, with the rest of the clause (a part of the day there gives them their half).
 */
import { HANDS_TO_HOURS, HOURS_SAID } from "./time-words.ts";
import { findTimes } from "./times.ts";

/** Whether a part is only a word of approximation and a range of the clock ("say 6 to 10", "like 1-3"). */
export function handsToHours(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (words.length < 2 || !HANDS_TO_HOURS.test(words[0])) return false;
  const rest = words
    .slice(1)
    .filter((w) => !/^[,?.!]$/.test(w))
    .join(" ");
  const found = findTimes(rest, { bareRanges: true });
  return found.length === 1 && !found[0].open && found[0].quote.length === rest.length;
}

/** Words a stretch that opens a window may be said in: "the morning prayers", "her piano lesson". */
const STRETCH_WORD = /^[a-z][a-z'-]*$/;

/**
 * "from the morning prayers at five till six": the words before a clock window that name the
 * stretch it starts with, said with that hour ("from" … "at" right before the window); the index
 * of their "from" among `words`, or undefined. `at` is the index of the window's first word.
 */
export function stretchOpeningAt(words: readonly string[], at: number): number | undefined {
  if (words[at - 1] !== "at") return undefined;
  for (let k = at - 2; k >= Math.max(0, at - 6); k--) {
    if (words[k] === "from") return at - 1 - k >= 2 ? k : undefined;
    if (!STRETCH_WORD.test(words[k])) return undefined;
  }
  return undefined;
}

/**
 * "Lunch rush.", "Nap time.": a sentence of a few words with no verb, naming a stretch of the day
 * by what is done in it. After a request it glosses the request's hours, as "…, lunch rush" would.
 */
export function namesStretchAlone(words: readonly string[]): boolean {
  return (
    words.length > 0 &&
    words.length <= 3 &&
    HOURS_SAID.test(words.join(" ")) &&
    words.every((w) => STRETCH_WORD.test(w))
  );
}
