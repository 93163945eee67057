/**
 * What a speaker says while finding the words, taken out before the words are read, as a listener
 * hears past it: hesitation sounds ("um", "uh", "er") with the commas that set them off, a word
 * said again across one or across a bare comma ("into the, uh, the garage", "the, the garage"), and a question to oneself inside a phrase
 * left open ("from 12 till, what, 6?"). Without this, a phrase cut by a hesitation loses its end:
 * "stay out of the den after, uh, 9 pm" would be a ban with no hours.
 *
 * Tokens are only left out, never changed, so every token kept still points at the user's own
 * characters and quotes stay verbatim.
 */
import { read } from "./nlp.ts";
import { type Token, tokenize } from "./tokens.ts";

/** Sounds of hesitation: no word of the language, nothing said. */
const HESITATION = /^(?:u+m+|u+h+|u+h*m+|e+r+|e+r+m+|h+m+|m+h*m+)$/;
/** Punctuation that only sets a hesitation off. */
const SETS_OFF = /^(?:,|…|-|–|—)$/;
/** Words that leave their phrase open: what follows them belongs to them. */
const OPENS_PHRASE =
  /^(?:the|a|an|my|our|your|his|her|their|this|that|to|till|until|from|between|and|or|of|in|into|at|after|before|around|about|through|near|past|by|for|on|with|than|not|never|do|does|did|will|would|should|could|can|must|please)$/;
/**
 * A question to oneself, or a word said only to fill the pause ("like"), inside an open phrase:
 * the speaker finding the word ("you didn't, like, stop there").
 */
const SELF_QUESTION = /^(?:what|which|er|like)$/;

/** Words that open hours: a hedge may stand between them and the hour ("from like 9"). */
const OPENS_HOURS = /^(?:from|till|until|til|to|at|around|after|before|between|by)$/;
/** An hour said with digits or a word of number up to twelve. */
const HOUR_WORD =
  /^(?:\d{1,2}(?::\d{2})?(?:am|pm)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)$/;
/** Words of any time left to the robot, which no "like" can compare with ("like whenever"). */
const ANY_TIME_WORD = /^(?:whenever|anytime)$/;

/**
 * "between like 7 and 9", "drop by like whenever": "like" with no commas, between a word opening
 * hours and the hour, or before a word of any time, only hedges them (nothing is compared with an
 * hour or with "whenever"), and is left out as a filler.
 */
function hedgesTime(tokens: readonly Token[], k: number): boolean {
  if (tokens[k].w !== "like") return false;
  const next = tokens[k + 1]?.w ?? "";
  return ANY_TIME_WORD.test(next) || (HOUR_WORD.test(next) && OPENS_HOURS.test(tokens[k - 1]?.w ?? ""));
}

/** The tokens a listener keeps: hesitations, what only sets them off, and a word they made repeat, left out. */
export function withoutHesitations(tokens: readonly Token[]): Token[] {
  const drop = new Set<number>();
  const punct = (k: number) => k >= 0 && k < tokens.length && SETS_OFF.test(tokens[k].w);
  for (let k = 0; k < tokens.length; k++) {
    const w = tokens[k].w;
    if (hedgesTime(tokens, k)) {
      drop.add(k);
      continue;
    }
    // "into the, the garage": a phrase started again, with no sound between, is said once
    if (OPENS_PHRASE.test(w) && punct(k + 1) && tokens[k + 2]?.w === w) {
      drop.add(k);
      drop.add(k + 1);
      continue;
    }
    const hesitation = HESITATION.test(w);
    // "till, what, 6": a question word alone between commas, after a word that leaves its phrase open
    const asking =
      !hesitation && SELF_QUESTION.test(w) && punct(k - 1) && punct(k + 1) && OPENS_PHRASE.test(tokens[k - 2]?.w ?? "");
    if (!hesitation && !asking) continue;
    drop.add(k);
    let a = k;
    while (punct(a - 1)) drop.add(--a);
    let b = k;
    while (punct(b + 1)) drop.add(++b);
    // one comma stays where the hesitation stood between two parts that a comma cut anyway
    // ("…the den, um, at night" keeps its cut); inside an open phrase nothing stays
    const before = tokens[a - 1]?.w ?? "";
    if (a < k && !OPENS_PHRASE.test(before)) drop.delete(a);
    // "the, uh, the sunroom": the word said again after the hesitation is the one said before it
    const next = tokens[b + 1]?.w;
    if (next !== undefined && next === before && OPENS_PHRASE.test(before)) drop.add(a - 1);
  }
  return tokens.filter((_, k) => !drop.has(k));
}

/** What ends a sentence: a word stopped by one of these stands alone. */
const STOPS = /^[.!?]$/;

/** A word that negates what follows it, said first in a clause ("not. in. there."). */
const NEGATION_FIRST = /^(?:not|never)$/;

/**
 * "stay. out.", "do. not. go.", "never. go. in.": a clause said word by word, each word stopped
 * for stress, is one clause. A run of words alone between periods, its first a verb or a word of
 * negation, keeps only its last period.
 */
export function withoutBeats(tokens: readonly Token[]): Token[] {
  const drop = new Set<number>();
  const word = (k: number) => k < tokens.length && /^[a-z']+$/.test(tokens[k].w);
  for (let k = 0; k < tokens.length; k++) {
    if (!word(k) || !(k === 0 || STOPS.test(tokens[k - 1].w))) continue;
    let end = k;
    while (tokens[end + 1]?.w === "." && word(end + 2)) end += 2;
    if (end === k) continue;
    const run = tokens.slice(k, end + 1).filter((_, i) => i % 2 === 0);
    const first = read(run.map((t) => t.w).join(" ")).tokens[0];
    if (first?.pos !== "VERB" && first?.pos !== "AUX" && !NEGATION_FIRST.test(run[0].w)) continue;
    for (let d = k + 1; d < end; d += 2) drop.add(d);
    k = end;
  }
  return drop.size ? tokens.filter((_, k) => !drop.has(k)) : [...tokens];
}

/**
 * A text with the stops of a clause said word by word taken out, as said otherwise ("Never. The.
 * Guest. Room." is "Never The Guest Room"), so a name said over several beats is
 * one name.
 */
export function unbeaten(text: string): string {
  const all = tokenize(text);
  const kept = new Set(withoutBeats(all));
  let out = "";
  let at = 0;
  for (const t of all)
    if (!kept.has(t)) {
      out += text.slice(at, t.start);
      at = t.end;
    }
  return out + text.slice(at);
}
