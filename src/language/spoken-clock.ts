/**
 * The 24-hour clock said aloud, as radio, aviation and the services say it: "zero six hundred",
 * "two-two-hundred", "oh six hundred hours", "twenty-two hundred", "eighteen hundred hours". Each is
 * read as the clock time it says ("0600", "2200") only where a time is the one reading: the hour's
 * digits spoken one by one ("two two", "zero six") or one number word above twelve, then
 * "hundred", after a word that opens or joins hours ("from", "to", "until", "at") or before
 * "hours". "two hundred words", "a hundred times", "six hundred" alone stay as typed.
 */

import { numberWord } from "./numbers.ts";
import type { Token } from "./token.ts";

/** A digit said alone: a number word up to nine, or "oh", "o" for 0. */
function digit(w: string | undefined): number | undefined {
  if (w === "oh" || w === "o") return 0;
  const n = w === undefined ? undefined : numberWord(w);
  return n !== undefined && n <= 9 ? n : undefined;
}

/** Hours said as one number word: "eighteen hundred" (ten to twenty). */
function hourWord(w: string): number | undefined {
  const n = numberWord(w);
  return n !== undefined && n >= 10 ? n : undefined;
}

/** Words before a clock time that make it one: the opening and joining words of a range, and "at". */
const BEFORE_CLOCK = new Set([
  "from",
  "to",
  "till",
  "til",
  "until",
  "and",
  "through",
  "after",
  "before",
  "at",
  "by",
  "between",
  "-",
]);

/** The hour said by the words at [k, end) before "hundred", and how many words: undefined when they say none. */
function spokenHour(ws: readonly string[], k: number): { hour: number; words: number } | undefined {
  const [a, b] = [ws[k], ws[k + 1]];
  const [da, db] = [digit(a), digit(b)];
  // "twenty two hundred", "twenty-three hundred"
  if (a === "twenty" && db !== undefined && db <= 3 && ws[k + 2] === "hundred") return { hour: 20 + db, words: 2 };
  // "two two hundred", "zero six hundred": the hour's two digits
  if (da !== undefined && da <= 2 && db !== undefined && ws[k + 2] === "hundred") {
    const hour = 10 * da + db;
    return hour <= 23 ? { hour, words: 2 } : undefined;
  }
  const hw = hourWord(a);
  if (hw !== undefined && b === "hundred") return { hour: hw, words: 1 };
  // "six hundred hours": one digit only with "hours" after it
  if (da !== undefined && b === "hundred" && ws[k + 2] === "hours") return { hour: da, words: 1 };
  return undefined;
}

/** Words that join the two ends of a range of hours. */
const RANGE_JOIN = new Set(["to", "till", "til", "until", "through", "-"]);

/**
 * "hours now two-one-hundred to zero-four-hundred": a spoken hour that opens a range whose other
 * end is a spoken hour too is a clock time with no word before it, as the range's end is. `end`:
 * the place of its "hundred".
 */
function rangeOpens(ws: readonly string[], end: number, hour: number): boolean {
  if (hour > 23 || !RANGE_JOIN.has(ws[end + 1] ?? "")) return false;
  const other = spokenHour(ws, end + 2);
  return other !== undefined && other.hour <= 23;
}

/** The tokens with the 24-hour clock said aloud read as its digits (see the module comment). */
export function spokenClock(tokens: readonly Token[]): Token[] {
  const ws = tokens.map((t) => t.w);
  const out: Token[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const said = tokens[k].quoted ? undefined : spokenHour(ws, k);
    const end = said ? k + said.words : k;
    const placed =
      said && (BEFORE_CLOCK.has(ws[k - 1] ?? "") || ws[end + 1] === "hours" || rangeOpens(ws, end, said.hour));
    if (!said || !placed) {
      out.push(tokens[k]);
      continue;
    }
    out.push({ ...tokens[k], w: `${String(said.hour).padStart(2, "0")}00`, end: tokens[end].end });
    k = end;
  }
  return out;
}
