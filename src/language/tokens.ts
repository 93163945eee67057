/**
 * A user's message as words the grammar can read, each tied to the characters it came from.
 *
 * People type "dont", "outta", "u", "ur", "pls", "9pm", "w/", "a.m." and curly quotes; the
 * learner should not need a pattern per spelling. So the message is cut into tokens and each
 * token is normalised once: lower case, contractions spelt out ("don't" → "do not", "it's" →
 * "it is"), a small slang lexicon ("outta" → "out of", "u" → "you"), digits split from units
 * ("9pm" → "9 pm"). A normalised word keeps the character span of the token it came from, so
 * a quote cut from any run of words is the user's own text, verbatim.
 */

import { STOP } from "./act-words.ts";
import { arrowsAsColons } from "./arrows.ts";
import { configFields } from "./config-fields.ts";
import { dashedClocks } from "./dashed-clock.ts";
import { dayPartsCounted } from "./day-parts-counted.ts";
import { eyeDialect } from "./eye-dialect.ts";
import { hoursWithH } from "./hour-h.ts";
import { signsAsWords } from "./identifiers.ts";
import { islandWords } from "./island-words.ts";
import { namedTwelve } from "./named-twelve.ts";
import { otherEnglishes } from "./other-englishes.ts";
import { otherTongues } from "./other-tongues.ts";
import { quitAsStop } from "./quit-gerund.ts";
import { regionalWords } from "./regional-words.ts";
import { withoutRestatedNumbers } from "./restated-number.ts";
import { FRONT_CUT, gluedAcrossSemicolons, SLANG } from "./slang.ts";
import { soundedTimes } from "./sounded-times.ts";
import { gDropped, repaired, repairedAfterThis } from "./spelling.ts";
import { splitDays } from "./split-days.ts";
import { spokenClock } from "./spoken-clock.ts";
import { type Token, wordTable } from "./token.ts";

export type { Token };

/** Verbs of wishing after which "id" is "I'd" ("id rather", "id prefer"); elsewhere it is an ID. */
const ID_WISH = new Set(["rather", "prefer", "like", "love", "appreciate", "hate"]);

/** Words whose "'s" is "is" (or "us"): the rest are possessives ("the baby's room"). */
const IS_BEFORE = new Set([
  "it",
  "that",
  "there",
  "here",
  "he",
  "she",
  "what",
  "who",
  "where",
  "when",
  "how",
  "everyone",
  "everybody",
  "nobody",
  "someone",
  "this",
]);

/** What follows "'s" when it is "is", said of a room ("the bedroom's ok", "the garage's off limits"). */
const PREDICATE = new Set([
  "ok",
  "okay",
  "fine",
  "alright",
  "allowed",
  "open",
  "free",
  "safe",
  "off",
  "out",
  "forbidden",
  "banned",
  "closed",
  "not",
  "no",
  "now",
  "still",
  "never",
  "always",
  "empty",
  // "the den's sorted": the trouble that closed it dealt with
  "sorted",
  // "the den's fair game", "the den's all good again", "the den's completely fine"
  "fair",
  "all",
  "perfectly",
  "totally",
  "completely",
  "absolutely",
  // a possessive stands before a noun, never before an article: "the den's the one by the stairs"
  "the",
  "a",
  "an",
]);

/**
 * What follows "'s" as "is" only with a word of change after it: "the den's grand again" ("grand" is
 * "fine" in Irish and northern English), where "the den's grand piano" is a possessive.
 */
const PREDICATE_THEN_CHANGE = new Set(["grand"]);
const CHANGE = new Set(["again", "now", "already"]);

/** "ur" is "your" before a noun, "you are" before a state ("when ur done"). */
const UR_STATE = new Set([
  "done",
  "finished",
  "back",
  "there",
  "ready",
  "in",
  "out",
  "home",
  "asleep",
  "on",
  "at",
  "sure",
  "allowed",
  "not",
  "going",
  "doing",
  "looking",
  "searching",
  "welcome",
  "free",
  // an adverb of how often or how much stands after a verb, never between "your" and its noun
  "always",
  "never",
  "constantly",
  "forever",
  "so",
  "too",
  "really",
  "literally",
  "getting",
  "being",
  "blocking",
  "kinda",
]);

/** One verb of ending up, in any of its forms ("parked", "standing"). */
const STOP_WORD = new RegExp(`^(?:${STOP})$`);

/** Words a participle of stopping is followed by as the robot's state: a place said after it, or none. */
const PLACE_AFTER_STOP = new Set([
  "on",
  "in",
  "at",
  "by",
  "near",
  "there",
  "here",
  "inside",
  "outside",
  "around",
  "about",
]);

