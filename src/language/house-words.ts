/**
 * Rooms said in the house's own words rather than as its labels are written: the possessive
 * dropped ("mama room" for "mama's room", as speech and voice transcription drop it), "X room" for
 * a room the house labels "X" ("the store room" for "store"), an initialism of a label of several
 * words ("the BQ" for "boys' quarters"), and a misspelling that sounds like the label ("garaj" for
 * "garage"). Each reads a label only when exactly one of the house's labels fits; two that fit
 * equally are never chosen between (the room is asked). Initialisms and sound-alikes are read only
 * where a room is expected, and never from an English word ("do" is no "dining office").
 */
import { knownWord } from "./nlp.ts";

/** A label reduced for comparison, as rooms.ts's roomKey reduces it. */
export type LabelKey = string;

/** The one label of `labels` that `fits`, or undefined when none or several do. */
function onlyOne(labels: readonly LabelKey[], fits: (l: LabelKey) => boolean): LabelKey | undefined {
  const found = [...new Set(labels.filter(fits))];
  return found.length === 1 ? found[0] : undefined;
}

/**
 * A label said without its possessive, or as "X room" for a label "X": `raw` are the house's
 * labels as written, `key` reduces them. Tries the longest phrase first; returns the label's key
 * and how many words it used.
 */
export function saidPlainly(
  words: readonly string[],
  raw: readonly string[],
  key: (s: string) => LabelKey,
): { room: LabelKey; words: number } | undefined {
  for (let n = Math.min(3, words.length); n >= 2; n--) {
    const phrase = words.slice(0, n).join(" ");
    if (!/^[a-z][a-z ]*$/.test(phrase)) continue;
    // "mama room": the label "mama's room" with its possessive left out
    const unpossessed = onlyOne(
      raw.filter((l) => /['’]/.test(l)),
      (l) => key(l.replace(/['’]s\b/g, "")) === phrase || key(l.replace(/s['’](?=\s|$)/g, "")) === phrase,
    );
    if (unpossessed) return { room: key(unpossessed), words: n };
    // "the store room" in a house that labels it "store"
    if (n === 2 && words[1] === "room") {
      const bare = onlyOne(raw.map(key), (l) => l === words[0] && !l.includes(" "));
      if (bare) return { room: bare, words: 2 };
    }
  }
  return undefined;
}

/** Nouns for any place: a label's head that is one of these tells no room apart ("utility area"). */
const PLACE_WORDS = new Set([
  "room",
  "rooms",
  "area",
  "space",
  "place",
  "corner",
  "zone",
  "side",
  "part",
  "section",
  "spot",
]);

/**
 * Where a room is expected, one word that tells one label of two words apart: its head noun
 * ("the salon" for "hair salon"), or, when the head is a noun for any place, the word before it
 * ("the utility" for "utility area"). Read only when no other label has that word, so a
 * word two labels share is asked; a word for any place names none.
 */
export function saidByPart(
  words: readonly string[],
  labels: readonly LabelKey[],
): { room: LabelKey; words: number } | undefined {
  const w = words[0];
  if (!w || !/^[a-z]{4,}$/.test(w) || PLACE_WORDS.has(w)) return undefined;
  const telling = (l: LabelKey) => {
    const ws = l.split(" ");
    if (ws.length !== 2) return undefined;
    return PLACE_WORDS.has(ws[1]) ? ws[0] : ws[1];
  };
  const having = [...new Set(labels.filter((l) => l.split(" ").includes(w)))];
  return having.length === 1 && telling(having[0]) === w ? { room: having[0], words: 1 } : undefined;
}

/** "bq" for "boys quarters": the first letters of a label of two to four words. */
function initials(label: LabelKey): string | undefined {
  const ws = label.split(" ");
  return ws.length >= 2 && ws.length <= 4 ? ws.map((w) => w[0]).join("") : undefined;
}

/**
 * A crude key of how a word sounds in English spelling: the first letter, then the consonants as
 * they sound ("garage" and "garaj" are both g-r-j, "kitchen" and "kichen" k-ch-n), vowels and
 * doubled letters left out.
 */
export function soundKey(word: string): string {
  let s = word.toLowerCase().replace(/[^a-z]/g, "");
  for (const [from, to] of SOUNDS) s = s.replace(from, to);
  const head = /^[aeiouy]/.test(s) ? "a" : s[0];
  const rest = s.slice(1).replace(/[aeiouy]/g, "");
  return (head + rest).replace(/(.)\1+/g, "$1");
}

/** Spellings of one sound, in the order they are rewritten (longest first). */
const SOUNDS: [RegExp, string][] = [
  [/tch/g, "ch"],
  [/dge/g, "j"],
  [/ge$/g, "j"],
  [/g(?=[ei])/g, "j"],
  [/ph/g, "f"],
  [/ck/g, "k"],
  [/qu/g, "kw"],
  [/q/g, "k"],
  [/x/g, "ks"],
  [/^wh/g, "w"],
  [/^kn/g, "n"],
  [/^wr/g, "r"],
  [/c(?=[eiy])/g, "s"],
  [/c/g, "k"],
  [/z/g, "s"],
  [/(?<=[aeiou])h$/g, ""],
  [/e$/g, ""],
];

/**
 * Where a room is expected: a word that is the initialism of one label, or a phrase that sounds
 * like one label word for word, and is no English word of its own.
 */
export function saidLoosely(
  words: readonly string[],
  labels: readonly LabelKey[],
): { room: LabelKey; words: number } | undefined {
  const first = words[0];
  if (first && /^[a-z]{2,4}$/.test(first) && !knownWord(first)) {
    const room = onlyOne(labels, (l) => initials(l) === first);
    if (room) return { room, words: 1 };
  }
  for (let n = Math.min(2, words.length); n >= 1; n--) {
    const said = words.slice(0, n);
    if (!said.every((w) => /^[a-z]+$/.test(w)) || !said.some((w) => w.length >= 4 && !knownWord(w))) continue;
    const keys = said.map(soundKey).join(" ");
    const room = onlyOne(labels, (l) => l.split(" ").length === n && l.split(" ").map(soundKey).join(" ") === keys);
    if (room) return { room, words: n };
  }
  return undefined;
}
