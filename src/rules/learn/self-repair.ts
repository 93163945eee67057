/**
 * A speaker putting right what they just said, inside one message: "stay out of the sunroom, no
 * wait, I mean the den" asks about the den only; "keep it under 20 words, sorry, 15 words" asks
 * for 15. The words taken back (the last room, or the last number, said right before the words
 * that take it back) and those words are left out before the message is read, so the room taken
 * back never becomes a rule and the words that took it back never become a behaviour of their own.
 *
 * Only a repair of the same kind as what it follows is read so: a room for a room, a number for a
 * number. Anything else ("…, sorry, I mean it") is left as said, for the clause readers. A room
 * said as the one replaced ("not the kitchen, I meant the pantry") that a rule in force names is
 * that rule's room put right, not a slip of this message: it is left for the revision reader.
 */
import {
  ADDITIVE,
  BARE_REACTION,
  bounded,
  EXPLAIN,
  findTimes,
  HOUR_PREPOSITION,
  isMinutesBeforeHour,
  isWordToken,
  numberAt,
  PART_CUT,
  REPLACED_LEAD,
  RESTART_LEAD,
  read,
  sameRoom,
  saysEveryHour,
  speakersRoomAt,
  TAKE_BACK,
  TAKE_BACK_UNCUT,
  type Token,
  Words,
} from "../../language/index.ts";
import { roomsIn } from "./rooms-in.ts";
import type { Span } from "./segments.ts";

const takeBack = bounded(TAKE_BACK);
const uncut = bounded(TAKE_BACK_UNCUT);
/** words that may stand between a number and the interruption: its unit ("20 words, sorry, 15") */
const MAX_UNIT_WORDS = 3;

export interface Repaired {
  tokens: Token[];
  /**
   * Words taking back a room that is not the last thing said before them ("the den after 9, sorry,
   * I mean the attic": the hours may be the attic's or not): what is meant is asked, never guessed
   */
  unresolved: Span[];
}

/** The tokens once every self-repair is made: the words taken back and those taking them back left out. */
export function withoutSelfRepairs(
  tokens: readonly Token[],
  house: readonly string[],
  /** the rooms the user's rules in force name */
  kept: readonly string[] = [],
): Repaired {
  let out = [...tokens];
  const unresolved: Span[] = [];
  // where the last interruption read ended: a "no" right after "hang on, " is that interruption's
  let seen = -1;
  for (let k = 1; k < out.length; k++) {
    const trailing = PART_CUT.test(out[k - 1].w) ? trailingRepair(out, k, house) : undefined;
    if (trailing === "unresolved") unresolved.push({ a: k, b: out.length });
    else if (trailing) {
      out = [...out.slice(0, trailing.from), ...out.slice(k, trailing.room), ...out.slice(trailing.end)];
      k = trailing.from;
      continue;
    }
    if (!PART_CUT.test(out[k - 1].w) && new Words(out, k, out.length).first(uncut)?.a !== k) continue;
    const j = interruptionEnd(out, k, k > seen);
    if (j === undefined) continue;
    seen = j;
    const from = repaired(out, k, j, house, kept);
    if (from === "unresolved") unresolved.push({ a: k, b: j });
    if (from === undefined || from === "unresolved") continue;
    out = [...out.slice(0, from), ...out.slice(j)];
    k = from;
  }
  return { tokens: out, unresolved };
}

/**
 * "stay out of the study, the office I mean": a room said after a cut with the take-back words
 * after it, closing the part, puts right the room said last before the cut. The words from the room
 * taken back to the cut go (`from`), the repair's room stays (up to `room`), its take-back words go
 * (up to `end`). With words between the room taken back and the cut what is meant is asked.
 */
function trailingRepair(
  tokens: readonly Token[],
  k: number,
  house: readonly string[],
): { from: number; room: number; end: number } | "unresolved" | undefined {
  const repair = roomsIn(tokens, k, Math.min(tokens.length, k + 6), house).find((r) => !r.anaphor);
  if (repair?.a !== k) return undefined;
  const back = new Words(tokens, repair.b, tokens.length).first(takeBack);
  if (back?.a !== repair.b || (back.b < tokens.length && !PART_CUT.test(tokens[back.b].w))) return undefined;
  const named = roomsIn(tokens, 0, k, house)
    .filter((r) => !r.anaphor)
    .at(-1);
  // "stay out of my room, Ruby's room I mean": the speaker's own room is put right as a room is
  const own = speakersRoomBefore(tokens, k);
  const before = own && (!named || own.a > named.a) ? own : named;
  if (!before) return undefined;
  // words between that say only every hour ("my room ever, Ruby's room I mean") limit nothing
  const between = tokens
    .slice(before.b, k)
    .filter((t) => isWordToken(t.w))
    .map((t) => t.w)
    .join(" ");
  if (between && !(before === own && saysEveryHour(between) && !findTimes(between).length)) return "unresolved";
  return { from: before.a, room: repair.b, end: back.b };
}

