/**
 * What goes on in hours, said right after them ("from 6 to 8 while the baker is kneading", "but
 * not from 8 to 7 when they are sleeping"): it says why those hours, is read with them, and is no
 * condition of its own.
 */
import { isWordToken, type Token, tellsWhatGoesOn, tellsWhatGoesOnThen, Words } from "../../language/index.ts";
import type { Cond } from "./cond.ts";
import type { Span } from "./segments.ts";

const CLAUSE_END = new Set([",", ".", ";", ":", "!", "?"]);

/**
 * The clause said right after hours (`at` is where they end), up to its punctuation, when it tells
 * what goes on in them ("from 6 to 8 while the baker is kneading"): it says why those hours, and is
 * read with them, no condition of its own.
 */
export function goesOnIn(tokens: readonly Token[], at: number, end: number, closed = false): Span | undefined {
  // after hours with both ends, marks alone ("evenin' when …") keep the clause beside them
  let a = at;
  while (closed && a < end && !CLAUSE_END.has(tokens[a].w) && !isWordToken(tokens[a].w)) a++;
  let b = a;
  while (b < end && !CLAUSE_END.has(tokens[b].w)) b++;
  const text = new Words(tokens, a, b).text;
  return b > a && (tellsWhatGoesOn(text) || (closed && tellsWhatGoesOnThen(text))) ? { a, b } : undefined;
}

/**
 * "… except from 6 to 8 when the baker is kneading": what goes on in the hours a permission leaves
 * out, said right after them, says why those hours are kept; no second condition beside them.
 */
export function describesLeftOut(tokens: readonly Token[], c: Cond, exceptions: readonly Cond[]): boolean {
  const left = exceptions.some((x) => x.kind === "time" && x.b === c.a && !x.negated);
  return c.kind === "text" && left && goesOnIn(tokens, c.a, c.b) !== undefined;
}

/**
 * "… but not from 8 at night to 7 when they are sleeping": a "when" clause said right after clock
 * hours with both ends tells what goes on in them (`tellsWhatGoesOnThen`); the hours say when, and it is
 * no second condition beside them.
 */
export function describesWindow(tokens: readonly Token[], c: Cond, times: readonly Cond[]): boolean {
  if (c.kind !== "text") return false;
  // clock hours only: a part of the day said loosely ("in the evenings when the washing dries") may be
  // placed by the clause, and keeps it
  const closed = times.some(
    (x) => x.kind === "time" && x.clock && !x.open && x.b <= c.a && onlyMarks(tokens, x.b, c.a),
  );
  return closed && goesOnIn(tokens, c.a, c.b, true) !== undefined;
}

/** Nothing but marks inside a phrase (no word, no comma or stop) in tokens [a, b): "evenin' when …". */
const onlyMarks = (tokens: readonly Token[], a: number, b: number) =>
  tokens.slice(a, b).every((t) => !isWordToken(t.w) && !CLAUSE_END.has(t.w));

/** What goes on in the hours a reading holds, said right after them ("… 9 to 11 while I'm painting"): read with them. */
export function doingsOf(
  tokens: readonly Token[],
  r: { conditions: readonly Cond[]; exceptions: readonly Cond[]; clause: Span },
): Span[] {
  return [...r.conditions, ...r.exceptions].flatMap((c) => {
    const on = c.kind === "time" ? goesOnIn(tokens, c.b, r.clause.b, !!c.clock && !c.open) : undefined;
    return on ? [on] : [];
  });
}
