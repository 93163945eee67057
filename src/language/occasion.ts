/**
 * A one-off said as an occasion the grammar cannot name: a demonstrative before a noun it does
 * not know, standing at the edge of the clause as an adverbial ("jus this tym, skip …", "… out of
 * the attic this go"), the way "this time" or "this trip" does. Such a phrase points at the
 * present occasion, so the request is read for this task only: reading a one-off where a lasting
 * rule was meant keeps less, the reverse keeps a rule nobody asked for.
 *
 * What the task words (time-words.ts: TASK_LOCAL, DURATION) already name is read before this; a
 * demonstrative that a verb or a place preposition governs ("don't touch that box", "near that
 * shelf"), or before a room, the house, a rule or a manner ("this way"), is no occasion.
 */
import { read } from "./nlp.ts";
import { NOT_AN_OCCASION, OCCASION_PREPOSITION } from "./time-words.ts";
import type { Token } from "./tokens.ts";

/** "this", "that": before a task noun ("this search") or "once", a one-off. */
export const DEMONSTRATIVE = new Set(["this", "that"]);
const NOUNISH = new Set(["NOUN", "PROPN", "X"]);
/** tags a fronted occasion may follow: interjections, adverbs, conjunctions, a noun of address ("okay robot") */
const BEFORE_FRONTED = new Set(["INTJ", "ADV", "CCONJ", "PUNCT", "NOUN", "PROPN", "X", "PART"]);
/** tags a trailing occasion may follow: the end of what the act named */
const BEFORE_TRAILING = new Set(["NOUN", "PROPN", "X", "ADV", "PART", "PUNCT"]);
/** tags that may follow a trailing occasion: "please", "ok", punctuation */
const AFTER_TRAILING = new Set(["INTJ", "ADV", "PUNCT"]);

/**
 * The token range [a, b) of an occasion phrase in tokens [from, to), or undefined. `taken(k)`:
 * token k is part of something else the clause names (a room).
 */
export function occasionIn(
  tokens: readonly Token[],
  from: number,
  to: number,
  taken: (k: number) => boolean,
): { a: number; b: number } | undefined {
  const ws = tokens.slice(from, to).map((t) => t.w);
  if (ws.length < 3 || !ws.some((w) => DEMONSTRATIVE.has(w))) return undefined;
  const doc = read(ws.join(" "));
  // the library's tokens laid over ours: it may split a word of ours, never join two
  const tag: string[] = new Array(ws.length).fill("X");
  let k = 0;
  let pos = 0;
  const starts = ws.map((w) => {
    const s = pos;
    pos += w.length + 1;
    return s;
  });
  let at = 0;
  for (const t of doc.tokens) {
    at += t.space.length;
    while (k + 1 < ws.length && starts[k + 1] <= at) k++;
    if (at === starts[k]) tag[k] = t.pos;
    at += t.text.length;
  }
  const verbBefore = (i: number) => tag.slice(0, i).some((p) => p === "VERB" || p === "AUX");
  const word = (i: number) => /[\p{L}]/u.test(ws[i] ?? "");
  for (let i = 0; i + 1 < ws.length; i++) {
    const n = i + 1;
    const prev = i > 0 ? ws[i - 1] : undefined;
    // after "for" / "during" the word is a noun whatever the tagger guessed ("for this spin")
    const noun = NOUNISH.has(tag[n]) || (prev !== undefined && OCCASION_PREPOSITION.test(prev));
    if (!DEMONSTRATIVE.has(ws[i]) || !word(n) || !noun || tag[n + 1] === "NOUN") continue;
    if (NOT_AN_OCCASION.test(ws[n]) || taken(from + i) || taken(from + n)) continue;
    const governed = prev !== undefined && tag[i - 1] === "ADP" && !OCCASION_PREPOSITION.test(prev);
    if (governed) continue;
    const fronted =
      !verbBefore(i) && tag.slice(0, i).every((p, j) => BEFORE_FRONTED.has(p) || OCCASION_PREPOSITION.test(ws[j]));
    const last = tag.slice(n + 1).every((p, j) => AFTER_TRAILING.has(p) || !word(n + 1 + j));
    const trailing =
      last &&
      verbBefore(i) &&
      prev !== undefined &&
      (BEFORE_TRAILING.has(tag[i - 1]) || OCCASION_PREPOSITION.test(prev));
    if (fronted || trailing) return { a: from + i, b: from + n + 1 };
  }
  return undefined;
}

/** Words that may close a fronted occasion before what is asked: "for this game only, …", "this go just …". */
const OCCASION_TAIL = new Set(["only", "just", "please", ","]);

/**
 * Where what is asked starts after an occasion fronted at `from` ("for this game only stay off
 * the porch"): the token after the occasion and any "only"/"just"/"please" closing it, or
 * undefined when the words at `from` open no occasion. A preposition ("for") and a leading
 * "only"/"just" may stand before the demonstrative.
 */
export function afterFrontedOccasion(tokens: readonly Token[], from: number, to: number): number | undefined {
  const o = occasionIn(tokens, from, to, () => false);
  if (
    !o ||
    o.a - from > 2 ||
    !tokens.slice(from, o.a).every((t) => OCCASION_TAIL.has(t.w) || OCCASION_PREPOSITION.test(t.w))
  )
    return undefined;
  let k = o.b;
  while (k < to && OCCASION_TAIL.has(tokens[k].w)) k++;
  return k < to ? k : undefined;
}

/** Nouns for one reply; their plurals ("your answers") and distributives ("per reply") are every reply. */
const REPLY_NOUN = new Set(["answer", "reply", "response"]);
/**
 * Determiners that pick one thing out: "a short answer", "the next reply". "Your answer" and "the
 * answer" are as often every answer ("add the room to your answer"), so they pick out nothing.
 */
const ONE = new Set(["a", "an", "this", "that", "next"]);
/** Words that spread over every reply: "every reply", "per answer", "in any answer", "future replies". */
const EVERY = new Set(["every", "each", "per", "any", "all", "future", "later", "other"]);
/**
 * Units a reply is counted in: after one, "a"/"an" is a rate, not one reply picked out ("twelve
 * words an answer", "two lines a reply" are every reply, as "per answer" is).
 */
const COUNT_UNIT = new Set(["word", "words", "line", "lines", "sentence", "sentences", "character", "characters"]);

/**
 * A reply said in the singular with a determiner that picks one out ("give me a one-line answer",
 * "the next reply should be short"): a request about one answer, the one at hand, not every reply
 * from now on. The token range [a, b) of the phrase, or undefined.
 */
export function oneReplyIn(tokens: readonly Token[], from: number, to: number): { a: number; b: number } | undefined {
  for (let n = from; n < to; n++) {
    if (!REPLY_NOUN.has(tokens[n].w)) continue;
    // the determiner within three words before the noun, with nothing spreading it over every reply
    for (let d = n - 1; d >= Math.max(from, n - 4); d--) {
      const w = tokens[d].w;
      if (EVERY.has(w)) break;
      if (ONE.has(w)) {
        const before = d > from ? tokens[d - 1].w : "";
        if (EVERY.has(before)) break;
        if ((w === "a" || w === "an") && COUNT_UNIT.has(before)) break;
        return { a: d, b: n + 1 };
      }
    }
  }
  return undefined;
}