/** The last place before k where the speaker's own room is said ("my room"), if any. */
function speakersRoomBefore(tokens: readonly Token[], k: number): Span | undefined {
  const words = tokens.map((t) => t.w);
  for (let j = k - 1; j >= 0; j--) {
    const n = speakersRoomAt(words, j);
    if (n && j + n <= k) return { a: j, b: j + n };
  }
  return undefined;
}

/** The end of the words that take something back starting at k ("no wait, I mean"), or undefined. */
function interruptionEnd(tokens: readonly Token[], k: number, opens = true): number | undefined {
  let j = k;
  for (;;) {
    const rest = new Words(tokens, j, tokens.length);
    // words that take back uncut open the interruption; after other such words a "no" is theirs
    const m = [opens && j === k ? rest.first(uncut) : undefined, rest.first(takeBack)].find((x) => x?.a === j);
    if (m) {
      j = m.b;
      while (j < tokens.length && PART_CUT.test(tokens[j].w)) j++;
      continue;
    }
    break;
  }
  return j > k && j < tokens.length ? j : undefined;
}

/**
 * Where the words taken back start, when the repair at j is of the same kind as what was said
 * last before the interruption at k: a room for a room, a number for a number.
 */
function repaired(
  tokens: readonly Token[],
  k: number,
  j: number,
  house: readonly string[],
  kept: readonly string[],
): number | "unresolved" | undefined {
  const repair = roomsIn(tokens, j, Math.min(tokens.length, j + 6), house).find((r) => !r.anaphor);
  if (repair?.a === j && !saysMore(tokens, repair.b)) {
    const before = roomsIn(tokens, 0, k, house)
      .filter((r) => !r.anaphor)
      .at(-1);
    if (!before) return undefined;
    let lead = before.a;
    while (lead > 0 && !PART_CUT.test(tokens[lead - 1].w)) lead--;
    if (kept.some((r) => sameRoom(r, before.room)) && REPLACED_LEAD.test(new Words(tokens, lead, before.a).text))
      return undefined;
    // the room taken back is the last thing said before the interruption
    return tokens.slice(before.b, k).every((t) => !isWordToken(t.w)) ? before.a : "unresolved";
  }
  const restart = restarted(tokens, k, j);
  if (restart !== undefined) return restart;
  const words = tokens.map((t) => t.w);
  const again = timeSaidAgain(words, k, j);
  if (again !== undefined) return again;
  const hour = words[j] !== "a" ? numberAt(words, j) : undefined;
  if (!hour) return undefined;
  // "until 5 sorry 6 am since I start early": a word of the clock after the hour put right is the
  // hour's own ("am" is no verb there), and the reason after it is no more said of it
  const hourEnd = CLOCK_WORD_AFTER.has(words[hour.end] ?? "") ? hour.end + 1 : hour.end;
  for (let n = k - 1; n >= 0 && n >= k - 1 - MAX_UNIT_WORDS - 1; n--) {
    if (words[n] === "a" || !numberAt(words, n)) continue;
    // "twenty five": the number starts at its first word
    let start = n;
    while (start > 0 && (numberAt(words, start - 1)?.end ?? 0) > n) start--;
    const unit = tokens.slice(numberAt(words, start)!.end, k).filter((t) => isWordToken(t.w));
    if (unit.length > MAX_UNIT_WORDS) return undefined;
    // "between half six no wait six and eight, that's …": an hour put right inside the hours it
    // opens; the words of the minutes before the hour taken back ("half", "quarter past") go with it
    if (saysMore(tokens, hourEnd, true)) return hoursPutRight(tokens, start, j);
    return start;
  }
  return undefined;
}

/**
 * Where the words taken back start when the number put right at j is an hour of the hours said
 * with the words before `start` ("between half six no wait six and eight"); undefined when the
 * words said without those taken back read no hours there.
 */
