/**
 * Bag-of-words reading for the offline backbone's grounding and categories: lower-cased content
 * words, naive singulars, and how much of one text another covers.
 */

const STOPWORDS = new Set(
  (
    "a an the and or but of to in on at for from with by about into over under my me i you your our we us it its " +
    "is are was were be been being am do does did have has had this that these those there here please can could " +
    "would will shall should may might must let get go bring fetch find take want need some any one just so up " +
    "out then than very too also them they their he she his her him what which who whom where when why how"
  ).split(" "),
);

export function contentWords(text: string): string[] {
  return (
    unaccented(text)
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? []
  )
    .filter((w) => !STOPWORDS.has(w))
    .map(singular);
}

/** A word's naive singular, as contentWords counts it: a final -s off a word of more than three letters ("keys" → "key"), not -ss. */
export const singular = (w: string) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w);

/**
 * Letters without their accents ("café" → "cafe", "relógio" → "relogio"): a word a user types with
 * or without them is one word, not split at the accented letter.
 */
export const unaccented = (text: string) => text.normalize("NFD").replace(/\p{M}+/gu, "");

export function wordSet(text: string): Set<string> {
  return new Set(contentWords(text));
}

/** Shared words over the first text's words: how much of `query` the other text covers. */
export function coverage(query: Set<string>, other: Set<string>): number {
  if (query.size === 0) return 0;
  let shared = 0;
  for (const w of query) if (other.has(w)) shared++;
  return shared / query.size;
}
