/**
 * What a clause does: its speech act, from a small table of clause shapes. Each shape is the
 * mood of the clause (mood.ts) and the word classes it holds (*-words.ts); the first shape that
 * fits names the act. Only act clauses (prohibit, permit, require, prefer, retract, revise,
 * one-off) can change what the robot keeps; a reason is kept on the rule it explains, a hedge
 * is read back as a question, and anything else is no correction.
 *
 * A newcomer adds a shape here (an act, what the clause must hold, an example), or a word to a
 * class in one of the *-words.ts files; never a sentence.
 */
import { AVOID, FINE, FORBIDDEN, NEG, NEG_GERUND, PERMIT, RELEASE, RETRACT } from "./act-words.ts";
import { DOUBT, MUSING, POLITE_FRAME, POSSIBILITY, SELF_EXCUSE, SOFTENER } from "./clause-words.ts";
import { PRAISE, REFERENCE, REVISING } from "./message-words.ts";
import { directs, type Mood, mood } from "./mood.ts";
import { read } from "./nlp.ts";
import { LASTING, TASK_LOCAL } from "./time-words.ts";
import { tokenize } from "./tokens.ts";

export type Act =
  | "prohibit"
  | "permit"
  | "require"
  | "prefer"
  | "retract"
  | "revise"
  | "one-off"
  | "reason"
  | "hedge"
  | "not-a-correction";

/** What a shape looks at: the clause's mood and which word classes it holds. */
export interface ClauseFacts {
  mood: Mood;
  /** the normalised words, one space between */
  words: string;
  has: (wordClass: string) => boolean;
  /** a verb or auxiliary (the library's tags): the clause says something happens or is */
  verb: boolean;
}

interface Shape {
  act: Act;
  holds: (f: ClauseFacts) => boolean;
  example: string;
}

/** The shapes, in the order they are tried. */
export const SHAPES: readonly Shape[] = [
  {
    act: "hedge",
    // "it might be better if perhaps you didn't …": a "perhaps" inside a polite frame softens, it doubts nothing
    // "I guess, if it's okay, maybe …": a softener or "maybe" with a polite frame asks politely
    holds: (f) => f.has(DOUBT) || ((f.has(POSSIBILITY) || f.has(SOFTENER)) && !f.has(POLITE_FRAME)),
    example: "maybe keep out of the cellar, not sure",
  },
  {
    act: "retract",
    // "stop going …" and "I'd rather you didn't stop …" forbid; they take nothing back
    holds: (f) => (f.has(RETRACT) || f.has(RELEASE)) && !f.has(NEG) && !f.has(NEG_GERUND),
    example: "forget the cellar rule",
  },
  { act: "revise", holds: (f) => f.has(REVISING) && f.has(REFERENCE), example: "make that rule evenings instead" },
  { act: "one-off", holds: (f) => f.has(TASK_LOCAL) && directs(f.mood), example: "just this time skip the cellar" },
  {
    act: "permit",
    holds: (f) => (f.has(PERMIT) || f.has(FINE)) && !f.has(NEG),
    example: "you can go in the cellar again",
  },
  {
    act: "prohibit",
    holds: (f) => (directs(f.mood) && (f.has(NEG) || f.has(NEG_GERUND) || f.has(AVOID))) || f.has(FORBIDDEN),
    example: "never go in the cellar",
  },
  { act: "prefer", holds: (f) => f.mood === "wish", example: "I'd rather you took the stairs slowly" },
  { act: "require", holds: (f) => directs(f.mood) || f.has(LASTING), example: "always say which room" },
  {
    act: "reason",
    holds: (f) => f.mood === "statement" && f.verb && !f.has(PRAISE),
    example: "the cellar is damp in spring",
  },
  { act: "not-a-correction", holds: () => true, example: "thanks" },
];

const wordClass = (src: string) => new RegExp(`(?:^|\\s)(?:${src})(?=\\s|$)`);
const cache = new Map<string, RegExp>();

