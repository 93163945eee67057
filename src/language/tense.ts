/**
 * Whether a subordinate clause tells what happened ("while you were hunting for the remote",
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

/** Words after which a verb in the past wishes rather than tells: "I'd rather you didn't …". */
const WISHING = new Set([
  "rather",
  "prefer",
  "preferred",
  "if",
  "wish",
  "wished",
  "sooner",
  "better",
  "appreciate",
  "time",
]);

const past = (w: string) =>
  PAST_AUXILIARY.has(w) || IRREGULAR_PAST.has(w) || (w.length > 4 && w.endsWith("ed") && !ENDS_LIKE_PAST.has(w));

/**
 * A verb in a past form that is never its base form ("found", "went", "checked"; not "put", "set",
 * nor an auxiliary): first in a clause it tells what was done with its subject left out ("found the
 * keys in the den?"), never an imperative, which is the base form.
 */
export const pastNotBase = (w: string): boolean => past(w) && !PAST_AUXILIARY.has(w) && !SAME_IN_PAST.has(w);

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

/** Subordinators of time that can say what goes on during hours: "while the twins are sleeping". */
const DURING = new Set(["when", "while", "whenever", "as"]);

/** The present of "be" as a progressive's auxiliary, whole or cut short ("the cook's baking"). */
const BE_NOW = new Set(["is", "are", "am", "s", "re", "m", "'s", "'re", "'m"]);

/**
 * The clause's words open on a subordinator whose clause is in the present progressive ("when the
 * baker is kneading", "while we're eating"): what goes on at a time, as said of hours beside it.
 */
export function tellsWhatGoesOn(clause: string): boolean {
  const ws = clause.split(" ").filter((w) => /\p{L}/u.test(w));
  // "if it is raining" is a condition of its own: only a subordinator of time tells what goes on then
  const s = ws.findIndex((w) => DURING.has(w));
  if (s < 0) return false;
  const k = ws.findIndex((w, i) => i > s && i <= s + 4 && BE_NOW.has(w));
  return k > 0 && /^\p{L}{2,}ing$/u.test(ws[k + 1] ?? "");
}

/** Subjects that are the robot, whose own doing is never what goes on in the user's hours. */
const ROBOT = new Set(["you", "ya", "ye", "u", "youre", "yer"]);

/**
 * Said right after hours with both ends ("from 5 to 7 when the guests have their drinks"), a
 * clause that opens on "when" or "while" with a subject of its own, in the present, tells what
 * goes on in those hours, whatever its verb: the hours are when, the clause why. Not the robot's
 * doing, nor the past (news), nor the user asking (the rule's exception).
 */
export function tellsWhatGoesOnThen(clause: string): boolean {
  const ws = clause.split(" ").filter((w) => /\p{L}/u.test(w));
  if (!["when", "while"].includes(ws[0] ?? "") || ws.length < 3) return false;
  const subject = DETERMINER.has(ws[1]) ? ws[2] : ws[1];
  return (
    !ROBOT.has(subject) && !ws.slice(1).some((w) => past(w) || CONDITIONAL.has(w) || ASKING.has(w)) && !saysAState(ws)
  );
}

/**
 * "when I'm home", "while she is away": "be" with no verb in -ing after it tells a state that may
 * or may not hold through the hours, so the clause stays a condition of its own (dropping it would
 * ban the hours outright, broader than said); "when they are sleeping" tells a doing.
 */
const saysAState = (ws: readonly string[]) =>
  ws.some((w, k) => BE_NOW.has(w) && !/^\p{L}{2,}ing$/u.test(ws[k + 1] ?? ""));

/** Subordinators that open a condition of their own inside the clause ("when I'm out, if it rains"). */
const CONDITIONAL = new Set(["if", "unless", "once", "since", "until", "till"]);

/** Verbs of the user asking or calling the robot in: "when I ask", "while I call you". */
const ASKING = new Set([
  "ask",
  "asks",
  "call",
  "calls",
  "tell",
  "tells",
  "say",
  "says",
  "want",
  "wants",
  "let",
  "lets",
]);

