/**
 * A subordinate clause said before its main clause ("When the grandkids visit, they fly it.",
 * "If it pours, I grab this one."): the time or condition belongs to the fact the main clause
 * says. Split at the comma, the subordinate clause was a statement of its own, with the object
 * forced into it ("the grandkids visit this toy"), and the main fact lost its "when". English puts
 * the same clause after its main clause with nothing lost ("they fly it when the grandkids
 * visit"): that is how it is written.
 */
import { read } from "./nlp.ts";

/** Subordinators of time and condition that can open a sentence before its main clause. */
const FRONTED = /^(?:when|whenever|while|once|if|before|after|until|every time|each time)\s+\S/iu;

/** A clause of its own: a subject (pronoun, determiner, name or noun) first, a verb in it. */
function mainClause(piece: string): boolean {
  const tokens = read(piece).tokens.filter((t) => t.pos !== "PUNCT");
  const first = tokens[0];
  if (!first || !["PRON", "DET", "PROPN", "NOUN"].includes(first.pos)) return false;
  return tokens.some((t) => t.pos === "VERB" || t.pos === "AUX");
}

const hasVerb = (piece: string) => read(piece).tokens.some((t) => t.pos === "VERB" || t.pos === "AUX");

/**
 * When `piece`, after the comma `sep`, is the main clause of a subordinate clause that opened the
 * sentence (the pieces since it, verbless, are appositions: "when I walk Rex, my old collie, I …"),
 * the fact is written main clause first, in `facts`, and true is returned.
 */
export function afterFrontedClause(facts: string[], piece: string, sep: string): boolean {
  if (sep.trim() !== "," || facts.length === 0) return false;
  let i = facts.length - 1;
  while (i > 0 && !FRONTED.test(facts[i]) && !hasVerb(facts[i])) i--;
  if (!FRONTED.test(facts[i]) || !mainClause(piece)) return false;
  const said = facts.splice(i).join(", ");
  facts.push(`${piece} ${said.charAt(0).toLowerCase()}${said.slice(1)}`);
  return true;
}
