/**
 * The speaker's own room said with a possessive ("my room", "ma room", "my own room"): the
 * learner has no speaker to resolve it to, so it is read only where the message itself names the
 * room it is, in apposition ("the guest room, which is my room", "Ruby's room that's my room") or
 * as the room put right after it ("my room — Ruby's room I mean"). Elsewhere it stays unread and
 * is asked. One place for the words it is made of.
 */

import { FILLER } from "./message-words.ts";
import { bounded } from "./word-class.ts";

/** Possessives of the speaker, as typed in the Englishes the households speak: "my", Scots "ma", Caribbean "mi". */
const SPEAKER_POSSESSIVE = /^(?:my|ma|mi)$/;
/** Nouns of a room of one's own. */
const OWN_ROOM_NOUN = /^(?:room|bedroom)$/;

/** How many words the speaker's room said at k takes ("my room", "my own room"), or 0. */
export function speakersRoomAt(words: readonly string[], k: number): number {
  if (!SPEAKER_POSSESSIVE.test(words[k] ?? "")) return 0;
  const own = words[k + 1] === "own" ? 1 : 0;
  return OWN_ROOM_NOUN.test(words[k + 1 + own] ?? "") ? 2 + own : 0;
}

/** The speaker's room or the household's ("our room", Geordie "wor room", read as "our"): how many words at k, or 0. */
export function ownRoomAt(words: readonly string[], k: number): number {
  return words[k] === "our" && OWN_ROOM_NOUN.test(words[k + 1] ?? "") ? 2 : speakersRoomAt(words, k);
}

/**
 * A word that may close a phrase set off, as Northern English does with "like" ("the main bedroom
 * like, …") and any filler: it adds nothing to what the phrase names.
 */
export const closesPhrase = (w: string): boolean => w === "like" || bounded(FILLER).test(w);

/**
 * Words that say that a room just named is the speaker's room: "which is", "that is" (and
 * "that's", spelt out by the tokenizer), "is", "who is".
 */
const APPOSITION_LEADS: readonly (readonly string[])[] = [["which", "is"], ["that", "is"], ["is"]];

/** How many words an apposition's lead takes at k, or 0. */
export function appositionLeadAt(words: readonly string[], k: number): number {
  for (const lead of APPOSITION_LEADS) if (lead.every((w, i) => words[k + i] === w)) return lead.length;
  return 0;
}
