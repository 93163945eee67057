/**
 * Sentences of a description that are not facts of their own. People speak in pieces: a fact,
 * then a piece that goes on with it ("I take it to the allotment. Tuesdays and Fridays." "It holds
 * my tea. Before the school run."), and words addressed to the listener that say nothing about
 * the object ("Jot that down." "Got that?" "Done."). A piece kept as a statement of its own outlives
 * the fact it belonged to when that fact is superseded, and a word to the listener matches every
 * request said in the same voice; so the first is read with the fact before it and the second
 * is not kept.
 */
import { namesLooks } from "./looks.ts";
import { read } from "./nlp.ts";
import { categoryNamed, namesOf } from "./objects.ts";
import { sentences } from "./sentences.ts";
import { alt } from "./word-class.ts";

/** Verbs that ask the listener to keep something in mind, and the listener's cues to attend. */
const KEEP_IN_MIND = [
  "note",
  "log",
  "record",
  "remember",
  "memorise",
  "memorize",
  "save",
  "jot",
  "write",
  "mark",
  "file",
  "standby",
  "stand by",
  "got",
];
/** What such a verb may take without saying anything of the object. */
const ABOUT_NOTHING = [
  "me",
  "it",
  "this",
  "that",
  "these",
  "those",
  "them",
  "one",
  "down",
  "for",
  "a",
  "note",
  "the",
  "that's",
  "please",
  "now",
  "up",
  "all",
  "of",
];

const WORDS = /[\p{L}\p{N}'-]+/gu;
const ASKS_TO_KEEP = new RegExp(`^${alt(KEEP_IN_MIND)}\\b`, "iu");
/** A word said first, before a comma, to get the listener's ear: "Right, …", "Okay, …", a name. */
const OPENING_WORD = /^[\p{L}'-]+,\s*/u;
/** Words that open a clause that cannot stand alone. */
const SUBORDINATE = /^(?:before|after|when|whenever|while|until|till|since|once|because|as soon as)\b/iu;

/**
 * "Note that down.", "Remember this one.", "Done.", "Go.": a word to the listener, or a lone verb with
 * no one doing it and nothing done to, tells nothing about the object.
 */
export function tellsNothing(sentence: string, category: string | null): boolean {
  const words = sentence.toLowerCase().match(WORDS) ?? [];
  if (!words.length) return true;
  const own = category ? new Set([category, ...namesOf(category)]) : new Set<string>();
  const rest = (from: number) =>
    words.slice(from).every((w) => ABOUT_NOTHING.includes(w) || own.has(w) || own.has(w.replace(/e?s$/, "")));
  // the opening word, unless it is the object or its looks ("Blue, note that.")
  const opening = OPENING_WORD.exec(sentence.trim())?.[0] ?? "";
  const word = opening.replace(/,\s*$/, "").toLowerCase();
  const lead = opening && !namesLooks(opening) && !own.has(word) ? opening : "";
  const m = ASKS_TO_KEEP.exec(sentence.trim().slice(lead.length));
  if (m) return rest((lead ? 1 : 0) + m[0].split(/\s+/).length);
  if (words.length !== 1) return false;
  const [t] = read(sentence.trim()).tokens;
  return t?.pos === "VERB" || t?.pos === "INTJ";
}

/**
 * "Before I open the first hive.", "Tuesdays and Fridays.", "Up the hill, past the mill.": a
 * clause that cannot stand alone, or a piece with no verb that names neither the object nor its
 * looks, goes on with the fact said before it.
 */
export function goesOnWithFact(sentence: string, category: string | null): boolean {
  const s = sentence.trim();
  if (SUBORDINATE.test(s)) return !s.includes(",");
  if (namesLooks(s) || (category !== null && categoryNamed(s) === category)) return false;
  // tagged in lower case: a capital opening a piece makes the tagger take any word for a name
  const tokens = read(s.charAt(0).toLowerCase() + s.slice(1)).tokens;
  const pieces = tokens.filter((t) => t.pos !== "PUNCT");
  return pieces.length > 0 && !pieces.some((t) => t.pos === "VERB" || t.pos === "AUX" || t.pos === "PRON");
}

/**
 * A request without its words to the listener ("Standby. The pair I read with. Go."): they match
 * every memory said in the same voice and tell nothing of the object. All words to the listener:
 * the request as it is.
 */
export function withoutWordsToListener(request: string): string {
  const all = sentences(request);
  const kept = all.filter((x) => !tellsNothing(x, null));
  // nothing to leave out: the request as said, its punctuation too (the embedder reads it)
  return kept.length && kept.length < all.length ? kept.join(". ") : request;
}
