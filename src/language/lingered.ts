/**
 * How long one lingers, not when a rule holds: "don't hang around in the hall all day", "no
 * sitting in there all day long". After a verb of ending up somewhere (and the place it is
 * done in), a whole day says the stop is a long one; it is no bound of days the rule is kept
 * for, and no condition of the ban on stopping, which holds at any hour as said.
 */
import { STOP } from "./act-words.ts";

/** A whole day said as a stretch of time: "all day", "all day long", "the whole day". */
const WHOLE_DAY = /^(?:all|the whole|this whole|the entire) day(?: long)?$/;

/** A verb of ending up, then at most a few words of where (no comma, no clause of its own), to the end. */
const LINGERED = new RegExp(`(?:^|\\s)${STOP}(?: (?!and\\b|but\\b|or\\b|when\\b|if\\b|because\\b)[a-z']+){0,5}$`);

/** Whether `span`, said right after the words `before` of its clause, is how long the robot lingers. */
export function lingeredFor(before: string, span: string): boolean {
  return WHOLE_DAY.test(span) && LINGERED.test(before);
}
