/**
 * "12 noon", "twelve midnight", "12 midday": twelve said with the name of its half of the day is
 * that one clock point, the name alone. Read apart, the bare "12" is a point of its own, so the
 * window's start was read as two times ("from 12 noon to 2" left "from 12" unplaced) and the
 * learner asked. Only twelve: "8 midnight" names no point, and stays as typed for the grammar to
 * leave unread.
 */
import type { Token } from "./token.ts";

const TWELVE = new Set(["12", "twelve"]);
const NAMED = new Set(["noon", "midday", "midnight"]);

/** The tokens with each "12 noon" / "twelve midnight" made the one token of its name, spanning both words. */
export function namedTwelve(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    const next = tokens[k + 1];
    if (TWELVE.has(t.w) && next && NAMED.has(next.w) && !t.quoted && !next.quoted) {
      out.push({ ...next, start: t.start });
      k++;
      continue;
    }
    out.push(t);
  }
  return out;
}
