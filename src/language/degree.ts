/**
 * A degree with no measure: an adverb of degree right before an adjective ("so clumsy", "too
 * loud", "that slow"). What would be enough is the robot's guess, so a lasting wish said this way
 * is asked back, never kept. Read from the library's part-of-speech tags, so the adjective is
 * any adjective, not a list of them.
 */
import { read } from "./nlp.ts";

/** Adverbs that say how much without saying how much is wanted. */
const DEGREE = new Set(["so", "too", "that", "very", "overly", "really", "super", "quite", "this"]);

/** Whether a clause holds a degree adverb right before an adjective. */
export function unmeasuredDegree(clause: string): boolean {
  const toks = read(clause).tokens.filter((t) => t.pos !== "PUNCT");
  return toks.some((t, i) => DEGREE.has(t.normal) && toks[i + 1]?.pos === "ADJ");
}

/**
 * Whether a clause asks the robot to be some way ("be gentler with the furniture", "be mindful
 * of the family"): "be" and an adjective, with only adverbs between. A trait says what to be,
 * not what to do, so what would satisfy it is the robot's guess.
 */
export function asksForTrait(clause: string): boolean {
  const toks = read(clause).tokens.filter((t) => t.pos !== "PUNCT");
  return toks.some((t, i) => {
    if (t.normal !== "be") return false;
    let k = i + 1;
    while (toks[k]?.pos === "ADV") k++;
    return toks[k]?.pos === "ADJ";
  });
}

/**
 * Whether a clause says the robot does something to excess ("you spend way too long in the loft",
 * "you're far too loud at night", "the robot is a bit too much in the hall"): the robot ("you", or
 * named) in it and "too" before an adjective, an adverb or "much" / "many". A complaint, though
 * what to do instead is not said.
 */
export function saysRobotOverdoes(clause: string): boolean {
  const toks = read(clause).tokens.filter((t) => t.pos !== "PUNCT");
  if (!toks.some((t) => ROBOT_NAMED.test(t.normal))) return false;
  return toks.some(
    (t, i) =>
      t.normal === "too" &&
      (toks[i + 1]?.pos === "ADJ" ||
        toks[i + 1]?.pos === "ADV" ||
        /^(?:much|many|long)$/.test(toks[i + 1]?.normal ?? "")),
  );
}

/** The robot as a clause names it: the addressee, or the machine by its name. */
const ROBOT_NAMED = /^(?:you|u|robot|bot)$/;

/**
 * Whether a clause with no verb opens by asking for a different amount of something ("fewer
 * stops", "less chatter", "more care near the vases"): a change is asked for, but how much is the
 * robot's guess, so it is asked back, never taken as a statement that corrects nothing.
 */
export function asksForAmount(clause: string): boolean {
  const toks = read(clause).tokens.filter((t) => t.pos !== "PUNCT");
  if (!/^(?:fewer|less|more)$/.test(toks[0]?.normal ?? "") || !toks[1]) return false;
  // the word after is the thing counted, whatever the tagger calls a plural or a gerund ("pauses", "beeping")
  if (!["NOUN", "PROPN", "VERB"].includes(toks[1].pos) || toks[1].normal === "please") return false;
  return !toks.slice(2).some((t) => t.pos === "VERB" || t.pos === "AUX");
}
