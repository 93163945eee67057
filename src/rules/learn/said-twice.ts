/**
 * One condition said twice in a clause is one condition: a stretch of the day and the hours that
 * say it ("during work hours, 9 to 5"), or a day named twice ("on Sundays … all day Sunday").
 */
import {
  daysNamed,
  HANDS_TO_HOURS,
  HOUR_PREPOSITION,
  HOURS_SAID,
  numbersIn,
  partHoldsWindows,
  partPlacesWindows,
  RESTATES,
  wordsBesideDays,
} from "../../language/index.ts";
import type { Cond } from "./conditions.ts";
import { type ReadCtx, words } from "./reading.ts";

/**
 * "during work hours, 9 to 5", "at lunch (12-1)": a stretch of the day named by what is done in
 * it, with hours right after that say it, is those hours; the words are no second condition. So
 * are clock hours with the stretch right after them ("from 2 to 4 after lunch", "between 7 and 9
 * while we have breakfast"): the hours say when that is. A part of the day said without clock hours ("in the
 * evening during dinner") is no such restatement, and the stretch stays a condition. Nor is a
 * part of the day handed to ("when I bathe, like in the morning"): it is wider than the clause.
 */
export function restatedByHours(ctx: ReadCtx, conds: Cond[]): Cond[] {
  const between = (a: number, b: number) =>
    b >= a && b - a <= 3 && ctx.tokens.slice(a, b).every((k) => RESTATES.test(k.w));
  // "when I'm in the bath, like 7 to 8": a clause of when handed by a word of approximation to the
  // clock hours right after it is those hours
  // "from the morning prayers at five till six": a stretch that opens the window, said with the
  // hour it starts at, is that window (the hour and the stretch's start are one)
  const startsAt = (x: Cond) => x.b - x.a > 2 && ctx.tokens[x.a].w === "from" && ctx.tokens[x.b - 1].w === "at";
  const handed = (x: Cond) =>
    x.kind === "text" && x.b > x.a && (HANDS_TO_HOURS.test(ctx.tokens[x.b - 1].w) || startsAt(x))
      ? conds.find((t) => t.kind === "time" && t.clock && !t.negated && between(x.b, t.a))
      : undefined;
  // "after the late news, after ten at night": the same word of time opening both, the
  // clock hours said right after the stretch say when it is
  const apposed = (x: Cond) =>
    x.kind === "text" && HOUR_PREPOSITION.test(ctx.tokens[x.a].w)
      ? conds.find(
          (t) =>
            t.kind === "time" &&
            ctx.tokens[t.a]?.w === ctx.tokens[x.a].w &&
            between(x.b, t.a) &&
            numbersIn(words(ctx, t).text).length > 0,
        )
      : undefined;
  const said = (x: Cond) =>
    x.kind === "text" && HOURS_SAID.test(words(ctx, x).text)
      ? (conds.find((t) => t.kind === "time" && between(x.b, t.a)) ??
        conds.find((t) => t.kind === "time" && between(t.b, x.a) && numbersIn(words(ctx, t).text).length > 0))
      : (handed(x) ?? apposed(x));
  const out = conds.map((x) => ({ ...x }));
  return out.flatMap((x) => {
    const hours = said(x);
    if (!hours) return [x];
    // the window's words are the stretch and its hours, as said
    const t = out.find((y) => y.a === hours.a && y.b === hours.b);
    if (t) {
      t.a = Math.min(t.a, x.a);
      t.b = Math.max(t.b, x.b);
    }
    return [];
  });
}

/** Words that only frame a day: "on Sundays", "all day sunday", "every saturday". */
const DAY_FRAME = new Set([
  "on",
  "every",
  "each",
  "all",
  "day",
  "the",
  "whole",
  "of",
  "during",
  "through",
  "over",
  "a",
  "long",
]);

/**
 * "On Saturdays … keep out of it the whole of Saturday": a day said twice, each time as no more than the
 * day, is one condition, the first; a phrase that says more than the day ("when guests come on
 * Sundays") stays its own condition.
 */
export function daysSaidOnce(ctx: ReadCtx, conds: Cond[]): Cond[] {
  const onlyDay = (c: Cond) => {
    const text = words(ctx, c).text;
    const days = daysNamed(text);
    const rest = wordsBesideDays(text).filter((w) => !DAY_FRAME.has(w));
    return days.length && !rest.length ? days.join(" ") : undefined;
  };
  const seen = new Set<string>();
  return conds.filter((c) => {
    if (c.kind !== "text") return true;
    const d = onlyDay(c);
    if (d === undefined) return true;
    if (seen.has(d)) return false;
    seen.add(d);
    return true;
  });
}

/**
 * "from 11 pm to 5 am, every night": a part of the day said to come round each day, beside clock
 * hours that lie within it, says nothing the hours do not; it is no condition of its own. Hours
 * outside it ("1 to 3 pm, every night") leave it a condition, and asked. So is a part of the day said
 * bare beside clock hours with an end in it: it only places them.
 */
export function partRepeatedWithin(ctx: ReadCtx, conds: Cond[]): Cond[] {
  const clock = conds.flatMap((c) => (c.kind === "time" && !c.negated ? [c] : []));
  // "evening, till nine": a part of the day said bare, an end of the clock hours in it, places them
  const byClock = clock.filter((c) => c.clock);
  return conds.filter(
    (x) =>
      x.kind !== "text" ||
      !(partHoldsWindows(words(ctx, x).text, clock) || partPlacesWindows(words(ctx, x).text, byClock)),
  );
}
