/**
 * Traffic told as a to-and-fro ("folk are in and out of there all day", "lodgers coming and going all day",
 * "the kids are up and down the stairs all the time"): a pair of opposite ways said together tells
 * of movement that keeps recurring, a habit of the house. Beside it "all day" says how much of the
 * day the traffic fills, every day, not that a request lasts one day only; a reason telling it gives
 * the request no bound. Any other bound in the same words ("today", "this week") is still one, and
 * the traffic of a day to come ("I'm going to be in and out of it all day") is that day's.
 */
import { pastNotBase } from "./tense.ts";

/** Opposite ways said as one pair, in either order, the verbs of coming in any form. */
const TO_AND_FRO =
  /\b(?:in and out|out and in|back and forth|to and fro|up and down|coming and going|come and go|comes and goes|came and went|going and coming)\b/;

/** The day filled whole, said of a habit: "all day", "the whole day", "all the time", "all day long". */
const WHOLE_DAY = /\b(?:all (?:the )?day(?: long)?|the whole day|all the time)\b/g;

/** Said of what is to come ("I'm going to be in and out of it all day", "they'll be …"): one day's plan, a bound. */
const FUTURE = /\b(?:will|ll|shall|gonna|going to|tomorrow)\b/;

/** Words that open a subject of the house's own: a determiner before its noun, or a pronoun of others. */
const OTHERS_SUBJECT = /^(?:the|my|our|his|her|their|he|she|they|it)$/;

/** A word that makes the day one day (a plan, a state, a doing now): "be", a modal, a day named, -ing. */
const ONE_DAY =
  /^(?:is|are|am|was|were|be|been|s|re|m|will|ll|shall|would|d|gonna|going|today|tonight|tomorrow|this|these|next|now)$|\p{L}{2,}ing$/u;

/**
 * "the buses park there all day", "the sun hits it all day": a subject of others with a verb in
 * the simple present and no word of one day tells what keeps happening, a habit, as a to-and-fro
 * does; "she is in there all day" (a state, maybe today's) is not.
 */
function toldAsHabit(text: string): boolean {
  const ws = text.split(" ").filter((w) => /\p{L}/u.test(w));
  return OTHERS_SUBJECT.test(ws[0] ?? "") && ws.length >= 4 && !ws.some((w) => ONE_DAY.test(w) || pastNotBase(w));
}

/** The text (normalised words) without the "all day" of a to-and-fro or habit it tells of; unchanged without one. */
export function withoutHabitualAllDay(text: string): string {
  if (FUTURE.test(text) || !(TO_AND_FRO.test(text) || toldAsHabit(text))) return text;
  return text.replace(WHOLE_DAY, " ").replace(/\s+/g, " ").trim();
}
