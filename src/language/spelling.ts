/**
 * Typos in the words the grammar leans on. A one-off marker typed "this tiem", a limit in
 * "12 wrods", a time "in the mornign": missing them turns a one-off into a lasting rule or drops
 * a condition, so the few words whose misreading changes what is kept are repaired, and nothing
 * else: a closed vocabulary, and only the slips fingers make without making another word: two
 * neighbouring letters swapped ("tiem"), one letter left out ("serch"), or one typed twice ("todday"). A substituted letter
 * is never repaired: "thus" is a word, not "this".
 */

import { knownWord, normalOf, read } from "./nlp.ts";
import { editDistance } from "./rooms.ts";

/**
 * The words repaired: the article before a room (where a misspelt room is looked for), the task
 * nouns and demonstratives of a one-off, parts of the day, reply nouns and the negations
 * ("dont", spelt out as the slang it is) and frequencies of a rule.
 */
export const REPAIRED = [
  "the",
  "dont",
  "this",
  "time",
  "once",
  "search",
  "trip",
  "only",
  "just",
  "morning",
  "mornings",
  "evening",
  "evenings",
  "night",
  "afternoon",
  "words",
  "answer",
  "answers",
  "reply",
  "replies",
  "never",
  "always",
  "again",
  "today",
  "tonight",
] as const;

const VOCAB = new Set<string>(REPAIRED);

/**
 * The words for a task after "this" / "that" ("this errend", "this tme"): there a slip of any one
 * letter (left out, added, swapped or wrong) is repaired, since reading a one-off where a lasting
 * rule was meant only keeps less, while the reverse keeps a rule nobody asked for.
 */
export const TASK_NOUNS_AFTER_THIS = [
  "time",
  "once",
  "trip",
  "search",
  "task",
  "errand",
  "round",
  "hunt",
  "mission",
  "outing",
  "visit",
  "attempt",
  "request",
  "episode",
  "answer",
  "reply",
  "response",
] as const;

/** A slip in a task noun said after a demonstrative, or undefined; words under four letters ("one", "run") are words of their own. */
export function repairedAfterThis(word: string): string | undefined {
  if (word.length < 4 || !/^[a-z]+$/.test(word) || (TASK_NOUNS_AFTER_THIS as readonly string[]).includes(word))
    return undefined;
  // a slip of one letter, or two neighbouring letters swapped ("taks")
  const near = TASK_NOUNS_AFTER_THIS.filter((v) => editDistance(word, v, 1) <= 1 || swaps(word).includes(v));
  return near.length === 1 ? near[0] : undefined;
}

function swaps(w: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < w.length; i++) {
    if (w[i] === w[i + 1]) continue;
    out.push(w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2));
  }
  return out;
}

/** The word a typo stands for, or undefined when it is no typo of a repaired word. */
export function repaired(word: string): string | undefined {
  if (VOCAB.has(word) || word.length < 3 || !/^[a-z]+$/.test(word)) return undefined;
  const found = new Set<string>();
  for (const s of swaps(word)) if (VOCAB.has(s)) found.add(s);
  // one letter left out: the vocabulary word with one letter removed is the typo (4+ letters, so "tim" ≠ "time" is kept apart from short words)
  for (const v of VOCAB)
    if (v.length === word.length + 1 && v.length >= 5)
      for (let i = 0; i < v.length; i++)
        if (v.slice(0, i) + v.slice(i + 1) === word) {
          found.add(v);
          break;
        }
  // one letter typed twice ("todday", "onlly"): the key held a moment too long
  for (let i = 0; i + 1 < word.length; i++)
    if (word[i] === word[i + 1] && VOCAB.has(word.slice(0, i) + word.slice(i + 1)))
      found.add(word.slice(0, i) + word.slice(i + 1));
  // two readings are no repair: the word stays as typed; nor is an English word of its own
  // ("ever" is no "never" with its first letter left out)
  return found.size === 1 && !knownWord(word) ? [...found][0] : undefined;
}

/** Whether a word is one the lexicon knows, read alone as a verb ("loiter", not "dust"). */
function knownVerb(word: string): boolean {
  return knownWord(word) && read(word).tokens[0]?.pos === "VERB";
}

/**
 * A present participle said with its last "g" dropped, as many voices say and some type ("goin",
 * "mornin'", "nothin"): the word with its "g" back, when that is a word and the typed one is not
 * ("cabin", "robin" and "satin" are words of their own and stay as typed).
 */
export function gDropped(word: string): string | undefined {
  if (word.length < 4 || !word.endsWith("in") || !/^[a-z]+$/.test(word)) return undefined;
  const g = `${word}g`;
  // the library knows the common ones as informal spellings ("goin", "doin") and says so
  if (normalOf(word) === g) return g;
  if (knownWord(word)) return undefined;
  // ("loiterin", "hoverin": the lexicon knows the verb but not its -ing form; the verb is
  // a word of four letters or more, so a short stem that is no verb is not taken for one)
  const stem = word.slice(0, -2);
  return knownWord(g) || (stem.length >= 4 && knownVerb(stem)) ? g : undefined;
}