function hoursPutRight(tokens: readonly Token[], start: number, j: number): number | undefined {
  let from = start;
  while (from > 0 && isMinutesBeforeHour(tokens[from - 1].w)) from--;
  let lead = from;
  while (lead > 0 && from - lead < 3 && !PART_CUT.test(tokens[lead - 1].w)) lead--;
  let to = j;
  while (to < tokens.length && !PART_CUT.test(tokens[to].w)) to++;
  const before = new Words(tokens, lead, from).text;
  const at = before ? before.length + 1 : 0;
  const text = [before, new Words(tokens, j, to).text].filter(Boolean).join(" ");
  return findTimes(text).some((t) => t.index <= at && at < t.index + t.quote.length) ? from : undefined;
}

/** The most words a time phrase begun and taken back holds ("from about half past eight"). */
const MAX_TIME_WORDS = 6;

/**
 * "from half past eight, sorry, from nine until noon": a repair that begins again with the word
 * that put the hour taken back on the clock ("from", "till") says that time again; the words from
 * that word to the interruption are taken back. Only when the last of them is an hour (a number,
 * or a word of the clock after it) and none is a verb.
 */
function timeSaidAgain(words: readonly string[], k: number, j: number): number | undefined {
  if (!HOUR_PREPOSITION.test(words[j])) return undefined;
  // "after nine pm, sorry, after ten": the comma that sets the interruption off is no word taken back
  let end = k;
  while (end > 0 && PART_CUT.test(words[end - 1])) end--;
  if (!(numberAt(words, end - 1) || CLOCK_WORD_AFTER.has(words[end - 1] ?? ""))) return undefined;
  for (let n = end - 2; n >= Math.max(0, end - 1 - MAX_TIME_WORDS); n--) {
    if (PART_CUT.test(words[n])) return undefined;
    if (words[n] !== words[j]) continue;
    const taken = words.slice(n, end).join(" ");
    return read(taken).tokens.some((t) => t.pos === "VERB" || t.pos === "AUX") ? undefined : n;
  }
  return undefined;
}

/** A word of the clock said after an hour ("seven pm", "ten oclock"). */
const CLOCK_WORD_AFTER = new Set(["am", "pm", "oclock", "hours", "hrs", "h"]);

/** How many words a repair must repeat from the start of the part it cuts to be a restart of it. */
const RESTART_WORDS = 3;

/**
 * "never go into the den while I nap, no, scratch that, never go into the den": a repair that
 * starts over with the first words of the part it interrupts says that part again, and what the
 * part said beyond (a condition, a reason) is taken back with it. Where the part starts: the cut
 * before it, or the message's start.
 */
function restarted(tokens: readonly Token[], k: number, j: number): number | undefined {
  const said = (a: number, b: number) =>
    tokens
      .slice(a, b)
      .filter((t) => isWordToken(t.w))
      .map((t) => t.w);
  // the part before, past a bare "no" said before the words that take it back ("…, no, scratch that, …")
  let lead = k;
  let before: string[] = [];
  for (let parts = 0; parts < 2 && before.every((w) => BARE_REACTION.test(w)); parts++) {
    while (lead > 0 && PART_CUT.test(tokens[lead - 1].w)) lead--;
    while (lead > 0 && !PART_CUT.test(tokens[lead - 1].w)) lead--;
    before = said(lead, k);
  }
  let to = j;
  while (to < tokens.length && !PART_CUT.test(tokens[to].w)) to++;
  const again = said(j, to);
  while (again.length && RESTART_LEAD.test(again[0])) again.shift();
  if (before.length <= RESTART_WORDS || again.length < RESTART_WORDS) return undefined;
  return before.slice(0, RESTART_WORDS).every((w, i) => again[i] === w) ? lead : undefined;
}

/**
 * Whether the words after a repair's room, up to the next cut, say something of their own: a verb
 * ("sorry, the kitchen is fine" tells, it takes nothing back) or a word adding to what was said
 * ("sorry, the attic too"). A trailing "I mean" is the take-back's.
 */
function saysMore(tokens: readonly Token[], from: number, reasonApart = false): boolean {
  let to = from;
  while (to < tokens.length && !PART_CUT.test(tokens[to].w)) to++;
  // a reason said after the repair says why, not more of the repair
  if (reasonApart) to = new Words(tokens, from, to).first(bounded(EXPLAIN))?.a ?? to;
  let text = new Words(tokens, from, to).text;
  const back = new Words(tokens, from, to).first(takeBack);
  if (back && back.b === to) text = new Words(tokens, from, back.a).text;
  if (!text) return false;
  return bounded(ADDITIVE).test(text) || read(text).tokens.some((t) => t.pos === "VERB" || t.pos === "AUX");
}
