/**
 * Time words written as they sound, as speech-to-text and phonetic typing leave them: "ate at
 * night", "between to and four", "nine at knight", "six in the mourning", "five in the after
 * noon". Each is the time word only where a time is the one reading: a number word said as its
 * sound-alike ("to", "for", "won", "ate") between the ends of a range or right before a part of
 * the day; a part of the day after the preposition and article that open one. Elsewhere the word
 * stays as typed ("go to the den", "for a while", "we ate at six").
 */
import { type Token, wordTable } from "./token.ts";

/** Number words and their sound-alikes that are other English words. */
const SOUNDED_NUMBER: Readonly<Record<string, string>> = wordTable({
  won: "one",
  to: "two",
  too: "two",
  for: "four",
  fore: "four",
  ate: "eight",
});

/** Parts of the day and their sound-alikes. */
const SOUNDED_PART: Readonly<Record<string, string>> = wordTable({
  knight: "night",
  mourning: "morning",
});

/** Words that open a range of hours, and those that join its ends. */
const OPENS_RANGE = new Set(["between", "from"]);
const JOINS_RANGE = new Set(["and", "to", "till", "until", "til"]);
/** Words before an hour that a part of the day follows: "until 8 at night", "before 6 in the morning". */
const BEFORE_HOUR = new Set([...OPENS_RANGE, ...JOINS_RANGE, "before", "after", "by", "past"]);
/** What follows an hour to say its half of the day. */
const DAY_HALF = new Set(["pm", "am", "oclock", "o'clock"]);
const PARTS = new Set(["morning", "afternoon", "evening", "night", "mornings", "afternoons", "evenings", "nights"]);

/** Whether the words from `k` say a part of the day: "at night", "in the morning", "pm". */
function partOfDayAt(ws: readonly string[], k: number): boolean {
  if (DAY_HALF.has(ws[k])) return true;
  if (ws[k] === "at" && PARTS.has(ws[k + 1])) return true;
  return (ws[k] === "in" || ws[k] === "at") && ws[k + 1] === "the" && PARTS.has(ws[k + 2]);
}

/** The tokens with time words written as they sound read as the time words (see the module comment). */
export function soundedTimes(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    const prev = out.at(-1)?.w;
    // "in the after noon": one word, as the part of the day it sounds
    if (t.w === "after" && tokens[k + 1]?.w === "noon" && prev === "the") {
      out.push({ ...t, w: "afternoon", end: tokens[k + 1].end });
      k++;
      continue;
    }
    const part = SOUNDED_PART[t.w];
    if (part && (prev === "at" || (prev === "the" && ["in", "at", "during"].includes(out.at(-2)?.w ?? "")))) {
      out.push({ ...t, w: part });
      continue;
    }
    out.push(t);
  }
  const ws = out.map((t) => t.w);
  return out.map((t, k) => {
    const n = SOUNDED_NUMBER[t.w];
    if (!n || t.quoted) return t;
    const inRange = OPENS_RANGE.has(ws[k - 1]) && JOINS_RANGE.has(ws[k + 1]);
    const beforePart = BEFORE_HOUR.has(ws[k - 1]) && partOfDayAt(ws, k + 1);
    return inRange || beforePart ? { ...t, w: n } : t;
  });
}
