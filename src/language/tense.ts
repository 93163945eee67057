/**
 * Whether a subordinate clause tells what happened ("when you were looking for the charger",
 * "while I had people over"): its verb is in the past. Such a clause narrates the occasion of a
 * complaint; it never says when a rule from now on holds, so it is no condition of that rule.
 */
import { IRREGULAR_PAST } from "./statements.ts";

const SUBORDINATOR = new Set(["when", "while", "whenever", "as", "once", "if", "since"]);
const DETERMINER = new Set(["the", "my", "our", "your", "his", "her", "their", "a", "an", "some"]);
const ADVERB = new Set(["just", "always", "still", "already", "really", "all", "both", "kind", "of", "sort", "never"]);
const PAST_AUXILIARY = new Set(["was", "were", "had", "did", "wasnt", "werent", "didnt", "hadnt"]);
/** Base forms and other words that only end like a past ("need", "bed", "red"). */
const ENDS_LIKE_PAST = new Set([
  "need",
  "feed",
  "bleed",
  "speed",
  "breed",
  "heed",
  "weed",
  "bed",
  "red",
  "shed",
  "seed",
  "proceed",
  "succeed",
  "exceed",
]);

const past = (w: string) =>
  PAST_AUXILIARY.has(w) || IRREGULAR_PAST.has(w) || (w.length > 4 && w.endsWith("ed") && !ENDS_LIKE_PAST.has(w));

/** The clause's words (normalised, one space apart) open on a subordinator whose clause is in the past. */
export function tellsWhatHappened(clause: string): boolean {
  const ws = clause.split(" ").filter((w) => /\p{L}/u.test(w));
  const s = ws.findIndex((w) => SUBORDINATOR.has(w));
  if (s < 0) return false;
  let k = s + 1;
  // the subject: a pronoun, a determiner and its noun, or a bare noun
  k += DETERMINER.has(ws[k]) ? 2 : 1;
  while (k < ws.length && ADVERB.has(ws[k])) k++;
  return k < ws.length && past(ws[k]);
}

/**
 * Whether words tell of something that happened: a verb in the past anywhere in them ("I just
 * cleaned the attic", "the nursery got painted"). A ban said after such news may last only while
 * it holds, and its room is not taken from the news without asking.
 */
export function toldInPast(words: readonly string[]): boolean {
  return words.some((w) => /^\p{L}+$/u.test(w) && past(w));
}
