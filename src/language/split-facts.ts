/**
 * Where one fact of a request's context ends and the next begins (statements.ts writes each as a
 * statement): clause boundaries, with a conjunct that is no clause kept with the fact before it.
 */

import { afterFrontedClause } from "./fronted.ts";
import { WRITTEN_NAME } from "./names.ts";
import { phraseThenClause } from "./said-order.ts";

/** Words a piece opens with that join it to what came before, not part of its fact. */
export const LEADING = /^(?:and|but|which|that|who|where|when|because|since|so|also)\s+/i;

/** Where one fact ends and the next begins (the separator is kept: see splitFacts). */
const SPLIT = /(\s*(?:[,;:.!?—–]|\s-\s|\(|\))\s*|\s+(?:and|or|but|which|that(?!\s+ones?\b)|who|because|since|so)\s+)/i;

/** Separators after which a piece that is not a clause continues the previous fact. */
const COORDINATING = /^\s*(?:,|and|or|but)\s*$/i;

/**
 * A piece that starts like a clause of its own: a subject (pronoun, possessive, a name + verb),
 * or a negated auxiliary with its subject left out ("…, don't let anyone say otherwise",
 * "…, can't see a thing at night with them"): an imperative or a clause of the speaker's, never a
 * conjunct of the fact before it, so its negation cannot take that fact back.
 */
const CLAUSE =
  /^(?:i|i'm|i've|i'd|i'll|we|we're|we've|you|he|she|they|it|it's|its|this|these|those|there|my|our|his|her|their|that|which|who|where|when|(?:do|does|did|can|could|would|should|will)\s+not|don't|doesn't|didn't|can't|cannot|couldn't|won't|wouldn't|shouldn't|never)\b/i;
const NAMED_CLAUSE = new RegExp(
  String.raw`^${WRITTEN_NAME}\s+(?:is|was|has|had|will|can|gave|got|made|bought|brought|sent|lent|left|took|found|won|\p{L}+s|\p{L}+ed)\b`,
  "u",
);

/** "the tall green vase is …": a noun phrase and its verb start a clause too. */
const NP_CLAUSE =
  /^(?:the|a|an)\s+(?:[\p{L}'-]+\s+){0,4}(?:is|are|was|were|has|had|got|gets|comes|goes|lives|stays|sits)\b/iu;

/**
 * A clause whose object is said before its subject ("the bus I don't take anymore", "that old
 * route we never ride now"): a noun phrase, then a subject pronoun and its verb. After a comma it
 * is a fact of its own, not a conjunct of the one before (joined, its negation took that fact
 * back too). A phrase headed by "one" ("the one I bought in Leeds") is a reduced relative clause
 * naming the object of the fact before it, and stays with it. A verb of meaning or thinking ("the
 * shed I mean", "the blue one I think") makes an aside that restates the fact, not a new one.
 */
const TOPICALIZED =
  /^(?:the|a|an|my|our|his|her|their|that|this|these|those)\s+(?:(?!ones?\b)[\p{L}'-]+\s+){1,4}(?:i|we|he|she|they)\s+(?:(?:don't|do not|didn't|never|no longer|just|still|always|usually|only|also|now)\s+)?(?!(?:mean|meant|think|thought|guess|reckon|suppose|believe)\b)\p{L}{2,}/iu;

/**
 * A name said first and set beside the speaker's relation to it ("Ravi, my husband, gave me …",
 * "Tom, our neighbour, lent …"): the name alone is no fact, and the relation after it opens no
 * clause of its own; the two are one subject, and the verb after them goes on with it.
 */
const BARE_NAME = new RegExp(`^${WRITTEN_NAME}$`, "u");
const APPOSITION = /^(?:my|our)\s+(?:[\p{L}'-]+\s+)?[\p{L}'-]+$/iu;

/**
 * The instruction's pieces, one fact each. A conjunct that is no clause ("… on Mondays and
 * Wednesdays", "… on the bus, on the train") belongs to the fact before it: split off, it
 * would be a statement of its own that means nothing ("Wednesdays").
 */
export function splitFacts(text: string): string[] {
  const parts = text.split(SPLIT);
  const out: string[] = [];
  let glue = false;
  for (let i = 0; i < parts.length; i += 2) {
    const piece = (parts[i] ?? "").trim();
    const sep = i > 0 ? (parts[i - 1] ?? "") : "";
    if (!piece) {
      // an empty piece (", which …") must not let the next one attach across it
      if (sep.trim()) glue = false;
      continue;
    }
    const opened = piece.replace(LEADING, "");
    if (sep.trim() === "," && out.length > 0 && BARE_NAME.test(out[out.length - 1]) && APPOSITION.test(piece)) {
      out[out.length - 1] = `${out[out.length - 1]}, ${piece}`;
      glue = true;
      continue;
    }
    if (
      glue &&
      out.length > 0 &&
      COORDINATING.test(sep) &&
      !CLAUSE.test(opened) &&
      !phraseThenClause(opened) &&
      !NAMED_CLAUSE.test(opened) &&
      !NP_CLAUSE.test(opened) &&
      !TOPICALIZED.test(piece)
    ) {
      const joint = sep.trim() === "," ? ", " : ` ${sep.trim()} `;
      out[out.length - 1] = `${out[out.length - 1]}${joint}${piece}`;
      continue;
    }
    if (!afterFrontedClause(out, piece, sep)) out.push(piece);
    glue = true;
  }
  return out;
}