/** The facts of a clause, as the shapes read them. */
export function factsOf(clause: string): ClauseFacts {
  const words = tokenize(clause)
    .map((t) => t.w)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .join(" ");
  // the mood of what is asked, without the words that only say for how long ("just this time …")
  const asked = words.replace(new RegExp(`(?:^|\\s)(?:${TASK_LOCAL}|${LASTING})(?=\\s|$)`, "g"), " ").trim();
  return {
    mood: mood(asked || clause),
    words,
    has: (src) => {
      const re = cache.get(src) ?? wordClass(src);
      cache.set(src, re);
      return re.test(words);
    },
    verb: read(clause).tokens.some((t) => t.pos === "VERB" || t.pos === "AUX"),
  };
}

/** The act of a clause: the first shape that fits. */
export function actOf(clause: string): Act {
  const f = factsOf(clause);
  return SHAPES.find((s) => s.holds(f))!.act;
}

/**
 * Doubt said outright anywhere in what is said ("not sure", "I don't know", "let me think it over"),
 * or a suggestion mused aloud ("I suppose you could …"): not a softener of a firm request.
 */
export function saysDoubt(text: string): boolean {
  const f = factsOf(text);
  return f.has(DOUBT) || f.has(MUSING);
}

/** "but", "though" opening what is asked after a concession. */
const CONCEDED = /^(.*?)[,;]?\s+\b(?:but|though|however)\b\s+(.+)$/is;

/**
 * "I'm not sure if this is too much to ask, but …", "I don't know, maybe it's just me, but …":
 * doubt said before a "but" with the speaker excusing the asking or themselves, in a part that
 * asks nothing, concedes the asking; the request is what follows, and its own words say whether
 * it is doubted. A bare "I'm not sure, but maybe …" doubts the request itself, and stays. The
 * text from the request on; the whole text when nothing is conceded.
 */
export function afterConcession(text: string): string {
  const m = CONCEDED.exec(text);
  if (!m) return text;
  const f = factsOf(m[1]);
  const act = actOf(m[1]);
  const asksNothing = act === "hedge" || act === "reason" || act === "not-a-correction";
  return saysDoubt(m[1]) && f.has(SELF_EXCUSE) && asksNothing ? m[2] : text;
}

/** A clause opened by the speaker as its subject, after a joining word: "and I …", "but we …". */
const SPEAKER_FIRST = /^(?:(?:and|but|so|plus|also) )*(?:i|we)\b/;
/** The robot, as a clause names it: the addressee or the pronoun that stands for it. */
const ADDRESSEE = /\b(?:you|u|ya|your|yourself|it|robot)\b/;

/**
 * "…, we eat in there then and I don't want anything in the way": a clause joined to a reason with
 * the speaker as its subject goes on saying why, what the speaker feels or needs, unless it is
 * about the robot ("and I don't want you in there"). The first conjunct's act is read by the
 * shapes (a statement with a verb of its own); the second's by its grammatical person alone.
 */
export function continuesReason(before: string, after: string): boolean {
  const words = tokenize(after)
    .map((t) => t.w)
    .join(" ");
  return actOf(before) === "reason" && SPEAKER_FIRST.test(words) && !ADDRESSEE.test(words);
}

/** Adjectives of size, age, order and colour that may stand before a described "one" ("the narrow one next to …"). */
const DESCRIBING =
  "(?:small|smaller|smallest|little|tiny|big|bigger|biggest|large|larger|narrow|wide|long|short|old|new|first|second|third|last|other|front|back|middle|end|corner|red|blue|green|white|yellow|black|grey|gray|brown|pink)";

/**
 * "the one by the back door", "the tiny one with the red door": "one" standing for a thing
 * described by where or what it is, as a statement about a room uses it; it refers to no rule ("the
 * kitchen one"), so only adjectives of size, age, order or colour may stand before it. The article
 * may go unsaid after the copula ("is one with a skylight"), and an adverb of direction may lead
 * the place ("the one over behind the barn", "the one up by the attic").
 */
export const DESCRIBED_ONE = new RegExp(
  `(?:\\b(?:the|that|this)(?: ${DESCRIBING}){0,2}|\\bis) one (?:(?:out|up|down|over|round|around|across|along|back) )?(?:by|next to|near|with|where|that|which|on|at|in|behind|beside|opposite|past|off|upstairs|downstairs)\\b`,
  "g",
);
