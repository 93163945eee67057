/**
 * Time-like words a clause holds that the time grammar did not read. A voice heard by a
 * speech-to-text engine writes an hour as a word that sounds like it ("till nein at night"), or
 * a part of the day in two ("the after noon"); the grammar then reads half the window, or two
 * windows for one. Hours read beside such words may be wrong, so whoever reads the clause asks
 * rather than keeps (issue 30: what is not fully read becomes a question).
 *
 * Stray are: a word of the clock ("pm", "oclock", "noon") or a part of the day no reading took;
 * a number of the clock no reading took, right after a word that puts it on the clock ("from",
 * "until") or right before a word of the clock, and a word that sounds like one right after such a
 * word ("from for"); a word that opens one end of a window ("till",
 * "until", "between") whose end no reading took, where what follows it is too short to be a
 * clause of its own ("until I get home" is a condition) and is followed, within three words, by
 * hours read or by the end of the clause.
 */
import { NOT_HOUR } from "./clock-forms.ts";
import { partCountedShort } from "./every-part.ts";
import { knownWord } from "./nlp.ts";
import { numberWord } from "./numbers.ts";
import { CLOCK_NUMBER, DAYS, DURATION, LASTING, PEOPLE_TIME, VAGUE } from "./time-words.ts";
import { timeCandidates } from "./times.ts";
import { bounded } from "./word-class.ts";

export interface StrayTime {
  /** where in the clause's text, and the word */
  index: number;
  word: string;
}

/** A word of the clock said without an hour of its own. */
const CLOCK_WORD = /^(?:am|pm|a\.m\.|p\.m\.|oclock|o'clock|noon|midday|midnight)$/;
/** A part of the day: with no reading around it, its hours were not read. */
const DAY_PART = /^(?:mornings?|afternoons?|evenings?|nights?|nighttime|daytime)$/;
/** A word that puts a number after it on the clock. */
const PUTS_ON_CLOCK = /^(?:from|till|til|until|after|before|between|at)$/;
/** Words a speech-to-text engine writes for an hour it heard ("from for", "till ate"): on the clock after "from", "until" … */
const SOUNDS_LIKE_HOUR = /^(?:won|too|tree|for|fore|ate|nein|leaven|tin)$/;
/** … unless what follows makes it the word it is ("before too long", "after too late"). */
const AS_ITSELF_BEFORE = /^(?:long|late|early|much|many|soon|far)$/;
/** What joins the two ends of a bare range: "1 and 3", "9 to 11". */
const RANGE_JOIN = /^(?:and|to|till|til|until|-)$/;
/** After a range's second number: no word of count ("2 to 3 sentences"), so the numbers may be hours. */
const NOT_COUNTED = new RegExp(`^${NOT_HOUR}`);
/** A word that opens one end of a window, the other end to follow. */
const OPENS_END = /^(?:till|til|until|between)$/;
/** What opens a clause of its own, a subject or its determiner: "until I get home", "until the kids leave". */
const OPENS_CLAUSE =
  /^(?:i|you|he|she|we|they|it|someone|somebody|everyone|nobody|the|my|our|your|his|her|their|a|an|this|that|these|those|now|then|further|later|told|asked|done)$/;
/** What a time may be said as that only people know, or a day: conditions, no hours. */
const NOT_HOURS = [PEOPLE_TIME, DAYS, DURATION, LASTING, VAGUE].map(bounded);

const hourNumber = (w: string) => {
  const n = /^\d{1,2}(?::[0-5]\d)?$/.test(w) ? Number.parseInt(w, 10) : numberWord(w);
  return n !== undefined && n >= 1 && n <= 24;
};

/** The time-like words of `text` (normalised words, one space apart) that no time reading took. */
export function strayTimeWords(text: string): StrayTime[] {
  const words: { w: string; index: number }[] = [];
  for (const m of text.matchAll(/\S+/g)) words.push({ w: m[0], index: m.index });
  const read = timeCandidates(text);
  const taken = words.map(({ w, index }) =>
    read.some((t) => index < t.index + t.quote.length && t.index < index + w.length),
  );
  // "until I say so", "till bedtime", "until next week": what the words from here on say is a condition
  const condition = (k: number) =>
    [k, k + 1].some((j) => j < words.length && NOT_HOURS.some((r) => r.exec(text.slice(words[j].index))?.index === 0));
  const out: StrayTime[] = [];
  for (const [k, { w, index }] of words.entries()) {
    if (taken[k]) continue;
    const prev = words[k - 1]?.w ?? "";
    const next = words[k + 1]?.w ?? "";
    const stray =
      // "i am" is the verb
      (CLOCK_WORD.test(w) && !(w === "am" && prev === "i")) ||
      // "for o clock": the clock word heard in two
      (w === "clock" && prev === "o") ||
      // "most mornings" says how often, not when (every-part.ts)
      (DAY_PART.test(w) && !partCountedShort(text, index)) ||
      (hourNumber(w) && (PUTS_ON_CLOCK.test(prev) || CLOCK_WORD.test(next))) ||
      // "btw 1 and 3": two hours joined as a range, its opener unread, are hours said and not read
      (hourNumber(w) && RANGE_JOIN.test(next) && bareRange(k)) ||
      (SOUNDS_LIKE_HOUR.test(w) && PUTS_ON_CLOCK.test(prev) && !AS_ITSELF_BEFORE.test(next)) ||
      (OPENS_END.test(w) && k + 1 < words.length && !OPENS_CLAUSE.test(next) && !condition(k) && endUnread(k));
    if (stray) out.push({ index, word: w });
  }
  return out;

  /** The number two words on is an hour no reading took, and no word of count follows it. */
  function bareRange(k: number): boolean {
    const end = words[k + 2];
    return (
      end !== undefined && !taken[k + 2] && hourNumber(end.w) && NOT_COUNTED.test(text.slice(end.index + end.w.length))
    );
  }

  /** Within three words after the opener: hours read, or the end of the clause. */
  function endUnread(k: number): boolean {
    for (let j = k + 1; j <= Math.min(k + 4, words.length); j++) {
      if (j === words.length) return true;
      if (taken[j]) return j > k + 1;
    }
    return false;
  }
}

/** A word between two windows that makes them two ("in the morning or at night", "… after 10. Till 6."). */
const WINDOWS_JOIN = /(?:^|\s)(?:and|or|but|plus|also|then|,|;|\.|\?|!)(?:\s|$)/;

/**
 * Whether two windows of one request are said as two (`between`: the words from the first to
 * the second): joined by a conjunction or a break. Side by side with nothing joining them ("from
 * five in the after noon"), they are one window read as two, and which hours were meant is asked.
 */
export const twoWindowsSaid = (between: string): boolean => WINDOWS_JOIN.test(between);

/**
 * "efter nine", "aftr 9 please": a number the clock shows, closing the words, right after a word the
 * language does not know: most likely a word of when misspelt or said in dialect, so hours were
 * said and not read; asked, never dropped.
 */
export function hourAfterUnknownWord(text: string): boolean {
  const words = text.split(" ");
  return words.some(
    (w, i) =>
      i + 1 < words.length &&
      /^[a-z]+$/.test(w) &&
      !knownWord(w) &&
      CLOCK_NUMBER.test(words[i + 1]) &&
      CLOCK_NUMBER.test(words.slice(i + 1).join(" ")),
  );
}
