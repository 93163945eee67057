/**
 * Eye dialect: a word spelt as a voice says it ("nevah", "theah", "pahk", "floah", "tyme"). A
 * non-rhotic voice drops the r after a vowel and writes "h" or "ah" in its place; other spellings
 * write the same sounds with other letters (y for i, ph for f, ck for k). Such a word is read as
 * the word it sounds like, but only into a closed vocabulary of the words the grammar leans on
 * (negations, verbs of going and staying, one-off markers, adverbs and nouns of place), only when
 * the typed word is no English word, and only when exactly one word of the vocabulary sounds like
 * it. Words that would widen a rule ("always", "everywhere", "anywhere") are not in it, so a
 * misread never keeps more than was said.
 */
import { knownWord } from "./nlp.ts";
import { REPAIRED } from "./spelling.ts";

/** The words an eye-dialect spelling is read as. */
const VOCABULARY: readonly string[] = [
  ...REPAIRED.filter((w) => w !== "always"),
  // negations
  ...["not", "never", "nothing", "nowhere", "nobody", "neither", "nor"],
  // verbs of going, staying and stopping
  ...["go", "going", "enter", "entering", "stay", "staying", "park", "parking", "stop", "wait", "stand"],
  ...["sit", "walk", "come", "leave", "linger", "hover", "turn", "return", "pass", "cross", "drive"],
  // one-off markers and times of the day
  ...["more", "first", "later", "after", "before", "tomorrow", "morning", "evening", "hour", "hours"],
  // adverbs and nouns of place
  ...["there", "here", "where", "near", "inside", "outside", "over", "under", "floor", "door", "doors"],
  ...["stairs", "upstairs", "downstairs", "yard", "garden", "porch", "corridor", "corner"],
];

/** A vowel run, an r after it, and a silent e, where the r stands before no vowel: the r a non-rhotic voice drops. */
const R_AFTER_VOWEL = /([aeiou]+)r(e?)(?=[^aeiouy]|$)/g;

/** The ways a non-rhotic voice writes a vowel and the r after it ("ar" → "ah", "oor" → "oah", "er" → "ah"). */
function rlessOf(vowels: string, unstressed: boolean): string[] {
  const out = [`${vowels}h`, `${vowels}ah`];
  if (vowels.length > 1 && vowels[0] !== "a") out.push(`${vowels[0]}ah`);
  if (vowels[0] === "o") out.push("aw");
  if (unstressed) out.push("ah", "uh");
  return out;
}

/** Every spelling of a word with each r after a vowel dropped as a non-rhotic voice drops it (the word itself too). */
export function rDropped(word: string): string[] {
  let spellings = [""];
  let at = 0;
  for (const m of word.matchAll(R_AFTER_VOWEL)) {
    const before = word.slice(at, m.index);
    // the last syllable of a word of two or more is unstressed: its vowel is "ah" whatever it was ("nevah")
    const unstressed = /[aeiouy]/.test(word.slice(0, m.index));
    const forms = [`${m[1]}r${m[2]}`, ...rlessOf(m[1], unstressed)];
    spellings = spellings.flatMap((s) => forms.map((f) => s + before + f));
    at = m.index + m[0].length;
  }
  return spellings.map((s) => s + word.slice(at));
}

/** Letters that write the same sound, reduced to one spelling: "tyme" and "time" alike. */
function sameSound(word: string): string {
  return word
    .replace(/ph/g, "f")
    .replace(/ck/g, "k")
    .replace(/(?<=[^aeiou])y(?=[a-z])/g, "i");
}

/** Each sound-spelling of the vocabulary, with the words it stands for. */
let bySound: Map<string, Set<string>> | undefined;

function soundTable(): Map<string, Set<string>> {
  if (bySound) return bySound;
  const table = new Map<string, Set<string>>();
  for (const word of VOCABULARY)
    for (const spelling of rDropped(word)) {
      const key = sameSound(spelling);
      const words = table.get(key) ?? new Set<string>();
      words.add(word);
      table.set(key, words);
    }
  bySound = table;
  return table;
}

/**
 * The vocabulary word a non-word spelt as it sounds stands for ("nevah" → "never", "pahk" →
 * "park", "tyme" → "time"), or undefined: an English word, a word under four letters, or one that
 * sounds like none or several of the vocabulary stays as typed.
 */
export function eyeDialect(word: string): string | undefined {
  // a known word is read as itself, so its sound key is never needed
  if (word.length < 4 || !/^[a-z]+$/.test(word) || knownWord(word)) return undefined;
  // "pahkin": a dropped g as well
  const said = word.endsWith("in") ? [word, `${word}g`] : [word];
  const words = new Set(said.flatMap((w) => [...(soundTable().get(sameSound(w)) ?? [])]));
  if (words.size !== 1) return undefined;
  const [read] = words;
  return read !== word ? read : undefined;
}
