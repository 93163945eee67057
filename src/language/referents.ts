/**
 * Change of referent: the user's words say that a role passed from one object to another ("the
 * striped one got a chip, so these days I have my coffee out of the green one"; "…, not the
 * grey one anymore"; "I stopped using the gold pair"). Read on the NLP library's tokens (part of
 * speech, negation scope), by word classes, never by whole phrasings:
 *
 *   a described referent   a determiner (or a clause start), modifiers, and a head that names
 *                          the category or stands for it ("one", "pair"): "the small silver camera",
 *                          "navy one", "the gold pair";
 *   it is the old one when
 *     - it is contrasted: "not" before it (", not the navy hat anymore"), or "instead of",
 *       "rather than", "in place of";
 *     - it is the subject of a clause whose predicate ends a role (a verb of breaking, dying,
 *       retiring, losing, wearing out, stopping; a negated "work"; a defect it "got": a chip);
 *     - it is the object of a negated use that says time ("don't use … anymore", "no longer")
 *       or of a stopped one ("stopped using the gold pair"), or of a past habit ("I used to
 *       take the red one");
 *     - a pronoun is the subject of such a clause right after an old referent was named.
 *   Breaking and negated use only count where the message says a change at all (CHANGE_SAID):
 *   "my red toy is broken, can you find it?" is about the toy the user wants.
 *
 * What a reading returns: the sentence without what it says of the old object, that object's
 * description (the words that tell it apart: "striped", "small silver"), and what was said of it,
 * as statements about the user's other object. The memory extractor appends "instead of the
 * <description> <category>" to the facts the change gives the new object; memory reads that
 * back (insteadOf) and supersedes the fact on the object the description names.
 */

import { type NlpToken, read } from "./nlp.ts";
import { CATEGORY_NAMES, namesOf } from "./objects.ts";

/** Words that say a change happened at all (a role moved, a habit changed). */
export const CHANGE_SAID =
  /\b(?:now|nowadays|these days|lately|of late|from now on|instead|any ?more|any longer|no longer|switch(?:es|ed|ing)?|swap(?:s|ped|ping)?|replaced|retired|stopped|quit|gave up|currently|at the moment|(?:has|have|'s|'ve) become|became)\b/i;

const DETERMINER = new Set(["the", "my", "our", "that", "this", "these", "those", "his", "her", "their", "your"]);
/** Heads that stand for the category's name. */
const STAND_IN = new Set(["one", "ones", "pair", "set"]);
/** Modifiers a description can have (part of speech), "small" is sometimes read as an adverb. */
const MODIFIER = new Set(["ADJ", "NOUN", "PROPN", "ADV", "VERB", "NUM"]);
/** Verbs and predicates of an object ending its role. */
const ENDED = new Set(
  (
    "break breaks broke broken die dies died dead crack cracks cracked chipped retire retires retired lose loses lost " +
    "ruin ruined tear tore torn rip ripped leak leaks leaked fail fails failed smash smashed shatter shattered " +
    "replace replaced fell fallen stop stops stopped quit quits dump dumped ditch ditched scratched dented faded " +
    // the shape a thing was made in lost: "the old key is bent", "the frame warped", "the lock jammed"
    "bent warped jammed frayed " +
    // said of it after "is" / "are": "the grey one is finished", "those are shot"
    "done finished shot busted bust kaput knackered missing " +
    // a change told in the base form, as many Englishes tell the past ("the big one chip", "the mic spoil already")
    "chip chips spoil spoils spoilt spoiled snap snaps snapped split"
  ).split(" "),
);
/** A verb of going said of it (or of a part of it) with nothing after it: "the soles went", "the zip's gone". */
const GONE = new Set(["went", "gone", "goes", "go"]);
/** Adverbs after "so" that keep it a conjunction ("so now I …"): only a gradable word makes it a degree ("so small"). */
const NOT_GRADED = new Set(["now", "then", "nowadays", "lately", "today", "tonight", "recently", "anyway", "instead"]);
/** "wore out", "fall apart", "fall off": the verb ends a role only with its particle. */
const ENDED_WITH_PARTICLE = new Set([
  "wear",
  "wears",
  "wore",
  "worn",
  "fall",
  "falls",
  "fell",
  "fallen",
  "give",
  "gave",
]);
const PARTICLE = new Set(["out", "apart", "off", "up"]);
/** Defects an object "got" or "has": a chip in the rim, a crack. */
const DEFECT = new Set(["chip", "crack", "hole", "tear", "leak", "dent", "scratch", "stain"]);
/** Verbs of working that, negated, end a role ("does not work anymore"). */
const WORKING = new Set(["work", "works", "working", "worked", "fit", "fits", "charge", "charges", "turn", "turns"]);
/** Adverbs of time that make a negated use a change ("not … anymore", "no longer", "not … more"). */
const NO_MORE = new Set(["anymore", "longer", "more", "any"]);
/** Words that open a contrast with the object that held the role. */
const INSTEAD = [
  ["instead", "of"],
  ["rather", "than"],
  ["in", "place", "of"],
];
/** Where a clause ends. */
const BOUNDARY_WORD = new Set(["so", "and", "but", "because", "since", "while", "although", "though"]);
const BOUNDARY_PUNCT = new Set([",", ";", ".", "!", "?", ":", "—", "–", "(", ")"]);

