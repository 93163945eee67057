/**
 * Sentences whose words are not in the order the memorizer reads (subject, verb, object, then
 * the phrases): put back in that order, same fact, same words.
 * - A subordinate clause of cause said first with no comma after it ("because the lid cracked I
 *   use the tin now"): it ends where the main clause's subject and verb begin; a cause said first
 *   is the same as the cause and then "so" (what readReferents reads as a change).
 * - An it-cleft ("it's the tin I use now"): the phrase it focuses is the object of the clause
 *   after it, written as "the tin is the one I use now" (objectFirst in statements.ts reads it).
 * - A phrase of purpose or place said before the subject ("for the commute I take …"): said
 *   after the clause's object, where the object gap of the clause is filled.
 */
import { read } from "./nlp.ts";

/** What may open a sentence before its clause and stays there ("and", "so", "oh,", "now"). */
const OPENER = String.raw`(?:(?:and|so|but|oh|well|ok|okay|also|honestly|actually|anyway|basically)[,]?\s+)*`;
/** Time adverbs said first that mark a change and stay first ("now", "these days"). */
const TIME_FIRST = String.raw`(?:(?:now|these days|nowadays|lately|from now on|at the moment)[,]?\s+)*`;
/** A subject pronoun that opens the main clause. */
const SUBJECT = "(?:i|i've|i'm|i'd|we|we've|we're)";
/** Words between a subject and its verb. */
const BEFORE_VERB = String.raw`(?:(?:now|just|always|usually|mostly|only|also|still|then|have|had|tend to)\s+)*`;

/** Subordinators of cause (and of a change: "now that"), said first. */
const CAUSE_FIRST = new RegExp(
  String.raw`^(${OPENER})(since|because|cause|'cause|as|now that)\s+(.+?)\s+(${SUBJECT}\s+${BEFORE_VERB}[\p{L}']{2,}\b.*)$`,
  "iu",
);

/**
 * A clause: a verb in it. The tagger reads a present verb in -s after a noun as a second noun
 * ("the lid leaks"); one after a noun head and at the clause's end is taken as its verb.
 */
function hasVerb(text: string): boolean {
  const tokens = read(text).tokens;
  return tokens.some(
    (t, i) =>
      t.pos === "VERB" ||
      t.pos === "AUX" ||
      (i === tokens.length - 1 && i > 0 && /s$/i.test(t.text) && ["NOUN", "NUM"].includes(tokens[i - 1].pos)),
  );
}

/** Verbs of meaning or thinking: "it's the tin I think" is an aside, not a cleft. */
const THINKING = /^(?:mean|meant|think|thought|guess|reckon|suppose|believe|bet|hope|say)\b/i;

/** "it is the tin (that) I use now": the focused noun phrase and the clause that follows it. */
const CLEFT = new RegExp(
  String.raw`^(${OPENER})(now[,]?\s+)?(?:it|that) is\s+(now\s+)?((?:the|my|our|this|that)\s+(?:(?!ones?\b)[\p{L}'-]+\s+){0,4}?(?!ones?\b)[\p{L}'-]+)\s+(?:that\s+|which\s+)?((?:i|we|he|she|they|my\s+[\p{L}-]+)\s+(?:(?:now|just|always|usually|mostly|only|also|still|tend to|have|had)\s+)*([\p{L}']+)\b.*)$`,
  "iu",
);

/** Words that cannot be in the focused noun phrase (a clause starts there, not a noun). */
const NOT_IN_PHRASE = /\b(?:is|are|was|were|i|we|he|she|they|you|it|who|which|that|one|ones)\b/i;

/** Prepositions of purpose, place and occasion that can open a sentence before its subject. */
const FRONT_PHRASE = new RegExp(
  String.raw`^(${OPENER})(${TIME_FIRST})((?:for|in|at|on|around|during|by|to)\s+(?:[\p{L}'-]+\s+){0,5}?)(${SUBJECT}\s+${BEFORE_VERB}[\p{L}']{2,}\b.*?)([.!?]*)$`,
  "iu",
);

/** "at the office I sip …": a phrase said first, then a clause (its subject, its verb). */
export const phraseThenClause = (piece: string) => FRONT_PHRASE.test(piece);

/** "because the lid cracked I use the tin" → "the lid cracked, so I use the tin". */
function causeFirst(text: string): string {
  const m = text.match(CAUSE_FIRST);
  if (!m || /,/.test(m[3]) || !hasVerb(m[3]) || m[3].trim().split(/\s+/).length < 2) return text;
  // "now that" says a change: the main clause keeps "now", at its end ("…, so I use the tin now")
  const main =
    m[2].toLowerCase() === "now that" && !/\b(?:now|these days|nowadays)\b/i.test(m[4])
      ? m[4].replace(/\s*([.!?]*)$/, " now$1")
      : m[4];
  return `${m[1]}${m[3]}, so ${main}`;
}

/** "it is the tin I use now" → "the tin is the one I use now". */
function cleft(text: string): string {
  const m = text.match(CLEFT);
  if (!m || THINKING.test(m[6]) || NOT_IN_PHRASE.test(m[4].replace(/^(?:the|my|our|this|that)\s+/i, ""))) return text;
  const now = m[2] || m[3] ? "now " : "";
  // the words before the cleft ("and", "honestly") say nothing of the object
  return `${m[4]} is ${now}the one ${m[5]}`;
}

/** "now for the commute I take the grey bag" → "now I take the grey bag for the commute". */
function phraseFirst(text: string): string {
  const m = text.match(FRONT_PHRASE);
  if (!m || /,/.test(m[3]) || hasVerbOtherThanGerund(m[3])) return text;
  return `${m[1]}${m[2]}${m[4].replace(/[,\s]+$/, "")} ${m[3].trim()}${m[5]}`;
}

/** A verb in the phrase makes it a clause ("for I …"), not a phrase; a gerund ("for reading") is a noun. */
function hasVerbOtherThanGerund(phrase: string): boolean {
  return read(phrase).tokens.some((t) => (t.pos === "VERB" || t.pos === "AUX") && !/ing$/i.test(t.text));
}

/** The sentence in the memorizer's order (each shape above); unchanged when none fits. */
export function inSaidOrder(text: string): string {
  return phraseFirst(cleft(causeFirst(text.trim())));
}
