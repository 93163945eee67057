/**
 * A part of the day written with an apostrophe before its plural "s" ("evenin's", "morning's,
 * keep out …"), as informal writing often marks a plural: with no noun after it, it is no
 * possessive but the plural, "every evening", and reads as "evenings" does. Before a noun it stays
 * a possessive ("the evening's news"). Its dropped "g" comes back on the way ("evenin'" is
 * "evening").
 */
import type { Token } from "./token.ts";

const PARTS = new Map([
  ["morning", "mornings"],
  ["mornin", "mornings"],
  ["afternoon", "afternoons"],
  ["evening", "evenings"],
  ["evenin", "evenings"],
  ["night", "nights"],
  ["weekend", "weekends"],
]);

/**
 * What may follow such a plural that no possessive is followed by: the clause's end, or the first
 * word of the request it opens (an imperative, a negation, the listener).
 */
const AFTER = new Set([
  ".",
  ",",
  "!",
  "?",
  ";",
  ":",
  "-",
  "keep",
  "stay",
  "don't",
  "dont",
  "do",
  "never",
  "no",
  "please",
  "you",
]);

/** The tokens with such a plural made one word, over the characters of both. */
export function dayPartsCounted(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const plural = PARTS.get(tokens[k].w);
    const next = tokens[k + 2];
    if (plural && tokens[k + 1]?.w === "'s" && (next === undefined || AFTER.has(next.w))) {
      out.push({ ...tokens[k], w: plural, end: tokens[k + 1].end });
      k++;
      continue;
    }
    out.push(tokens[k]);
  }
  return out;
}