/**
 * Whether words tell of something that happened: a verb in the past anywhere in them ("I just
 * cleaned the attic", "the nursery got painted"). A ban said after such news may last only while
 * it holds, and its room is not taken from the news without asking.
 */
export function toldInPast(words: readonly string[]): boolean {
  // "he gets scared", "she feels tired": a participle after a linking verb of the present is an
  // adjective that says how things are, no news of what happened ("is cleaned" may be: it stays news)
  return words.some(
    (w, k) => /^\p{L}+$/u.test(w) && past(w) && !(ADJECTIVE_AFTER.has(words[k - 1] ?? "") && !PAST_AUXILIARY.has(w)),
  );
}

/** Linking verbs of the present: a word like a past after them is an adjective ("gets scared", "seems annoyed"). */
const ADJECTIVE_AFTER = new Set([
  "get",
  "gets",
  "become",
  "becomes",
  "feel",
  "feels",
  "seem",
  "seems",
  "look",
  "looks",
]);

/**
 * Whether the negation at `k` of the normalised words is said in the past of what was done: "not"
 * after "did" ("you did not check the loft"), or "never" before a verb in the past, adverbs
 * between ("you never even searched it"). Such a negation reports; it forbids nothing from now on.
 * "was / were not" is left out: "you were not to go in" still forbids, and so is the past of a
 * wish ("I'd rather you didn't go in", "it's time you didn't …").
 */
export function negatedInPast(words: readonly string[], k: number): boolean {
  // "I'd rather you didn't", "it would be better if you did not": the past of a wish asks, it reports nothing
  if (words.slice(Math.max(0, k - 8), k).some((w) => WISHING.has(w))) return false;
  if (negatedInModalPerfect(words, k)) return true;
  if (words[k] === "not") return words[k - 1] === "did";
  if (words[k] !== "never") return false;
  let j = k + 1;
  while (j < words.length && (ADVERB.has(words[j]) || words[j] === "even")) j++;
  return j < words.length && !PAST_AUXILIARY.has(words[j]) && !SAME_IN_PAST.has(words[j]) && past(words[j]);
}

/** Modals of what would have been: "I would never have looked", "we could not have found it". */
const MODAL = new Set(["would", "could", "might", "should"]);

/**
 * "I'd never have looked there", "we would not have gone in the loft": a negation in the speaker's
 * modal perfect (a modal after "I" or "we", "have" after the negation) tells what would have
 * happened, forbidding nothing. The robot's own ("you should not have gone in") is a reproach, and stays.
 */
function negatedInModalPerfect(words: readonly string[], k: number): boolean {
  if (words[k] !== "not" && words[k] !== "never") return false;
  let j = k + 1;
  while (j < words.length && ADVERB.has(words[j])) j++;
  let m = k - 1;
  while (m >= 0 && ADVERB.has(words[m])) m--;
  return words[j] === "have" && MODAL.has(words[m] ?? "") && (words[m - 1] === "i" || words[m - 1] === "we");
}

/** Verbs whose past is their base form: after "never" they may as well forbid ("never set foot in …"). */
const SAME_IN_PAST = new Set(
  "set put cut let hit shut quit hurt cost spread read bet cast burst fit rid split thrust upset broadcast".split(" "),
);

/**
 * "I think I'd have looked forever", "we could have been there all day": what would have happened,
 * said by the speaker in the modal perfect, asks nothing of the robot; its "forever" or "never"
 * lasts nothing ("I'd never have looked there" forbids nothing; said "I'd a never looked", the same). The text without such a clause (to its end, or the next comma or stop).
 */
export function withoutCounterfactual(text: string): string {
  // spoken "a" for "have" ("I'd a never looked"), only where a negation or "been" follows, never an article
  return text
    .replace(
      /\b(?:i|we) (?:would|could|might|should)(?: not| never)? (?:have|a(?= (?:never|not|been) )) \w+[^,.;!?]*/g,
      " ",
    )
    .trim();
}
