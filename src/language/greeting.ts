/**
 * A greeting that opens a message ("good afternoon", "good evening, sir", "good afternoon po"): a
 * salutation, which says nothing of when a rule holds though it names a part of the day. It is
 * "good" and a part of the day, then at most two words of address (a name, a title, a particle of
 * politeness): nouns, names or interjections by the library's tags, no verb, adverb, preposition
 * or number ("good mornings only", "good morning till noon" are no greetings).
 */
import { read } from "./nlp.ts";

const SALUTATION = /^good (?:morning|afternoon|evening|night|day)$/;
const ADDRESS = new Set(["NOUN", "PROPN", "INTJ", "PART"]);

export function greets(text: string): boolean {
  const words = read(text).tokens.filter((t) => t.pos !== "PUNCT");
  if (words.length < 2 || words.length > 4) return false;
  const opening = `${words[0].normal} ${words[1].normal}`;
  return SALUTATION.test(opening) && words.slice(2).every((t) => ADDRESS.has(t.pos));
}
