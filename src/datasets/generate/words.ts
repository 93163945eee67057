/** Word-level helpers for the "no giveaway words" rule: tokens, light stemming, overlap. */
import { PINNED_CATEGORIES } from "../../sim/index.ts";

/** Lower-cased word stems: "Sister's" → "sister", "mugs" → "mug". */
export function stems(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g) ?? []).map(stem);
}

export function stem(word: string): string {
  let w = word.toLowerCase().replace(/'s$/, "");
  if (w.length > 4 && w.endsWith("es") && /(ss|sh|ch|x)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  return w;
}

/** Every word (stemmed) of `words` that appears in `text`; multi-word entries must appear whole. */
export function leakedWords(text: string, words: Iterable<string>): string[] {
  const tokens = stems(text);
  const joined = ` ${tokens.join(" ")} `;
  const out = new Set<string>();
  for (const w of words) {
    const s = stems(w);
    if (s.length && joined.includes(` ${s.join(" ")} `)) out.add(w);
  }
  return [...out];
}

/** Categories a text names outright ("teddy bear" needs both words). */
export function namedCategories(text: string): string[] {
  return leakedWords(text, PINNED_CATEGORIES);
}
