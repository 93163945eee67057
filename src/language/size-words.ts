/**
 * The size a person gives an object in words ("the big grey bag", "the little one", "it's the
 * normal size one, not the huge one"), relative to others like it: among lookalikes that differ
 * only in size, the words are what singles one out, since a photo the object fills shows no size.
 *
 * A size word counts only where it describes the object: before the object's own name or "one"
 * (a few describing words may stand between: "big grey canvas bag"), or said of it ("it's huge").
 * Elsewhere the same words describe something else ("on our big day", "a little worn"), a
 * negated one says what the object is not ("not the big one"), and one opening a clause of reason
 * or time is said of another object ("since the big one broke"). Two sizes said of it disagree:
 * nothing is read.
 */

import { read } from "./nlp.ts";
import { wordTable } from "./token.ts";

export type SizeClass = "small" | "medium" | "large";

/** A size said of an object, and whether it was said to set the object apart from others like it. */
export interface SaidSize {
  is: SizeClass;
  /**
   * "the big one", "the smallest", "the bigger bag": a size that presupposes others to compare
   * with, so which instance it fits is only known once they were compared. "The small pink
   * bear" may only be describing it.
   */
  contrasted: boolean;
}

const SIZE_WORDS: Record<string, SizeClass> = wordTable({
  big: "large",
  bigger: "large",
  biggest: "large",
  large: "large",
  larger: "large",
  largest: "large",
  huge: "large",
  giant: "large",
  massive: "large",
  enormous: "large",
  jumbo: "large",
  oversized: "large",
  small: "small",
  smaller: "small",
  smallest: "small",
  little: "small",
  tiny: "small",
  teeny: "small",
  mini: "small",
  wee: "small",
  compact: "small",
  medium: "medium",
  "mid-size": "medium",
  "mid-sized": "medium",
  "medium-sized": "medium",
});

/** Words that make the next "size" a medium one ("normal size", "regular-sized"). */
const ORDINARY = new Set(["normal", "regular", "standard", "average", "middle", "usual", "ordinary"]);
const SIZE_NOUN = new Set(["size", "sized", "size-wise"]);

/** Words that stand for the object itself after a describing word. */
const PRO_FORMS = new Set(["one", "un", "thing", "pair"]);
/** The same for an object named in the plural ("the big ones" of boots; "the little ones" are children otherwise). */
const PLURAL_PRO_FORMS = new Set(["ones", "uns", "pairs"]);
/** Subjects that are the object when the size is said of it ("it's huge"). */
const SUBJECTS = new Set(["it", "this", "that", "they", "these", "those"]);
const LINKS = new Set(["be", "is", "'s", "s", "are", "'re", "was", "were"]);
const INTENSIFIERS = new Set([
  "really",
  "very",
  "quite",
  "so",
  "pretty",
  "rather",
  "proper",
  "real",
  "bit",
  "a",
  "too",
]);
/** Comparatives and superlatives compare by themselves. */
const COMPARING = /(?:er|est)$/;

/** How many describing words may stand between a size word and the object's name. */
const BETWEEN = 3;

/**
 * Pure: the size `text` gives the object called by `names` (its category's names, the category
 * first), or null when it gives none or two that disagree.
 */
export function saidSize(text: string, names: readonly string[]): SaidSize | null {
  const toks = read(text.toLowerCase()).tokens;
  const found = new Map<SizeClass, boolean>();
  const denied = new Set<SizeClass>();
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    let size: SizeClass | undefined = SIZE_WORDS[t.normal];
    let end = i;
    if (!size && ORDINARY.has(t.normal)) {
      const next = toks[i + 1]?.normal === "-" ? i + 2 : i + 1;
      if (SIZE_NOUN.has(toks[next]?.normal ?? "")) {
        size = "medium";
        end = next;
      }
    }
    if (!size || subjectOfSubordinate(toks, i)) continue;
    // "a little" is mostly a degree ("a little worn"), not a size
    if (t.normal === "little" && toks[i - 1]?.normal === "a") continue;
    const named = namesObjectAfter(toks, end, names);
    if (!named && !saidOfIt(toks, i)) continue;
    if (t.negated || negatedBefore(toks, i) || negatedAfter(toks, end)) {
      denied.add(size);
      continue;
    }
    const contrasted = named === "pro-form" || COMPARING.test(t.normal) || found.get(size) === true;
    found.set(size, contrasted);
  }
  if (found.size > 1) return null;
  const [said] = [...found];
  if (said && said[0] !== "medium") return { is: said[0], contrasted: said[1] };
  return setApartFrom(denied) ?? (said ? { is: "medium", contrasted: said[1] } : null);
}

/**
 * An object of no size of its own, or of the ordinary one, set against a lookalike of one other
 * size ("the normal one, not the little one"): it is the larger of the two (the smaller when the
 * lookalike said no to is the big one), and only a comparison with that lookalike shows it. Set
 * against both a smaller and a bigger one, or against none, nothing sets it apart by size.
 */
function setApartFrom(denied: Set<SizeClass>): SaidSize | null {
  const small = denied.has("small");
  const large = denied.has("large");
  if (small === large) return null;
  return { is: small ? "large" : "small", contrasted: true };
}