export interface ReferentReading {
  /** the sentence without what it says of the object it replaces */
  rest: string;
  /** descriptions of the objects the words take a role from ("striped", "small silver") */
  replaced: string[];
  /** what the sentence says of those objects, as statements about the user's other object */
  aside: string[];
}

interface Phrase {
  start: number;
  /** one past the head */
  end: number;
  looks: string[];
  /** the head when it names another category ("…, not the yellow ball anymore"): the old object is of it */
  other: string | null;
}

export const isBoundary = (t: NlpToken | undefined, next?: NlpToken) =>
  t === undefined ||
  BOUNDARY_PUNCT.has(t.normal) ||
  // "so" opens a clause, except as a degree word ("so much", "so small")
  (BOUNDARY_WORD.has(t.normal) &&
    !(t.normal === "so" && (next?.pos === "ADJ" || (next?.pos === "ADV" && !NOT_GRADED.has(next.normal)))));

/** Every word that names a category other than `category`. */
function otherHeads(category: string): Set<string> {
  const own = namesOf(category);
  return new Set(
    Object.keys(CATEGORY_NAMES)
      .flatMap((c) => [...namesOf(c)])
      .filter((w) => !own.has(w)),
  );
}

/**
 * Described referents of the category: "the small silver camera", "navy one", "the gold pair";
 * with `others`, also those headed by another category's name ("the yellow dotted ball").
 */
function phrases(tokens: NlpToken[], heads: Set<string>, others: Set<string> = new Set()): Phrase[] {
  const out: Phrase[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const det = DETERMINER.has(tokens[i].normal);
    if (!det && !(MODIFIER.has(tokens[i].pos) && isBoundary(tokens[i - 1]))) continue;
    const looks: string[] = [];
    let j = det ? i + 1 : i;
    for (; j < tokens.length && j - i <= 6; j++) {
      const t = tokens[j];
      if (heads.has(t.normal) || STAND_IN.has(t.normal) || others.has(t.normal)) break;
      if (!MODIFIER.has(t.pos)) {
        j = tokens.length;
        break;
      }
      looks.push(t.text.toLowerCase());
    }
    if (j >= tokens.length || j - i > 6) continue;
    let end = j + 1;
    const other = others.has(tokens[j].normal) ? tokens[j].normal : null;
    while (end < tokens.length && (other ? others : heads).has(tokens[end].normal)) end++;
    // a bare "the one" is no description: "is no longer the one I use" says what it is
    if (looks.length === 0 && STAND_IN.has(tokens[j].normal)) continue;
    out.push({ start: i, end, looks, other });
    i = end - 1;
  }
  return out;
}

function clauseOf(tokens: NlpToken[], at: number): [number, number] {
  let s = at;
  while (s > 0 && !isBoundary(tokens[s - 1], tokens[s])) s--;
  let e = at;
  while (e < tokens.length && !isBoundary(tokens[e], tokens[e + 1])) e++;
  return [s, e];
}

/** The clause from `from` to `to` says the role ended (a verb of ending, a defect, negated working). */
export function ends(tokens: NlpToken[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const t = tokens[k];
    // right after the subject the predicate's verb stands, whatever the tagger took it for ("the steel one split")
    if (ENDED.has(t.normal) && (t.pos !== "NOUN" || k === from)) return true;
    if (GONE.has(t.normal) && (k + 1 === to || ENDED.has(tokens[k + 1].normal))) return true;
    if (ENDED_WITH_PARTICLE.has(t.normal) && PARTICLE.has(tokens[k + 1]?.normal ?? "")) return true;
    if (DEFECT.has(t.normal) && t.pos === "NOUN") return true;
    if (WORKING.has(t.normal) && t.negated) return true;
  }
  return false;
}

/**
 * Whether what a message said of the user's other object (readReferents' aside, "the user's
 * other flask (the teal one) split") says its role ended: broken, lost, worn out, not working;
 * a contrast alone ("not the teal one") ends nothing of it but the one fact it gave away.
 */
