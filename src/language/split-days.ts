/**
 * The days of speech typed as two words ("to day", "to night", "to morrow"), as older writing,
 * some dialects and hasty thumbs split them: read apart, "just for to day" is no one-off and the
 * ban it holds was kept as lasting. The two are one word, except where "to" is the end of a span
 * ("from morning to night", "day to day"), a room is named ("to day room"), or the word is quoted.
 */
import { type Token, wordTable } from "./token.ts";

/** The second halves, and the word the two stand for. */
const SPLIT_DAY: Record<string, string> = wordTable({
  day: "today",
  night: "tonight",
  nite: "tonight",
  morrow: "tomorrow",
});

/** Words before "to" that make it the end of a span of time, not half of a day. */
const SPAN_BEFORE =
  /^(?:\d.*|am|pm|noon|midday|midnight|morning|evening|afternoon|night|day|dawn|dusk|sunrise|sunset|daybreak|nightfall|bedtime|o'clock|clock|hours?|from|between|through)$/;

/** Words after the second half that make it a word of a name ("the day room", "a night shift"). */
const NAMED_AFTER =
  /^(?:rooms?|shifts?|nurses?|staff|care|centre|center|club|light|lights|stand|table|time|times|watch|school|ward|unit|porter|manager)$/;

/** A span of time opened within the last few words of the clause ("from 9 to night"). */
function opensSpan(tokens: readonly Token[], k: number): boolean {
  for (let j = k - 1; j >= Math.max(0, k - 6); j--) {
    const w = tokens[j].w;
    if (/^[.,;:!?]$/.test(w)) return false;
    if (w === "from" || w === "between") return true;
  }
  return false;
}

/** The tokens with each split day of speech joined into the one word it is. */
export function splitDays(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    const half = tokens[k + 1];
    const whole = half ? SPLIT_DAY[half.w] : undefined;
    const before = tokens[k - 1]?.w ?? "";
    if (
      t.w === "to" &&
      whole &&
      !t.quoted &&
      !half.quoted &&
      !SPAN_BEFORE.test(before) &&
      !NAMED_AFTER.test(tokens[k + 2]?.w ?? "") &&
      !opensSpan(tokens, k)
    ) {
      out.push({ w: whole, start: t.start, end: half.end });
      k++;
      continue;
    }
    out.push(t);
  }
  return out;
}
