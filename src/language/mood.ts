/**
 * The mood of a clause, from the library's part-of-speech tags: whether it tells the robot to do
 * something, or says how things are. Only a clause that asks something of the robot can become
 * a rule; a statement beside one ("it blocks the door", "the light's broken") is the reason for
 * it, and a statement alone is no rule at all.
 *
 * - imperative: the verb comes first, after words that carry no act ("please", "ok so", "just"),
 *   or after a negation ("don't go", "never stop", "no going");
 * - request: a modal before "you" ("could you not go …", "would you kindly …");
 * - modal: "you" and a modal ("you should …", "you can …", "you must not …");
 * - wish: the speaker's wish about the robot ("I'd rather you …", "I want you to …", "I'd
 *   prefer …", "I'd appreciate it if you …");
 * - question: a question word first, or a question mark with none of the above;
 * - statement: anything else.
 */
import { read } from "./nlp.ts";
import { pastNotBase } from "./tense.ts";

export type Mood = "imperative" | "request" | "modal" | "wish" | "question" | "statement";

/** Words before the act that carry none: interjections, politeness, fillers, linking words. */
const NO_ACT = new Set([
  "please",
  "pls",
  "ok",
  "okay",
  "so",
  "and",
  "but",
  "also",
  "just",
  "then",
  "well",
  "hey",
  "oh",
  "um",
  "uh",
  "now",
  "actually",
  "basically",
  "really",
  "kindly",
  "robot",
  "like",
  "yeah",
  "alright",
  "right",
  "honestly",
  "always",
  "ever",
  "from",
  "going",
  "forward",
  "on",
  "again",
]);
const MODAL = new Set(["can", "could", "would", "will", "should", "must", "may", "might", "shall"]);
const WISH_VERB = new Set(["rather", "prefer", "like", "love", "want", "need", "appreciate", "wish", "hope"]);
const YOU = new Set(["you", "u", "ya"]);
const HOW_OFTEN = new Set(["always", "constantly", "forever", "still", "often", "usually", "sometimes", "just"]);
const DEGREE = new Set(["too", "so", "very", "really", "rather", "quite"]);
/** Verbs of answering that, first in a clause, ask for a way of speaking. */
const SPEAK_VERB = new Set(["answer", "reply", "respond", "talk", "speak", "use", "write"]);
const QUESTION_WORD = new Set(["what", "where", "which", "who", "why", "how", "when"]);

/** A present participle: a word of five letters or more ending in "ing". */
const PARTICIPLE = /^[a-z]{2,}ing$/;
/** Base forms that end like a participle. */
const BASE_IN_ING = new Set(["bring", "fling", "sling", "sting", "swing", "cling", "wring", "string", "spring"]);

export function mood(clause: string): Mood {
  const toks = read(clause).tokens.filter((t) => t.pos !== "PUNCT" || t.text === "?");
  const asks = toks.at(-1)?.text === "?";
  const words = toks.filter((t) => t.pos !== "PUNCT");
  let i = 0;
  while (i < words.length && (NO_ACT.has(words[i].normal) || words[i].pos === "INTJ")) i++;
  const at = (k: number) => words[i + k];
  const w = (k: number) => at(k)?.normal ?? "";
  if (!at(0)) return asks ? "question" : "statement";
  if (QUESTION_WORD.has(w(0))) return "question";
  // "do not go", "don't ever stop", "never go", "no going"
  if (w(0) === "do" && (w(1) === "not" || w(1) === "never")) return "imperative";
  // "do what I said", "do it the other way": "do" first, not asking
  if (w(0) === "do" && !YOU.has(w(1)) && !asks) return "imperative";
  // "never open …", "not the bathroom this time": a clause opened by a negation forbids; "no" only before a verb ("no going"), not "no thanks"
  if (w(0) === "never" || w(0) === "not") return "imperative";
  if (w(0) === "no" && (at(1)?.pos === "VERB" || at(1)?.pos === "AUX" || w(1).endsWith("ing"))) return "imperative";
  if (w(0) === "let" && (w(1) === "us" || w(1) === "'s")) return "imperative";
  if (MODAL.has(w(0)) && YOU.has(w(1))) return "request";
  // "could we make that 11 instead?": a modal and "we" before a verb proposes, as a request does
  if (MODAL.has(w(0)) && w(1) === "we" && (at(2)?.pos === "VERB" || at(2)?.pos === "AUX")) return "request";
  // "you ought to …" is "you should …" said with the old modal of duty
  // "you are always in the way", "you are too loud": where the robot is or what it is like, said of
  // it as a complaint, directs nothing until the user says what to do ("you are not to …" does)
  if (YOU.has(w(0)) && w(1) === "are") {
    let k = 2;
    while (HOW_OFTEN.has(w(k))) k++;
    if (at(k)?.pos === "ADP" || DEGREE.has(w(k))) return asks ? "question" : "statement";
  }
  if (YOU.has(w(0)) && (MODAL.has(w(1)) || ["need", "have", "are", "ought"].includes(w(1)))) return "modal";
  if (w(0) === "i" || w(0) === "we") {
    const rest = words.slice(i + 1, i + 5).map((t) => t.normal);
    if (rest.some((x) => WISH_VERB.has(x))) return "wish";
  }
  // "be quiet", "be nicer": the verb to be first is an imperative too
  if (w(0) === "be" && words.length > i + 1) return "imperative";
  // "answer in one sentence", "talk less": verbs of speaking the tagger reads as nouns when first,
  // unless a verb follows ("answers are too long")
  if (SPEAK_VERB.has(w(0)) && at(1)?.pos !== "AUX" && at(1)?.pos !== "VERB" && !asks) return "imperative";
  // "having thought again, …", "looking back on it": a participle first opens an adjunct, never an
  // imperative, which is the verb's base form ("bring", "swing" only end like one)
  if (at(0)?.pos === "VERB" && PARTICIPLE.test(w(0)) && !BASE_IN_ING.has(w(0))) return asks ? "question" : "statement";
  // "found the keys in the den?", "went in the loft again": a past first tells, its subject left out
  if (at(0)?.pos === "VERB" && pastNotBase(w(0))) return asks ? "question" : "statement";
  // the verb first: "go", "stay out", "keep", "stop"; wink tags a sentence-initial imperative VERB
  if (at(0)?.pos === "VERB" && !asks) return "imperative";
  if (at(0)?.pos === "VERB" && asks) return "request";
  return asks ? "question" : "statement";
}

