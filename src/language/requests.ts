/**
 * What a request to the robot says that is not about the object: the asking ("Can you find",
 * "Take me to", "I need", "Where is"), politeness at the end ("…, please", "… for me"), and
 * sentences that only ask again ("Could you get it for me?", "Take me to it."). One grammar for
 * the memorizer, which must not store them as facts, and for retrieval, whose query they would
 * pull toward every other request the user ever made.
 */
import { sentences } from "./sentences.ts";

/** Interjections and chat shorthand that carry nothing ("okay so", "hey robot"). */
export const INTERJECTION =
  /^(?:(?:hey|hi|hello|ok|okay|so|um|uh|oh|ah|well|robot|alright|right|actually|btw|fyi|anyway|by the way)[,!]?\s+)+/i;

/** The asking that opens a request; what follows it is the object and what the user says of it. */
export const REQUEST = new RegExp(
  String.raw`^(?:(?:hey|hi|ok|okay|so|robot|please|now)[,!]?\s+)*` +
    String.raw`(?:(?:please|kindly|can you|could you|would you|will you|you|i need you to|i want you to|go and|go)\s+)*` +
    String.raw`(?:(?:bring|get|fetch|find|grab|take|locate|search for|look for|navigate to|go to|head to|show|carry|pick up|hand)(?:\s+(?:me|us))?(?:\s+to)?` +
    String.raw`|i need|i want|i'd like|i would like|i'm looking for|i am looking for|help me find|where is|where's|where are)\s+`,
  "i",
);

/** What a request ends on that is no fact ("…, please", "… for me"). */
export const REQUEST_TAIL =
  /(?:[,\s]+(?:please|for me|thanks|thank you|right now|now please|if you (?:please|would|could|don't mind|wouldn't mind)))+\s*$/i;

/** A sentence that only asks again for the object ("Could you get it for me?", "Take me to it."). */
export const REQUEST_ONLY = new RegExp(
  String.raw`^(?:(?:please|ok|okay)\s+)?(?:(?:can|could|would|will) you\s+(?:please\s+)?)?` +
    String.raw`(?:bring|get|fetch|find|grab|take|show|hand|carry)\b(?:\s+(?:it|them|that|this|one|me|us|to|here|over|for|now|please|back))*$`,
  "i",
);

/** "…, can you grab it", "…, bring it here": a request tacked onto a description. */
export const TRAILING_ASK =
  /[,;]\s*(?:(?:and|so)\s+)?(?:(?:can|could|would|will) you\b.*|(?:please\s+)?(?:bring|fetch|grab|get|hand|carry)(?:\s+(?:it|them|this|that|me|us|here|over|back|please|now))*\s*[.!]?)$/i;

/**
 * Pure: the part of a request that describes the object, its asking removed ("Can you fetch the
 * one I use at the gym for me? Take me to it." → "the one I use at the gym"). A request that is
 * all asking is returned whole (there is nothing else to search with).
 */
export function describedPart(request: string): string {
  const parts = sentences(request.trim())
    .map((s) => s.replace(INTERJECTION, ""))
    .filter((s) => !REQUEST_ONLY.test(s))
    .map((s) => s.replace(REQUEST, "").replace(TRAILING_ASK, "").replace(REQUEST_TAIL, "").trim())
    .filter((s) => s && !REQUEST_ONLY.test(s));
  return parts.length ? parts.join(". ") : request.trim();
}

/**
 * Where the asking opens a clause ("…; would you bring the spectacles I read with", "Where is
 * …"): what follows it, to the sentence's end, is the object asked for.
 */
const ASKING =
  /(?:^|[.;:!?,]\s*|\b(?:can|could|would|will) you\s+(?:please\s+)?|\bplease\s+)(?:bring|fetch|find|get|grab|locate|carry|hand|pass|take me to|show me|look for|search for|where(?:'s| is| are))\b([^.;!?]*)/giu;

/**
 * A question opening on "which" ("Which cap do I take for that now?") asks for the thing it
 * names; only at a sentence's start, since ", which I wear" is a relative clause of another.
 */
const WHICH_ASKED = /(?:^|[.;:!?]\s*)which\s+([^.;!?]*)/giu;

/** Pure: what follows each asking in `text`, to its sentence's end: the objects asked for, in order. */
export function askedParts(text: string): string[] {
  return [...text.matchAll(ASKING), ...text.matchAll(WHICH_ASKED)]
    .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
    .map((m) => m[1]);
}
