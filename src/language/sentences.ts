/**
 * Sentences and words: one splitter and one word count for every part (the memory extractor,
 * the learner, the checks of a word limit, the offline reply writer's limit).
 */
import { read } from "./nlp.ts";

/**
 * The sentences of a text, their end marks dropped. The library's sentence boundaries (it knows
 * "Dr." and "a.m." are no ends); an empty text has none.
 */
export function sentences(text: string): string[] {
  if (!text.trim()) return [];
  return read(text)
    .sentences.map((x) => x.replace(/[.!?]+$/, "").trim())
    .filter(Boolean);
}

/**
 * Words as a reader counts them: runs of letters or digits, an inner apostrophe or hyphen kept
 * in one ("kid's", "twenty-five"); the keys and values of a JSON reply are words too. Counted by
 * hand, not with the library's tokens: a word limit must count "don't" once, as a reader does.
 */
export function countWords(text: string): number {
  return (text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).length;
}

/**
 * A written summary's sentences with their end marks kept, cut after a full stop and space: the
 * offline reviser drops or adds whole sentences and writes the rest back as they were.
 */
export const sentencesAtPeriods = (text: string) => text.split(/(?<=\.)\s+/).filter((s) => s.trim().length > 0);

/**
 * Whether a clock's "a.m." / "p.m." (written `raw`, read `word`) closes its sentence as well:
 * its period is the sentence's when the next word (`nextRaw`) opens with a capital ("… from
 * 10 p.m. The end stays."). A title's period ("Dr. Okafor") is never read so.
 */
export function clockAbbreviationEnds(word: string, raw: string, nextRaw: string): boolean {
  return (word === "am" || word === "pm") && raw.endsWith(".") && /^\p{Lu}/u.test(nextRaw);
}