/** Texting's "ur" as the words it stands for, by the word after it and the one after that. */
function urAs(after: string | undefined, then: string | undefined): string[] {
  if (after === undefined) return ["your"];
  // "when ur parked there", "ur standing in the way": before a participle of a verb of ending up, a state too
  // ("ur parked bike": before a noun the participle is its adjective, and "ur" is "your")
  const stopped =
    /(?:ing|ed)$/.test(after) &&
    STOP_WORD.test(after) &&
    (then === undefined || !/^\p{L}/u.test(then) || PLACE_AFTER_STOP.has(then));
  return UR_STATE.has(after) || UR_STATE.has(gDropped(after) ?? "") || stopped ? ["you", "are"] : ["your"];
}

/**
 * "cos am baking", "am dyein ma hair": "am" with no subject before it and a participle after it is
 * "I am", the subject dropped as in Scots and Northern English speech (after a number or "i" it is
 * the clock's "am", or the verb with its own subject).
 */
function amIsIAm(before: string | undefined, after: string | undefined): boolean {
  if (after === undefined || before === "i" || (before !== undefined && /^\d/.test(before))) return false;
  const word = gDropped(after) ?? after;
  return /^[a-z]{2,}ing$/.test(word) && !/^(?:morning|evening)$/.test(word);
}

/** Words of degree that "2" stands before when it is texting's "too" ("2 long", "2 many"). */
const TOO_BEFORE = new Set(["short", "long", "much", "many", "few", "loud", "slow", "wordy"]);
/** What "too" follows there, a verb of being or a word of degree: "is 2 long", "way 2 long"; a count follows none. */
const TOO_AFTER = new Set(["is", "are", "was", "were", "be", "been", "being", "way", "far", "bit", "getting", "much"]);

/** "n't" endings: the verb they attach to */
function nt(word: string): string[] | undefined {
  if (!word.endsWith("n't")) return undefined;
  const stem = word.slice(0, -3);
  if (stem === "ca") return ["can", "not"];
  if (stem === "wo") return ["will", "not"];
  if (stem === "sha") return ["shall", "not"];
  return [stem, "not"];
}

