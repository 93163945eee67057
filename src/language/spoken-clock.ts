/**
 * The 24-hour clock said aloud, as radio, aviation and the services say it: "zero six hundred",
 * "two-two-hundred", "oh six hundred hours", "twenty-two hundred", "eighteen hundred hours". Each is
 * read as the clock time it says ("0600", "2200") only where a time is the one reading: the hour's
 * digits spoken one by one ("two two", "zero six") or one number word above twelve, then
 * "hundred", after a word that opens or joins hours ("from", "to", "until", "at") or before
 * "hours". "two hundred words", "a hundred times", "six hundred" alone stay as typed.
 */
/** A token as tokens.ts makes it (its type is not imported: tokens.ts calls this module). */
interface Token {
  w: string;
  start: number;
  end: number;
  quoted?: boolean;
}

/** Digits said one by one: "zero", "oh", "o" for 0. */
const DIGIT: Readonly<Record<string, number>> = {
  zero: 0,
  oh: 0,
  o: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};

/** Hours said as one number word: "eighteen hundred". */
const HOUR_WORD: Readonly<Record<string, number>> = {
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
  twenty: 20,
};

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
  // "twenty two hundred", "twenty-three hundred"
  if (a === "twenty" && b !== undefined && DIGIT[b] !== undefined && DIGIT[b] <= 3 && ws[k + 2] === "hundred")
    return { hour: 20 + DIGIT[b], words: 2 };
  // "two two hundred", "zero six hundred": the hour's two digits
  if (DIGIT[a] !== undefined && DIGIT[a] <= 2 && b !== undefined && DIGIT[b] !== undefined && ws[k + 2] === "hundred") {
    const hour = 10 * DIGIT[a] + DIGIT[b];
    return hour <= 23 ? { hour, words: 2 } : undefined;
  }
  if (HOUR_WORD[a] !== undefined && b === "hundred") return { hour: HOUR_WORD[a], words: 1 };
  // "six hundred hours": one digit only with "hours" after it
  if (DIGIT[a] !== undefined && b === "hundred" && ws[k + 2] === "hours") return { hour: DIGIT[a], words: 1 };
  return undefined;
}

/** The tokens with the 24-hour clock said aloud read as its digits (see the module comment). */
export function spokenClock(tokens: readonly Token[]): Token[] {
  const ws = tokens.map((t) => t.w);
  const out: Token[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const said = tokens[k].quoted ? undefined : spokenHour(ws, k);
    const end = said ? k + said.words : k;
    const placed = said && (BEFORE_CLOCK.has(ws[k - 1] ?? "") || ws[end + 1] === "hours");
    if (!said || !placed) {
      out.push(tokens[k]);
      continue;
    }
    out.push({ ...tokens[k], w: `${String(said.hour).padStart(2, "0")}00`, end: tokens[end].end });
    k = end;
  }
  return out;
}
