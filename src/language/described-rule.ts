/**
 * A rule named by what it says: "the rule about not stopping in the hall", "what I said regarding
 * never going in there". The negation inside the name is the rule's own, quoted, not said again
 * now: left in, "forget the rule about not stopping there" reads as the ban once more, not as the
 * ban taken back. Only right after a word that names something said before and the preposition
 * that points at its content ("rule about", "said regarding", "told you about").
 */
import type { Token } from "./tokens.ts";

/** Words that name a rule or what was said: what "about" after them points into. */
const SAID_BEFORE =
  /^(?:rules?|ban|bans|instructions?|orders?|requests?|thing|bit|one|said|told|asked|mentioned|wrote|meant)$/;
const POINTS_AT = /^(?:about|regarding|concerning|on)$/;
const QUOTED_NEGATION = /^(?:not|never)$/;
/** between the naming word and the preposition: "told you about", "said before regarding" */
const BETWEEN = /^(?:you|u|to|before|earlier|yesterday|once|last|time|week|the|me|us)$/;

/** A topic opened by what it is about ("about stopping in the hall: …"): a verb in it is named, not done. */
export const ABOUT_TOPIC = /^(?:about|regarding|concerning|re)$/;

const at = (tokens: readonly Token[], k: number) => tokens[k]?.w ?? "";

/** The tokens with the negation dropped from each description of a rule said before. */
export function withoutQuotedNegation(tokens: readonly Token[]): Token[] {
  const drop = new Set<number>();
  for (let k = 1; k + 1 < tokens.length; k++) {
    if (!POINTS_AT.test(at(tokens, k)) || !QUOTED_NEGATION.test(at(tokens, k + 1))) continue;
    let j = k - 1;
    while (j > 0 && k - j < 4 && BETWEEN.test(at(tokens, j))) j--;
    if (SAID_BEFORE.test(at(tokens, j))) drop.add(k + 1);
  }
  return drop.size ? tokens.filter((_, k) => !drop.has(k)) : [...tokens];
}