/**
 * Words that open a clause of reason or time, or a phrase of time, tied to the request ("since",
 * "when", "after"): what they open tells about another thing, as a change of referent does
 * ("… since the big one broke", "the one I use when the small one is in the wash").
 */
const SUBORDINATORS = new Set([
  "since",
  "because",
  "cause",
  "cos",
  "coz",
  "cuz",
  "when",
  "whenever",
  "after",
  "before",
  "as",
  "while",
  "until",
  "till",
  "once",
  "although",
  "though",
]);
/** Words that may stand between a subordinator and the size of its subject ("since the big one"). */
const DETERMINERS = new Set(["the", "my", "our", "his", "her", "their", "your", "that", "this"]);

/**
 * "because the large one lost a button": the size is said of the subject of a clause of reason or
 * time, another object than the one asked for (the one it replaced, the one in use meanwhile).
 */
function subjectOfSubordinate(toks: ReturnType<typeof read>["tokens"], i: number): boolean {
  let k = i - 1;
  while (k >= 0 && DETERMINERS.has(toks[k].normal)) k--;
  return k < i - 1 && k >= 0 && SUBORDINATORS.has(toks[k].normal);
}

/**
 * Words that set what follows apart from the object, as a negation does ("unlike the big one",
 * "rather than the little one", "as opposed to", "instead of", "distinct from", "different from",
 * "except", "other than"), each with the word it needs after it, if any ("a different small cup"
 * sets nothing apart). A comparison's "than" sets its object apart too ("bigger than the small
 * one": the small one is another).
 */
const SETTING_APART = new Map<string, readonly string[] | null>([
  ["unlike", null],
  ["except", null],
  ["than", null],
  ["opposed", ["to"]],
  ["instead", ["of"]],
  ["distinct", ["from"]],
  ["different", ["from", "to", "than"]],
]);

/** Whether the word at `k` sets what follows apart from the object. */
function settingApart(toks: ReturnType<typeof read>["tokens"], k: number): boolean {
  const needs = SETTING_APART.get(toks[k].normal);
  if (needs === undefined) return false;
  return needs === null || needs.includes(toks[k + 1]?.normal ?? "");
}

/** "not the big one", "never the small", "unlike the tiny one": a negation or a setting apart just before, in the same phrase. */
function negatedBefore(toks: ReturnType<typeof read>["tokens"], i: number): boolean {
  for (let k = i - 1; k >= Math.max(0, i - 3); k--) {
    const w = toks[k];
    if (w.pos === "PUNCT") return false;
    if (w.normal === "not" || w.normal === "never" || w.normal === "no" || settingApart(toks, k)) return true;
  }
  return false;
}

/**
 * "Big one not.", "the tiny cup, never": a clipped negation closing the phrase that names the
 * object. One that opens the next phrase ("the big one not the small one") says nothing of it.
 */
function negatedAfter(toks: ReturnType<typeof read>["tokens"], i: number): boolean {
  const negation = (k: number) => ["not", "never", "no"].includes(toks[k]?.normal ?? "");
  for (let k = i + 1; k <= i + 2 + BETWEEN && k < toks.length; k++) {
    // "…, no?" asks for agreement: a tag, not a negation
    if (negation(k)) return toks[k + 1] === undefined || (toks[k + 1].pos === "PUNCT" && toks[k + 1].normal !== "?");
    // a comma may stand before the clipped negation; any other break ends the phrase
    if (toks[k].pos === "PUNCT" && !(toks[k].normal === "," && negation(k + 1))) return false;
  }
  return false;
}

/** Whether a describing word at `i` goes with the object's name ("name") or a word standing for it ("pro-form": "the big one"). */
function namesObjectAfter(
  toks: ReturnType<typeof read>["tokens"],
  i: number,
  names: readonly string[],
): "name" | "pro-form" | null {
  for (let k = i + 1; k <= i + 1 + BETWEEN && k < toks.length; k++) {
    const w = toks[k];
    // the object's own name first: the tagger takes some for verbs ("cup", "watch")
    if (PRO_FORMS.has(w.normal)) return w.normal === "thing" ? "name" : "pro-form";
    if (PLURAL_PRO_FORMS.has(w.normal) && names[0]?.endsWith("s")) return "pro-form";
    if (names.includes(w.normal) || names.includes(w.normal.replace(/s$/, ""))) return "name";
    // "the larger of the two bags": a comparison among them
    if (w.normal === "of" && k === i + 1 && COMPARING.test(toks[i].normal))
      return namesObjectAfter(toks, k, names) ? "pro-form" : null;
    if (w.pos === "PUNCT" || w.pos === "VERB" || w.pos === "ADP" || w.pos === "CCONJ") return null;
  }
  return null;
}

/** "it's huge", "that one is really small": the object's pronoun, a link verb, intensifiers. */
function saidOfIt(toks: ReturnType<typeof read>["tokens"], i: number): boolean {
  let k = i - 1;
  while (k >= 0 && INTENSIFIERS.has(toks[k].normal)) k--;
  if (k < 0 || !LINKS.has(toks[k].normal)) return false;
  k--;
  if (k >= 0 && PRO_FORMS.has(toks[k].normal)) k--;
  return k >= 0 && SUBJECTS.has(toks[k].normal) && (toks[i + 1] === undefined || toks[i + 1].pos === "PUNCT");
}
