/**
 * How the clock is written beside the words the time grammar (times.ts) reads: the 24-hour clock,
 * and what a bare number is when it is no hour.
 */
/** what may follow a bare number that is no hour: "after 3 tries", "up to 20 words" */
export const NOT_HOUR = String.raw`(?!\s*(?:words?|minutes?|mins?\b|hours?|hrs?\b|seconds?|secs?\b|days?|weeks?|months?|years?|times\b|tries|attempts?|steps?|met(?:er|re)s?|m\b|feet|foot|ft\b|items?|things?|objects?|rooms?|%|percent|people|of\b|sentences?|lines?|characters?|chars?\b|fields?|keys?|dollars?|pounds?|euros?|rupees?|naira|rand|bucks|quid|miles?|km\b|kilometres?|kilometers?|grams?|kg\b|calories|more\b|or (?:less|fewer|so)))`;
/**
 * The 24-hour clock written as four digits ("0600", "2130 hrs"), or with its minutes and a word
 * for hours ("20:00 hours"): tried after the plain hour, so "9:30 pm" keeps its "pm". Four
 * digits are read only where something frames them as a time (a preposition, "hours", a range
 * joined by "till"): "0600 0900" alone stays unread, and asked.
 */
export const CLOCK_24 = String.raw`(?:(?:[01]\d|2[0-3])[0-5]\d|(?:[01]?\d|2[0-3]):[0-5]\d(?=\s*(?:hours|hrs?|h)\b))(?:\s*(?:hours|hrs?|h)\b)?(?![\d:])${NOT_HOUR}`;

/** Words of the minutes said before an hour ("half six", "a quarter past six"): taken back with the hour they lead into. */
const MINUTES_BEFORE_HOUR = /^(?:half|quarter|past|after)$/;
export const isMinutesBeforeHour = (word: string) => MINUTES_BEFORE_HOUR.test(word);
