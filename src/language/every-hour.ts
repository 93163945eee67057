/**
 * Words that say a request holds at every hour ("all day", "at any time", "always", "24/7"). A
 * request said again in the same message without its hours is the same request, stressed, unless
 * it says one of these: then it may widen what was said before, and is left as it was read.
 */
const EVERY_HOUR =
  /\b(?:all (?:(?:the )?day|night|the time)|(?:the )?whole (?:day|time)|any ?time|at any (?:hour|time)|always|ever|at all|entirely|altogether|completely|day (?:and|or) night|night (?:and|or) day|round the clock|around the clock|24\/7|24 hours|every hour)\b/;

/** Whether the text says its request holds at every hour. */
export function saysEveryHour(text: string): boolean {
  return EVERY_HOUR.test(text.toLowerCase());
}
