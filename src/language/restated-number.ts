/**
 * A number said again in brackets right after itself, as drafting does: "twenty (20) words", "10
 * (ten) minutes". The bracketed copy adds nothing; left in, it cuts the number off from the noun it
 * counts. Its tokens are left out (the quote of the words around them stays verbatim).
 */
import { numberAt } from "./numbers.ts";
import type { Token } from "./token.ts";

export function withoutRestatedNumbers(tokens: Token[]): Token[] {
  const words = tokens.map((t) => t.w);
  const drop = new Set<number>();
  for (let k = 1; k < words.length; k++) {
    if (words[k] !== "(") continue;
    const inside = numberAt(words, k + 1);
    if (!inside || words[inside.end] !== ")") continue;
    // the number before the bracket, ending right at it, of the same value
    const same = [1, 2].some((n) => {
      const before = numberAt(words, k - n);
      return before !== undefined && before.end === k && before.value === inside.value;
    });
    if (same) for (let j = k; j <= inside.end; j++) drop.add(j);
  }
  return drop.size ? tokens.filter((_, j) => !drop.has(j)) : tokens;
}
