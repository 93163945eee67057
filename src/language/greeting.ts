/**
 * A greeting that opens a message ("good afternoon", "good evening, sir", "good afternoon po"): a
 * salutation, which says nothing of when a rule holds though it names a part of the day. It is
 * "good" and a part of the day, then at most two words of address (a name, a title, a particle of
 * politeness): nouns, names or interjections by the library's tags, no verb, adverb, preposition
 * or number ("good mornings only", "good morning till noon" are no greetings).
 */
import { FILLER, PRAISE } from "./message-words.ts";
import { read } from "./nlp.ts";
import { tokenize } from "./tokens.ts";

const SALUTATION = /^good (?:morning|afternoon|evening|night|day)$/;
const ADDRESS = new Set(["NOUN", "PROPN", "INTJ", "PART"]);

export function greets(text: string): boolean {
  const words = read(text).tokens.filter((t) => t.pos !== "PUNCT");
  if (words.length < 2 || words.length > 4) return false;
  const opening = `${words[0].normal} ${words[1].normal}`;
  return SALUTATION.test(opening) && words.slice(2).every((t) => ADDRESS.has(t.pos));
}

/**
 * "don't worry", "not to worry (about it)": reassurance said to the hearer, a clause of its own
 * about how they should feel; it asks nothing of what the robot does, so it is no correction.
 */
const REASSURANCE =
  /^(?:(?:but|and|so|ok|okay|oh) )*(?:(?:do not|dont) worry|not to worry|no need to worry)(?: about (?:it|that|this))?$/;

export const reassures = (text: string): boolean =>
  REASSURANCE.test(
    tokenize(text)
      .map((t) => t.w)
      .filter((w) => /[\p{L}\p{N}]/u.test(w))
      .join(" "),
  );

/** A sentence without a reassurance said as its first or last clause ("I'll see to it, don't worry"). */
export function withoutReassurance(text: string): string {
  const parts = text.split(/\s*[,;]\s*/);
  while (parts.length > 1 && reassures(parts.at(-1) ?? "")) parts.pop();
  while (parts.length > 1 && reassures(parts[0])) parts.shift();
  return parts.length === 1 && reassures(parts[0]) ? "" : parts.join(" , ");
}

/** Thanks in any of its words (English or a household's other tongue), with fillers around them. */
const THANKS_ONLY = new RegExp(`^(?:(?:${FILLER}|${PRAISE}) )*(?:${PRAISE})(?: (?:${FILLER}|${PRAISE}))*$`);

/**
 * "…, terima kasih", "…, gracias": a part that is thanks and nothing else closes the message as
 * "thanks" does; it asks nothing and stands apart from the parts before it (normalised words).
 */
export const thanksOnly = (text: string): boolean => THANKS_ONLY.test(text.trim());

/** A part that asks nothing and closes what is said: reassurance, or thanks in any tongue. */
export const reassuresOrThanks = (text: string): boolean => reassures(text) || thanksOnly(text);
