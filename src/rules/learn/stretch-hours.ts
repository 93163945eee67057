/**
 * "keep out of the den when I'm on my calls, from 9 to 1", "from 8 to 10, while I read": a clause
 * of a stretch of time that something goes on in, set off by a comma beside clock hours with both
 * ends said, is told by those hours (an apposition): the ban holds in that window, and the clause
 * is no second condition the robot cannot check. Only for a ban's conditions, where the window is
 * what the speaker gave; one end said ("after 10, while I sleep"), hours whose half of the day is
 * guessed, two windows, or a condition opened by "if" or "unless" stay as they are. So for the
 * hours a permission leaves out ("except from 2 to 4, when I nap"), which the ban then holds at.
 */
import { isWordToken, STRETCH_OPENER } from "../../language/index.ts";
import type { Cond } from "./conditions.ts";
import type { ReadCtx } from "./reading.ts";

/** The conditions of a ban with a stretch said by its hours folded into those hours. */
export function stretchSaidByHours(ctx: ReadCtx, conds: readonly Cond[]): Cond[] {
  const times = conds.filter((x) => x.kind === "time");
  if (times.length !== 1) return [...conds];
  const t = times[0];
  const said = saidBy(ctx, t, conds);
  if (!said.length) return [...conds];
  const w = widened(t, said);
  return conds.filter((x) => !said.includes(x)).map((x) => (x === t ? w : x));
}

/**
 * "you may use the den, except from 1 to 3, when I nap": the same apposition beside the hours a
 * permission leaves out, which become the ban's window; the stretch is no condition of its own.
 * Only when the permission says no hours of its own.
 */
export function stretchSaidByExceptedHours(
  ctx: ReadCtx,
  conds: Cond[],
  exceptions: Cond[],
): { conditions: Cond[]; exceptions: Cond[] } {
  const times = exceptions.filter((x) => x.kind === "time");
  if (times.length !== 1 || conds.some((x) => x.kind === "time")) return { conditions: conds, exceptions };
  const t = times[0];
  const said = saidBy(ctx, t, conds);
  if (!said.length) return { conditions: conds, exceptions };
  const w = widened(t, said);
  return {
    conditions: conds.filter((x) => !said.includes(x)),
    exceptions: exceptions.map((x) => (x === t ? w : x)),
  };
}

/** The clauses of a stretch set off beside the window `t` with both ends said, or none. */
function saidBy(ctx: ReadCtx, t: Cond, conds: readonly Cond[]): Cond[] {
  if (t.kind !== "time" || t.open || t.guessed || !t.clock) return [];
  // only punctuation between them: a comma or a dash sets the one off as the other's restatement
  const apart = (a: number, b: number) => b > a && b - a <= 2 && ctx.tokens.slice(a, b).every((k) => !isWordToken(k.w));
  return conds.filter(
    (x) =>
      x.kind === "text" &&
      !!x.negated === !!t.negated &&
      STRETCH_OPENER.test(ctx.tokens[x.a]?.w ?? "") &&
      (apart(x.b, t.a) || apart(t.b, x.a)),
  );
}

/** the window's words are the stretch and its hours, as said */
function widened(t: Cond, said: readonly Cond[]): Cond {
  return { ...t, a: Math.min(t.a, ...said.map((x) => x.a)), b: Math.max(t.b, ...said.map((x) => x.b)) };
}