export function saysEnded(aside: string): boolean {
  const tokens = read(aside).tokens;
  return ends(tokens, 0, tokens.length);
}

/** Where "used to" opens a past habit ("I used to wear …") between `from` and `to`, its subject before it; -1 when none. */
function usedToAt(tokens: NlpToken[], from: number, to: number): number {
  for (let k = from + 1; k + 2 < to; k++)
    if (tokens[k].normal === "used" && tokens[k + 1].normal === "to" && tokens[k + 2].pos === "VERB") return k;
  return -1;
}

/** Prepositions that tie a part to its whole ("the strap of", "the glass on", "the zip in"). */
const PART_OF = new Set(["of", "on", "in"]);

/**
 * The words before a referent name a part of it ("the glass on the gold one cracked", "the brim of
 * the white one snapped"): a noun phrase and a preposition of parts, so the referent is the
 * whole whose part the clause's predicate ends.
 */
function partOf(before: NlpToken[]): boolean {
  if (before.length < 2 || !PART_OF.has(before[before.length - 1].normal)) return false;
  const np = before.slice(0, -1);
  return np.some((t) => t.pos === "NOUN") && np.every((t) => t.pos === "NOUN" || t.pos === "ADJ" || t.pos === "DET");
}

function join(tokens: NlpToken[], from = 0, to = tokens.length): string {
  return tokens
    .slice(from, to)
    .map((t, k) => (k === 0 ? t.text : t.space + t.text))
    .join("");
}

/** What was said of the old object, with the object named as the user's other one. */
function asideOf(tokens: NlpToken[], clause: [number, number], np: Phrase | null, looks: string[], category: string) {
  const name = `the user's other ${category}${looks.length ? ` (the ${looks.join(" ")} one)` : ""}`;
  const before = np ? join(tokens, clause[0], np.start) : "";
  const after = np
    ? `${tokens[np.end]?.space ?? ""}${join(tokens, np.end, clause[1])}`
    : join(tokens, clause[0], clause[1]);
  const said = np ? `${before}${before ? " " : ""}${name}${after}` : `${name}:${after ? ` ${after.trim()}` : ""}`;
  return said.replace(/\s+/g, " ").trim();
}

/**
 * Reads one sentence for a change of referent. `changeSaid`: the message says a change
 * (CHANGE_SAID) somewhere; `carried`: the description of an old referent an earlier sentence
 * named (a pronoun may go on about it).
 */
