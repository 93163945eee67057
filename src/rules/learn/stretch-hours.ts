/**
 * "keep out of the den when I'm on my calls, from 9 to 1", "from 8 to 10, while I read": a clause
 * of a stretch of time that something goes on in, set off by a comma beside clock hours with both
 * ends said, is told by those hours (an apposition): the ban holds in that window, and the clause
 * is no second condition the robot cannot check. Only for a ban's conditions, where the window is
 * what the speaker gave; one end said ("after 10, while I sleep"), hours whose half of the day is
 * guessed, two windows, or a condition opened by "if" or "unless" stay as they are.
 */
import { isWordToken, STRETCH_OPENER } from "../../language/index.ts";
import type { Cond } from "./conditions.ts";
import type { ReadCtx } from "./reading.ts";

/** The conditions of a ban with a stretch said by its hours folded into those hours. */
export function stretchSaidByHours(ctx: ReadCtx, conds: readonly Cond[]): Cond[] {
  const times = conds.filter((x) => x.kind === "time");
  if (times.length !== 1) return [...conds];
  const t = times[0];
  if (t.kind !== "time" || t.open || t.guessed || !t.clock) return [...conds];
  // only punctuation between them: a comma or a dash sets the one off as the other's restatement
  const apart = (a: number, b: number) => b > a && b - a <= 2 && ctx.tokens.slice(a, b).every((k) => !isWordToken(k.w));
  const restated = (x: Cond) =>
    x.kind === "text" &&
    !!x.negated === !!t.negated &&
    STRETCH_OPENER.test(ctx.tokens[x.a]?.w ?? "") &&
    (apart(x.b, t.a) || apart(t.b, x.a));
  const said = conds.filter(restated);
  if (!said.length) return [...conds];
  // the window's words are the stretch and its hours, as said
  const a = Math.min(t.a, ...said.map((x) => x.a));
  const b = Math.max(t.b, ...said.map((x) => x.b));
  return conds.filter((x) => !said.includes(x)).map((x) => (x === t ? { ...t, a, b } : x));
}