// "last_seen": a name written as an identifier is one word (identifiers.ts reads "no_entry" as words)
const RAW =
  /[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)+|[ap]\.m\.?|\d{1,2}:\d{2}|\d+(?=[a-z])|[\p{L}\p{N}]+(?:['’][\p{L}]+)*|['’‘"“”]|[^\s\p{L}\p{N}]/giu;

type RawToken = { s: string; start: number; end: number };

/** A quotation mark: it opens before a word and closes after one; "kids' room" is a possessive.
 * Pushes its token (if any) and returns the quotation open after it. */
function quoteMark(
  s: string,
  r: RawToken,
  prev: RawToken | undefined,
  next: RawToken | undefined,
  quote: string | undefined,
  out: Token[],
): string | undefined {
  const glued = prev !== undefined && prev.end === r.start && /[\p{L}\p{N}]$/u.test(prev.s);
  const opensWord = next !== undefined && next.start === r.end && /^[\p{L}\p{N}]/u.test(next.s);
  if (quote === undefined && opensWord && !glued) {
    out.push({ w: "'", start: r.start, end: r.end });
    return s;
  }
  if (quote !== undefined && glued) {
    out.push({ w: "'", start: r.start, end: r.end });
    return undefined;
  }
  if (glued && /s$/i.test(prev.s)) return quote; // possessive: kids' room
  out.push({ w: "'", start: r.start, end: r.end });
  return quote;
}

/** The contracted tails of "I'm", "we're", "you'll", "they've", "she'd", spelled out. */
const SPELLED_TAIL = wordTable({ m: "am", re: "are", ll: "will", ve: "have", d: "would" });

/** A word with an apostrophe inside ("it's", "let's", "baby's", "we'll", "o'clock"), outside a quotation. */
function apostrophe(
  head: string,
  tail: string,
  s: string,
  r: RawToken,
  [next, after]: (RawToken | undefined)[],
  out: Token[],
): void {
  const push = (w: string) => out.push({ w, start: r.start, end: r.end });
  if (tail === "s") {
    if (head === "let") {
      push("let");
      push("us");
    } else if (
      IS_BEFORE.has(head) ||
      PREDICATE.has(next?.s.toLowerCase() ?? "") ||
      (PREDICATE_THEN_CHANGE.has(next?.s.toLowerCase() ?? "") && CHANGE.has(after?.s.toLowerCase() ?? ""))
    ) {
      push(head);
      push("is");
    } else {
      // a possessive: the word, then "'s" on the apostrophe's own span
      out.push({ w: head, start: r.start, end: r.start + head.length });
      out.push({ w: "'s", start: r.start + head.length, end: r.end });
    }
    return;
  }
  if (SPELLED_TAIL[tail]) {
    push(head);
    push(SPELLED_TAIL[tail]);
    return;
  }
  // "o'clock" is "oclock"; joined, a word of the slang table is read as it ("s'arvo": this afternoon)
  const joined = s.replace(/'/g, "");
  for (const w of (SLANG[joined] ?? joined).split(" ")) push(w);
}

/**
 * A contraction typed without its apostrophe where the word after it says so, spelt out: "its
 * dark out", "its ok to …" are "it is"; "id rather u …", "id prefer …" are "I would" (elsewhere
 * "id" is an ID, "its" the possessive).
 */
function unmarked(s: string, next: string): string[] | undefined {
  if (
    s === "its" &&
    /^(?:dark|light|late|early|ok|okay|fine|alright|raining|cold|hot|night|day|time|bedtime|not|no|a|an|only|just|too|getting)$/.test(
      next,
    )
  )
    return ["it", "is"];
  if (s === "id" && ID_WISH.has(next)) return ["i", "would"];
  return undefined;
}

/** A quoted "room_name" is one name: the raw tokens from `i` joined at their underscores. */
function quotedName(raw: readonly RawToken[], i: number): { w: string; end: number; last: number } {
  let w = raw[i].s.toLowerCase().replace(/’/g, "'");
  let k = i;
  while (
    raw[k + 1]?.s === "_" &&
    raw[k + 1].start === raw[k].end &&
    raw[k + 2]?.start === raw[k + 1].end &&
    /^[\p{L}\p{N}]/u.test(raw[k + 2].s)
  ) {
    w += `_${raw[k + 2].s.toLowerCase()}`;
    k += 2;
  }
  return { w, end: raw[k].end, last: k };
}

/** The normalised tokens of a message. */
export function tokenize(message: string): Token[] {
  const raw: RawToken[] = hoursWithH(
    gluedAcrossSemicolons(
      [...message.matchAll(RAW)].map((m) => ({ s: m[0], start: m.index, end: m.index + m[0].length })),
    ),
  );
  const out: Token[] = [];
  const push = (w: string, r: { start: number; end: number }, quoted: boolean) =>
    out.push({ w, start: r.start, end: r.end, ...(quoted ? { quoted } : {}) });
  let quote: string | undefined;
  for (let i = 0; i < raw.length; i++) {
    const r = raw[i];
    const s = r.s.toLowerCase().replace(/’/g, "'");
    const prev = raw[i - 1];
    const next = raw[i + 1];
    if (/^['‘]$/.test(s) && quote === undefined && next?.start === r.end && prev?.end !== r.start) {
      const whole = FRONT_CUT[next.s.toLowerCase()];
      if (whole) {
        push(whole, { start: r.start, end: next.end }, false);
        i++;
        continue;
      }
    }
    // "comin' home": the apostrophe of a dropped "g" closes no quotation
    if (
      /^['’]$/.test(s) &&
      quote === undefined &&
      prev?.end === r.start &&
      /in$/i.test(prev.s) &&
      next?.start !== r.end
    )
      continue;
    if (/^['‘"“”]$/.test(s)) {
      quote = quoteMark(s, r, prev, next, quote, out);
      continue;
    }
    const q = quote !== undefined;
    // "2–4 pm", "9pm - 6am", "1am-noon": a dash between two hours is a range, said "to"
    if (
      /^[-–—]$/.test(s) &&
      prev &&
      next &&
      /^(?:\d{1,2}(?::\d\d)?|[ap]\.?m\.?|noon|midday|midnight)$/i.test(prev.s) &&
      /^(?:\d{1,2}(?::\d\d)?|noon|midday|midnight)$/i.test(next.s)
    ) {
      push("to", r, quote !== undefined);
      continue;
    }
    // "0800-1700": a dash between two ends of the 24-hour clock is a range too
    if (/^[-–]$/.test(s) && prev && next && dashedClocks(prev.s, next.s)) {
      push("to", r, q);
      continue;
    }
    // "off-limits", "12-word", "no-go": a hyphen inside a word joins nothing the grammar needs
    if (s === "-" && prev?.end === r.start && next?.start === r.end) continue;
    // "no_entry", "max_words": words joined as a config key are the words (a quoted name stays as written)
    if (s === "_" && !q && prev?.end === r.start && next?.start === r.end && /^\p{L}/u.test(next.s)) continue;
    if (/^[ap]\.m\.?$/.test(s)) {
      push(`${s[0]}m`, r, q);
      continue;
    }
    if (/^\d+$/.test(s) && next && next.start === r.end && /^[a-z]/i.test(next.s)) {
      push(s, r, q); // "9pm" → "9" "pm"; "12-word" is split at the hyphen anyway
      continue;
    }
    if (q) {
      const name = quotedName(raw, i);
      push(name.w, { start: r.start, end: name.end }, true);
      i = name.last;
      continue;
    }
    const n = nt(s);
    if (n) {
      for (const w of n) push(w, r, false);
      continue;
    }
    const apo = /^([\p{L}\p{N}]+)'([\p{L}]+)$/u.exec(s);
    if (apo) {
      apostrophe(apo[1], apo[2], s, r, [next, raw[i + 2]], out);
      continue;
    }
    const spelt = unmarked(s, next?.s.toLowerCase() ?? "");
    if (spelt) {
      for (const w of spelt) push(w, r, false);
      continue;
    }
    if (s === "am" && amIsIAm(out.at(-1)?.w, next?.s.toLowerCase())) {
      for (const w of ["i", "am"]) push(w, r, false);
      continue;
    }
    if (s === "ur") {
      for (const w of urAs(next?.s.toLowerCase(), raw[i + 2]?.s.toLowerCase())) push(w, r, false);
      continue;
    }
    // "2 short", "2 much": texting's "too" before a word of degree, never a number there
    if (s === "2" && TOO_BEFORE.has(next?.s.toLowerCase() ?? "") && TOO_AFTER.has(out.at(-1)?.w ?? "")) {
      push("too", r, false);
      continue;
    }
    // "w/" is "with"
    if (s === "w" && next?.s === "/" && next.start === r.end) {
      push("with", { start: r.start, end: next.end }, false);
      i++;
      continue;
    }
    const slang = SLANG[s];
    if (slang !== undefined) {
      for (const w of slang.split(" ")) push(w, r, false);
      continue;
    }
    // "this tiem", "12 wrods": a slip in a word the grammar leans on (spelling.ts)
    const last = out.at(-1)?.w;
    const afterThis = last === "this" || last === "that" ? repairedAfterThis(s) : undefined;
    // "nevah", "pahk", "tyme": a non-word spelt as a voice says one of those words (eye-dialect.ts)
    const fixed = repaired(s) ?? afterThis ?? gDropped(s) ?? eyeDialect(s) ?? s;
    // "dotn": a slip of a contraction typed without its apostrophe is that contraction, spelt out
    for (const w of (SLANG[fixed] ?? fixed).split(" ")) push(w, r, false);
  }
  return readAcross(out);
}

/** The readings that need the words around a token, in order: signs first, days split last. */
function readAcross(out: Token[]): Token[] {
  return splitDays(
    namedTwelve(
      spokenClock(
        soundedTimes(
          otherEnglishes(
            regionalWords(
              islandWords(
                otherTongues(
                  configFields(arrowsAsColons(signsAsWords(withoutRestatedNumbers(dayPartsCounted(quitAsStop(out)))))),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

/** A run of tokens read as one string, words joined by single spaces, with a way back to the tokens. */
export class Words {
  readonly text: string;
  private readonly at: number[];
  constructor(
    readonly tokens: readonly Token[],
    readonly from = 0,
    readonly to = tokens.length,
  ) {
    const at: number[] = [];
    let text = "";
    for (let k = from; k < to; k++) {
      if (k > from) text += " ";
      at.push(text.length);
      text += tokens[k].w;
    }
    this.text = text;
    this.at = at;
  }
  /** the token index at a character offset of `text` */
  tokenAt(char: number): number {
    let lo = 0;
    let hi = this.at.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.at[mid] <= char) lo = mid;
      else hi = mid - 1;
    }
    return this.from + lo;
  }
  /** the token range [a, b) a match of `text` covers */
  range(index: number, length: number): [number, number] {
    const a = this.tokenAt(index);
    const b = this.tokenAt(Math.max(index, index + length - 1)) + 1;
    return [a, b];
  }
  /** every match of a regex over the words, as token ranges */
  *matches(re: RegExp): Generator<{ m: RegExpMatchArray; a: number; b: number }> {
    const g = new RegExp(re.source, re.flags.includes("g") ? re.flags : `${re.flags}g`);
    for (const m of this.text.matchAll(g)) {
      if (m[0].length === 0) continue;
      const [a, b] = this.range(m.index, m[0].length);
      yield { m, a, b };
    }
  }
  first(re: RegExp): { m: RegExpMatchArray; a: number; b: number } | undefined {
    for (const x of this.matches(re)) return x;
    return undefined;
  }
}

/** The user's own characters for tokens [a, b). */
export function quoteOf(message: string, tokens: readonly Token[], a: number, b: number): string {
  if (b <= a) return "";
  return message.slice(tokens[a].start, tokens[b - 1].end);
}
