/**
 * Two requests joined in one clause, each with a verb of its own ("stay out of the study from 10
 * until 5 and stop calling me buddy"): a condition said after the first request's words and before
 * the word that joins the second is the first request's only. Said before both ("after 10, stay
 * out of the study and stop singing") it may be either's, and stays on both: the narrower reading.
 */
import { REQUEST_JOIN } from "../../language/index.ts";
import type { Cond } from "./conditions.ts";
import type { ReadCtx, Reading, RuleReading } from "./reading.ts";

const start = (r: RuleReading) => Math.min(...r.quotes.map((q) => q.a));
const end = (r: RuleReading) => Math.max(...r.quotes.map((q) => q.b));

/**
 * Whether a join word stands between the condition (trailing `owner`) and `r`'s own words: after
 * the condition when `r` comes later, before `owner`'s words when `r` comes first.
 */
function joined(rc: ReadCtx, owner: RuleReading, r: RuleReading, c: Cond): boolean {
  const [from, to] = start(r) > start(owner) ? [c.b, start(r)] : [end(r), start(owner)];
  for (let k = from; k < to; k++) if (REQUEST_JOIN.test(rc.tokens[k].w)) return true;
  return false;
}

/** Conditions of one clause's requests kept with the request they trail. */
export function ownConditions(rc: ReadCtx, readings: Reading[]): Reading[] {
  const rules = readings.filter((r): r is RuleReading => r.type === "rule" && r.quotes.length > 0);
  for (const r of rules) {
    const all = rules.filter((o) => o.clause.a === r.clause.a && o.clause.b === r.clause.b);
    if (all.length < 2) continue;
    // the request whose words end nearest before the condition is the one it trails
    const trails = (c: Cond) =>
      all
        .filter((o) => end(o) <= c.a)
        .reduce<RuleReading | undefined>((x, o) => (!x || end(o) > end(x) ? o : x), undefined);
    r.conditions = r.conditions.filter((c) => {
      const owner = trails(c);
      return !owner || owner === r || !joined(rc, owner, r, c);
    });
  }
  return readings;
}
