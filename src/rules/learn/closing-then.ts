/**
 * "We nap from 1 to 3. Don't go in the den then.": a "then" closing a request points back at a
 * time said before it in the message. Read as nothing, it left the ban all day, wider than what
 * was said. One window said before it is that window; any other time said (a moment, two
 * windows) is kept as a condition in the user's words, which the robot cannot check and so asks
 * about. With no time said before it, "then" is "in that case" and bounds nothing.
 */
import {
  bounded,
  findTimes,
  isPointedTime,
  isWordToken,
  namesADay,
  POINTED_TIME,
  saysASpan,
  Words,
} from "../../language/index.ts";
import type { Cond } from "./conditions.ts";
import type { ReadCtx } from "./reading.ts";
import type { Span } from "./segments.ts";

/** What may follow the closing "then" and still leave it closing: courtesy and punctuation. */
const AFTER_THEN = new Set(["please", "pls", "plz", "thanks", "thank", "you", "ok", "okay", "too", "as", "well"]);

/** The condition a closing "then" of the clause stands for, or none. */
export function closingThen(ctx: ReadCtx, clause: Span): Cond | undefined {
  let k = clause.b - 1;
  while (k >= clause.a && (!isWordToken(ctx.tokens[k].w) || AFTER_THEN.has(ctx.tokens[k].w))) k--;
  if (k < clause.a || ctx.tokens[k].w !== "then") return undefined;
  return pointedAt(ctx, clause.a, { a: k, b: k + 1 });
}

/**
 * "The twins nap in the den from 1 to 3. Keep out during those hours.": the same for a time that
 * points back ("during those hours", "at those times") in a clause whose conditions hold no hours:
 * the one window said before the clause, else the user's words, asked.
 */
export function pointedAcross(ctx: ReadCtx, clause: Span, conds: Cond[]): Cond[] {
  if (conds.some((x) => x.kind === "time")) return conds;
  const pointed = conds.filter(
    (x) => x.kind === "text" && !x.negated && isPointedTime(new Words(ctx.tokens, x.a, x.b).text),
  );
  if (pointed.length > 1) return conds;
  if (pointed.length === 1) {
    const window = pointedAt(ctx, clause.a, pointed[0]);
    return window?.kind === "time" ? conds.map((x) => (x === pointed[0] ? window : x)) : conds;
  }
  // "That hour, keep away.": the pointer said as the adverb alone, no condition read from it; only
  // the one window said before stands for it (else it stays unread and is asked)
  const bare = [...new Words(ctx.tokens, clause.a, clause.b).matches(bounded(POINTED_TIME))];
  if (bare.length !== 1 || conds.some((x) => x.a <= bare[0].a && bare[0].b <= x.b)) return conds;
  const window = pointedAt(ctx, clause.a, bare[0]);
  return window?.kind === "time" ? [...conds, window] : conds;
}

/** What words at `at` pointing back stand for: the one window said before `from`, a condition in the user's words, or none. */
function pointedAt(ctx: ReadCtx, from: number, at: Span): Cond | undefined {
  const before = new Words(ctx.tokens, 0, from);
  const times = findTimes(before.text);
  if (!times.length) return undefined;
  // a moment ("at 9") says when something starts, not how long it lasts: only a span is a window;
  // with a day said beside it ("on Fridays") the window alone would hold every day
  const spans = times.filter((t) => !t.open && (!t.clock || saysASpan(t.quote)));
  const windows = new Set(spans.map((t) => `${t.from}-${t.to % 24}`));
  if (times.length === spans.length && windows.size === 1 && !namesADay(before.text)) {
    const t = times[0];
    return { kind: "time", from: t.from, to: t.to % 24, a: at.a, b: at.b, ...(t.guessed ? { guessed: true } : {}) };
  }
  return { kind: "text", a: at.a, b: at.b };
}
