/**
 * Numbers as people say them, one grammar for the learner (which reads "a dozen words") and the
 * offline reviewer (which checks that a check's number is one the user said): digits,
 * "twelve", "twenty five" (hyphens are split by the tokenizer), "a dozen", "half a dozen",
 * "two dozen", "a hundred".
 */
import { wordTable } from "./token.ts";

const UNITS: Record<string, number> = wordTable({
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
});
const TENS: Record<string, number> = wordTable({
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
});
const MULTIPLIER: Record<string, number> = wordTable({ a: 1, one: 1, two: 2, three: 3, four: 4 });

/** The number written as words 0–20, for the hours a clock shows. */
export const numberWord = (w: string): number | undefined => UNITS[w] ?? (w === "twenty" ? 20 : undefined);

/** A number that starts at word i: its value and the index after it; undefined when none does. */
export function numberAt(words: readonly string[], i: number): { value: number; end: number } | undefined {
  const w = words[i];
  if (w === undefined) return undefined;
  if (/^\d{1,5}$/.test(w)) return { value: Number(w), end: i + 1 };
  if (w === "half" && words[i + 1] === "a" && words[i + 2] === "dozen") return { value: 6, end: i + 3 };
  if (w === "dozen") return { value: 12, end: i + 1 };
  if (w === "hundred") return { value: 100, end: i + 1 };
  if (MULTIPLIER[w] !== undefined && words[i + 1] === "dozen") return { value: 12 * MULTIPLIER[w], end: i + 2 };
  if ((w === "a" || w === "one") && words[i + 1] === "hundred") return { value: 100, end: i + 2 };
  if (TENS[w] !== undefined) {
    const u = UNITS[words[i + 1] ?? ""];
    if (u !== undefined && u > 0 && u < 10) return { value: TENS[w] + u, end: i + 2 };
    return { value: TENS[w], end: i + 1 };
  }
  if (UNITS[w] !== undefined) return { value: UNITS[w], end: i + 1 };
  return undefined;
}

/** Every number a text says, in digits or words ("a dozen" is 12, "twenty five" 25). */
export function numbersIn(text: string): number[] {
  const words = text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const out: number[] = [];
  for (let i = 0; i < words.length; ) {
    const n = numberAt(words, i);
    // "a" alone is no number: only "a dozen" / "a hundred" are
    if (n && !(words[i] === "a" && n.end === i + 1)) {
      out.push(n.value);
      i = n.end;
    } else i++;
  }
  return out;
}
