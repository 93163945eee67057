/**
 * A room named with the speaker's own room said beside it as what it is ("the guest room, which
 * is my room, …", "Ruby's room that's my room …"): the apposition says only whose the room is,
 * nothing of what to do, so it is left out before the message is read. The room named is then the
 * rule's room, and the speaker's room, which the learner cannot resolve alone, is not asked about.
 * An aside set off by commas inside it ("which is, for now, my room") says how long the room is
 * the speaker's, not when the rule holds, and goes with it.
 */
import {
  appositionLeadAt,
  closesPhrase,
  DETERMINER,
  ownRoomAt,
  speakersRoomAt,
  type Token,
} from "../../language/index.ts";
import { roomsIn } from "./rooms-in.ts";

/** Marks that set an apposition off: a comma or a dash. */
const SET_OFF = /^(?:,|-|–|—)$/;
/** The most words an aside inside the apposition may have. */
const MAX_ASIDE = 6;

/** The tokens without the appositions that only say a named room is the speaker's. */
export function withoutSpeakersRoomApposition(tokens: readonly Token[], house: readonly string[]): Token[] {
  const words = tokens.map((t) => t.w);
  const drop = new Set<number>();
  for (const r of roomsIn(tokens, 0, tokens.length, house)) {
    if (r.anaphor) continue;
    const end = appositionEnd(tokens, words, r.b, house);
    for (let d = r.b; d < (end ?? r.b); d++) drop.add(d);
  }
  for (const d of ownRoomNamedAfter(tokens, words, house)) drop.add(d);
  return drop.size ? tokens.filter((_, k) => !drop.has(k)) : [...tokens];
}

/** Marks that end a sentence. */
const SENTENCE_END = new Set([".", "!", "?", ";"]);

/**
 * "you can go in our room, the master bedroom, only when …": the speaker's room said first, then the
 * house's room set off after it as what it is: the room named is meant, and the words of whose it is
 * go. Only with no other room in the sentence, where the two might be a list of rooms.
 */
function ownRoomNamedAfter(tokens: readonly Token[], words: readonly string[], house: readonly string[]): number[] {
  const drop: number[] = [];
  for (let k = 0; k < words.length; k++) {
    const n = ownRoomAt(words, k);
    if (!n || words[k + n] !== ",") continue;
    let a = k + n + 1;
    if (DETERMINER.test(words[a] ?? "")) a++;
    const [r] = roomsIn(tokens, a, tokens.length, house);
    if (!r || r.anaphor || r.a !== a) continue;
    // "the main bedroom like": a filler may close it, and goes with it
    const filler = closesPhrase(words[r.b] ?? "") ? 1 : 0;
    const end = r.b + filler;
    if (end < words.length && words[end] !== "," && !SENTENCE_END.has(words[end])) continue;
    let from = k;
    while (from > 0 && !SENTENCE_END.has(words[from - 1])) from--;
    let to = end;
    while (to < words.length && !SENTENCE_END.has(words[to])) to++;
    const others = [...roomsIn(tokens, from, k, house), ...roomsIn(tokens, end, to, house)];
    if (others.length) continue;
    for (let d = k; d <= k + n; d++) drop.push(d);
    if (filler) drop.push(r.b);
  }
  return drop;
}

/** Where an apposition naming the speaker's room, starting right after a room at k, ends; undefined when there is none. */
function appositionEnd(
  tokens: readonly Token[],
  words: readonly string[],
  at: number,
  house: readonly string[],
): number | undefined {
  const setOff = SET_OFF.test(words[at] ?? "");
  let k = setOff ? at + 1 : at;
  const lead = appositionLeadAt(words, k);
  if (!lead) return undefined;
  k += lead;
  // "which is, for the time being, my room": an aside between commas, naming no room
  if (words[k] === ",") {
    let j = k + 1;
    while (j < words.length && j <= k + MAX_ASIDE && words[j] !== ",") j++;
    if (words[j] !== "," || roomsIn(tokens, k + 1, j, house).length) return undefined;
    k = j + 1;
  }
  const n = speakersRoomAt(words, k);
  if (!n) return undefined;
  // the mark that closes an apposition set off goes with it
  return setOff && SET_OFF.test(words[k + n] ?? "") ? k + n + 1 : k + n;
}
