/**
 * When bare numbers joined by a dash or "to" are hours of the 24-hour clock, nothing of the clock
 * said beside them.
 */

/**
 * "0800-1700": two ends of the 24-hour clock joined by a dash are a window only when both sit on a
 * quarter hour, as a timetable writes them, and are not two years of this era or the last
 * ("1990-2010", "1900-2000"); any other two numbers with a dash may be anything, and are asked.
 */
export function dashedClocks(a: string, b: string): boolean {
  const ends = [a, b].map((e) => /^([01]\d|2[0-3])(\d{2})$/.exec(e.trim()));
  if (!ends.every((e) => e && Number(e[2]) % 15 === 0)) return false;
  return !ends.every((e) => e && (e[1] === "19" || e[1] === "20"));
}

/** An end of a window as the time reader read it: its hour as said, and what it said of its half of the day. */
interface ClockEnd {
  h: number;
  ampm?: "am" | "pm";
  named?: "noon" | "midnight";
  bareDigits?: boolean;
}

/** What may follow a range of the clock's numbers when it is hours: nothing, or a word of when ("on weekdays", "every day"). */
const AFTER_HOURS = /^\s*(?:$|[.,;:!?)]|(?:on|in|at|every|each|daily|please|hrs|hours?|h)\b)/i;

/**
 * "19–21", "22 to 6": two bare numbers of which one only the 24-hour clock shows (13–24), said
 * with nothing after them that they could count ("13-15 minutes" counts), are hours as a
 * timetable writes them.
 */
export function dayClockPair(a: ClockEnd, b: ClockEnd, after: string): boolean {
  const onClock = (p: ClockEnd) => !p.named && !p.ampm && !p.bareDigits && p.h >= 0 && p.h <= 24;
  return onClock(a) && onClock(b) && (a.h > 12 || b.h > 12) && AFTER_HOURS.test(after);
}