export function readReferents(
  sentence: string,
  category: string,
  changeSaid: boolean,
  carried: string[] | null = null,
): ReferentReading {
  const tokens = read(sentence).tokens;
  const heads = namesOf(category);
  const drop = new Set<number>();
  /** described objects said again as "it": the role a past habit gave them is the new object's */
  const asIt = new Set<number>();
  const replaced: string[][] = [];
  const aside: string[] = [];
  let lastOld: string[] | null = carried;
  const dropRange = (a: number, b: number) => {
    for (let k = a; k < b; k++) drop.add(k);
  };
  for (const np of phrases(tokens, heads, otherHeads(category))) {
    const prev = tokens[np.start - 1];
    const prev2 = tokens[np.start - 2];
    const insteadAt = INSTEAD.find((w) => w.every((word, k) => tokens[np.start - w.length + k]?.normal === word));
    // ", not the navy hat anymore" / "instead of the old one"; a role can pass between objects of
    // two categories ("…, not the yellow ball anymore"): the old one is then named with its category
    if ((prev?.normal === "not" && isBoundary(prev2)) || prev2?.normal === "but" || insteadAt) {
      if (np.other && !insteadAt && !changeSaid) continue;
      let end = np.end;
      while (end < tokens.length && (NO_MORE.has(tokens[end].normal) || tokens[end].normal === "any")) end++;
      const from = insteadAt ? np.start - insteadAt.length : prev2?.normal === "but" ? np.start - 2 : np.start - 1;
      dropRange(from, end);
      const described = np.other ? [...np.looks, np.other] : np.looks;
      replaced.push(described);
      lastOld = described;
      continue;
    }
    if (!changeSaid) continue;
    const clause = clauseOf(tokens, np.start);
    // "I used to take the tin flask on walks": a habit told as past, in a message that says a
    // change, was the old object's (of this category or another), and the role is what moved
    const usedTo = usedToAt(tokens, clause[0], np.start);
    if (usedTo >= 0) {
      // the role is said again of the new object: "I wear it for that"
      dropRange(usedTo, usedTo + 2);
      dropRange(np.start + 1, np.end);
      asIt.add(np.start);
      const described = np.other ? [...np.looks, np.other] : np.looks;
      replaced.push(described);
      lastOld = described;
      continue;
    }
    if (np.other) continue;
    // the subject: nothing but interjections and fillers ("fyi", "oh") before it in its clause
    const subject =
      tokens.slice(clause[0], np.start).every((t) => !["VERB", "AUX", "PRON", "ADP"].includes(t.pos)) ||
      partOf(tokens.slice(clause[0], np.start));
    // the object of a negated verb of use (not a predicate after "is")
    const negatedUse =
      tokens.slice(np.start, np.end).some((t) => t.negated) &&
      tokens.slice(clause[0], np.start).some((t) => t.pos === "VERB") &&
      tokens.slice(clause[0], clause[1]).some((t) => NO_MORE.has(t.normal) || t.normal === "longer");
    const stoppedUse = tokens
      .slice(clause[0], np.start)
      .some((t, k, xs) => /^(?:stop|stops|stopped|quit)$/.test(t.normal) && xs[k + 1]?.normal.endsWith("ing"));
    if ((subject && ends(tokens, np.end, clause[1])) || negatedUse || stoppedUse) {
      dropRange(clause[0], clause[1]);
      replaced.push(np.looks);
      aside.push(asideOf(tokens, clause, np, np.looks, category));
      lastOld = np.looks;
    }
  }
  // "… the small silver camera, it stopped working": a pronoun goes on about the old object
  if (lastOld && changeSaid) {
    for (let k = 0; k < tokens.length; k++) {
      const t = tokens[k];
      if (drop.has(k) || !/^(?:it|they)$/.test(t.normal) || !isBoundary(tokens[k - 1])) continue;
      const clause = clauseOf(tokens, k);
      if (!ends(tokens, k + 1, clause[1])) continue;
      dropRange(clause[0], clause[1]);
      aside.push(asideOf(tokens, [k + 1, clause[1]], null, lastOld, category));
      if (!replaced.length) replaced.push(lastOld);
    }
  }
  // "…, the wheel fell off": a clause right after one about the old object that ends something too
  if (lastOld && drop.size) {
    for (let k = 1; k < tokens.length; k++) {
      if (drop.has(k) || !drop.has(k - 2) || !isBoundary(tokens[k - 1], tokens[k])) continue;
      const clause = clauseOf(tokens, k);
      if (["i", "we", "my", "our"].includes(tokens[k].normal) || !ends(tokens, k, clause[1])) continue;
      dropRange(clause[0], clause[1]);
      aside.push(`${asideOf(tokens, [k, k], null, lastOld, category)} ${join(tokens, k, clause[1])}`);
    }
  }
  const kept = tokens.flatMap((t, k) => (drop.has(k) ? [] : asIt.has(k) ? [{ ...t, text: "it" }] : [t]));
  const rest = join(kept)
    .replace(/^[\s,;:.]+/, "")
    .replace(/([,;:])(?:\s*[,;:])+/g, "$1")
    .replace(/\s+([,;:.!?])/g, "$1")
    .replace(/[,;:]+([.!?])/g, "$1")
    .replace(/^(?:so|and|but)\s+/i, "")
    .replace(/[\s,;:]+$/, "")
    .trim();
  return { rest, replaced: replaced.map((r) => r.join(" ")), aside };
}

/** "… instead of the small silver camera": the statement without it, and the replaced object's description. */
export function insteadOf(statement: string): { text: string; replaced: string | null } {
  const m = statement.match(/\s*,?\s*\binstead of (?:the |my |our |that |those |these )?([\p{L}' -]+?)\s*([.!]?)$/iu);
  if (!m || m.index === undefined) return { text: statement, replaced: null };
  return { text: `${statement.slice(0, m.index)}${m[2]}`.trim(), replaced: m[1].trim() };
}

/**
 * The object the user wants, described in the middle of a sentence that moved a role to it
 * ("… from the tall red ceramic cup instead"): the sentence with it said as "it", and its
 * description ("small green glass"). Only descriptions with a word of looks count.
 */
export function describedTarget(sentence: string, category: string): { text: string; looks: string[] } {
  const tokens = read(sentence).tokens;
  // a description after "is" says which object the subject is ("the one I bring hiking is the green hat"): left as it is
  const np = phrases(tokens, namesOf(category)).find(
    (p) => p.start > 0 && p.looks.length > 0 && tokens[p.start - 1].pos !== "AUX" && !isBoundary(tokens[p.start - 1]),
  );
  if (!np) return { text: sentence, looks: [] };
  const text = `${join(tokens, 0, np.start)} it${tokens[np.end]?.space ?? ""}${join(tokens, np.end)}`.replace(
    /\s+/g,
    " ",
  );
  return { text: text.trim(), looks: np.looks };
}