/** Whether a clause of this mood can ask something of the robot. */
export const directs = (m: Mood): boolean => m !== "statement" && m !== "question";

/** "even if I ask", "even when guests are over": concessive, the act holds then too, no condition. */
export const CONCESSIVE = /\beven (?:if|when|whenever|while|though|after|before|once)\b/;

/** Whom an act binds, said as the robot: "not for robots", "not for you either". */
export const FOR_THE_ROBOT = /\bfor (?:the |a )?(?:robots?|machines?|you|u)\b/;

/**
 * A fragment opened by "not" with no verb of its own ("not even for a look", "not once", "not
 * even to peek"): an ellipsis whose verb is the clause's before it, so it asks nothing new, it
 * only stresses that clause's negation. A verb is its own only when finite: an infinitive after
 * "to" is still the earlier verb's purpose. "even if" / "even when" is concessive ("not even if I
 * ask"): the clause holds then too, so that stresses it as well; any other subordinate clause ("not
 * when guests are over") says when, and is no ellipsis.
 */
export function elliptical(fragment: string): boolean {
  const words = read(fragment).tokens.filter((t) => t.pos !== "PUNCT");
  let i = 0;
  while (i < words.length && (NO_ACT.has(words[i].normal) || words[i].pos === "INTJ")) i++;
  if (words[i]?.normal !== "not" || words.length === i + 1) return false;
  for (let k = i + 1; k < words.length; k++) {
    const t = words[k];
    const before = words[k - 1].normal;
    if (t.pos === "SCONJ") return before === "even";
    if ((t.pos === "VERB" || t.pos === "AUX") && before !== "to") return false;
  }
  return true;
}

/**
 * "mosquitoes will get in", "guests come over on weekends": a part that opens with a subject of
 * its own (a noun phrase, by the library's tags) and its verb says something of the world; after
 * an act, it says why, never when the act holds.
 */
export function opensWithSubject(part: string): boolean {
  const words = read(part).tokens.filter((t) => t.pos !== "PUNCT");
  let i = 0;
  while (i < words.length && ["DET", "PRON", "ADJ", "NUM"].includes(words[i].pos) && words[i].normal !== "i") i++;
  const head = i;
  while (i < words.length && (words[i].pos === "NOUN" || words[i].pos === "PROPN")) i++;
  return i > head && (words[i]?.pos === "AUX" || words[i]?.pos === "VERB");
}

/** A person said as a pronoun, the robot aside: the speaker, the household, someone in it. */
const PERSON = new Set(["i", "we", "he", "she", "they"]);
/** Verbs of saying: "I mean the den", "I said no" point at the message, they tell no fact. */
const SAYING = new Set(["mean", "meant", "said", "say", "told", "tell", "asked", "ask", "think", "guess"]);

/**
 * "i bake at night", "we eat there at six", "she is sleep after her shift": a part that opens with
 * a person (a pronoun, never the robot) and their verb, says nothing to or of the robot and is a
 * statement (no wish, no request): it tells a fact about people, the reason of a request beside it.
 */
export function personTells(part: string): boolean {
  const words = read(part).tokens.filter((t) => t.pos !== "PUNCT");
  if (!PERSON.has(words[0]?.normal ?? "") || !["AUX", "VERB"].includes(words[1]?.pos ?? "")) return false;
  if (SAYING.has(words[1].normal) || words.some((t) => YOU.has(t.normal) || t.normal === "robot")) return false;
  return mood(part) === "statement";
}
