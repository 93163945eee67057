/**
 * A heading set before a colon ("Please note one rule:", "New house rule:", "Reminder:"): it names
 * the message, not an act of its own, and whatever it says of when belongs to the request after
 * the colon. Read as a rule, its hours were kept on it and the ban after the colon kept at every
 * hour. A heading is made only of words that draw attention, name a rule or a request, and count
 * or point at it; one of them must name what the message is.
 */

/** Words that name what the message is. */
const NAMES = new Set([
  "rule",
  "rules",
  "request",
  "requests",
  "instruction",
  "instructions",
  "change",
  "changes",
  "policy",
  "reminder",
  "notice",
  "note",
  "update",
  "announcement",
  "attention",
  "fyi",
  "nb",
  // what a list of requests is called: "note the following terms:", "two things:", "one point:"
  "terms",
  "point",
  "points",
  "item",
  "items",
  "thing",
  "things",
]);

/** Words that may stand beside them in a heading. */
const BESIDE = new Set([
  "please",
  "kindly",
  "important",
  "urgent",
  "new",
  "house",
  "household",
  "standing",
  "quick",
  "friendly",
  "gentle",
  "another",
  "further",
  "additional",
  "following",
  "the",
  "a",
  "an",
  "one",
  "two",
  "three",
  "this",
  "my",
  "our",
  "your",
  "just",
  "for",
  "you",
  "robot",
  "here",
  "is",
  "are",
  // "couple of things:", "a few points:"
  "couple",
  "few",
  "of",
]);

/** Whether the words (normalised, joined by spaces) are a heading, with no act of their own. */
export function isHeading(text: string): boolean {
  const words = text.split(" ").filter((w) => w.length > 0);
  if (!words.some((w) => NAMES.has(w))) return false;
  return words.every((w) => NAMES.has(w) || BESIDE.has(w));
}
