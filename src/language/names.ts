/**
 * The names a text uses (people, places, pets): words a small sentence embedder hears little in,
 * but that a user spells the same each time they mention the one they name.
 */
import { wordSet } from "./bag-of-words.ts";
import { BORROWED_SMALL_WORDS } from "./borrowed-words.ts";
import { knownWord, read } from "./nlp.ts";

/**
 * A person's name as written, one word or two with a capital each ("Ravi", "Aunt Rosa"): the one
 * shape that the fact splitter and the statement writer both take for a name.
 */
export const WRITTEN_NAME = String.raw`[A-Z][\p{L}'-]*(?:\s+[A-Z][\p{L}'-]*)?`;

/**
 * The names a request uses (people, places, pets): the library's proper nouns, as content words,
 * except one opening a sentence, where a capital says nothing ("Shoes I use for that now?",
 * "Pre-shift."): a name there is missed rather than a word taken for one. Typed all in lower case,
 * a name has no capital to show it: there a word the English lexicon lacks is taken for one
 * (a typo is too, and counts only where the user typed it the same way before).
 */
export function namesIn(text: string): Set<string> {
  const toks = read(text).tokens;
  const opens = (i: number) => i === 0 || /^[.!?]+$/.test(toks[i - 1].text);
  const unknown = (t: { text: string }) => /^\p{Ll}{3,}$/u.test(t.text) && !knownWord(t.text);
  const borrowed = inAnotherTongue(toks, unknown);
  const names = toks.filter(
    (t, i) =>
      !BORROWED_SMALL_WORDS.has(t.text.toLowerCase()) &&
      ((t.pos === "PROPN" && /^[A-Z]/.test(t.text) && (!opens(i) || subjectName(toks, i))) ||
        (!borrowed && unknown(t))),
  );
  return wordSet(names.map((t) => t.text).join(" "));
}

/**
 * A text partly in another language ("the torch ninayotumia sasa hivi kwa kazi"): several of
 * its words, and a fair share of them, are outside the English lexicon. Its unknown lower-case
 * words are that language's words, not names; a name typed in lower case is missed there rather
 * than every borrowed word taken for one.
 */
function inAnotherTongue(toks: readonly { text: string }[], unknown: (t: { text: string }) => boolean): boolean {
  const words = toks.filter((t) => /\p{L}/u.test(t.text));
  const n = words.filter(unknown).length;
  return n >= BORROWED.least && n >= BORROWED.share * words.length;
}

/** Unknown words that make a text partly another language's: at least 3, and a fifth of its words. */
const BORROWED = { least: 3, share: 0.2 };

/**
 * A capitalised word opening a sentence that the English lexicon lacks and that is the clause's
 * subject or a possessor ("Okello's looking for …", "Mira wants …"): a name, though its capital
 * says nothing there. A known word ("Shoes I use …") or one before no verb ("Pre-shift.") is not.
 */
function subjectName(toks: ReturnType<typeof read>["tokens"], i: number): boolean {
  const next = toks[i + 1];
  if (!next || knownWord(toks[i].text.toLowerCase())) return false;
  return next.pos === "VERB" || next.pos === "AUX" || (next.pos === "PART" && next.text.toLowerCase() === "'s");
}

/** names of God said in oaths and blessings ("God forgive me", "Lord knows"): no one the user means */
const OATHS = new Set(["god", "lord", "jesus", "christ", "allah", "dios", "gott", "heaven", "heavens"]);

/**
 * The names a request uses, read strictly: in a text typed with capitals, only its capitalised
 * names; a word the lexicon lacks is taken for a name only where the whole text is typed in lower
 * case, its sentences' first letters and "I" aside ("bring the scarf priya knitted"). Mixed in with capitalised English, an unknown lower-case word
 * is more often a borrowed word or a typo ("…on now, pues?") than a name.
 */
export function capitalisedNamesIn(text: string): Set<string> {
  const names = namesIn(text);
  // capitals that say nothing: a sentence's first letter, the pronoun I
  if (!/(?<!(?:^|[.!?])\s*)(?<!\p{L})\p{Lu}|\p{L}\p{Lu}/u.test(text.replace(/(?<!\p{L})I(?!\p{L})/gu, "i")))
    return names;
  const capitalised = wordSet(
    read(text)
      .tokens.filter((t) => /^\p{Lu}/u.test(t.text))
      .map((t) => t.text)
      .join(" "),
  );
  return new Set([...names].filter((n) => capitalised.has(n) && !OATHS.has(n)));
}
