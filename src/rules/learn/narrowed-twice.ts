/**
 * A ban in force changed twice in one message: allowed at some hours ("you can go in during the
 * day") and kept only at others ("stay out only from 10 to 6"). Both say the same change when the
 * hours allowed are all outside the hours the ban keeps: the ban narrowed to its hours leaves them
 * free already, so the narrowing is kept and the exception, which would be a second change of one
 * version, is not. When the hours allowed reach into the hours kept, which holds is asked.
 */
import type { Condition } from "../types.ts";
import { timeHours } from "./condition-hours.ts";
import type { LearnItem } from "./items.ts";

const hoursIn = (cs: Condition[]) => new Set(timeHours(cs));
const timed = (cs: Condition[]) => cs.some((c) => c.kind === "time");

/** The items, less the exceptions a narrowing of the same rule in the same message already says; asked where they clash. */
export function narrowedTwice(items: LearnItem[]): LearnItem[] {
  const drop = new Set<LearnItem>();
  const asked = new Map<LearnItem, LearnItem>();
  for (const n of items) {
    const d = n.draft;
    if (n.decision !== "revise" || !n.ruleId || !d || !timed(d.conditions)) continue;
    const kept = hoursIn(d.conditions);
    for (const x of items) {
      const e = x.draft;
      if (x === n || x.decision !== "revise" || x.ruleId !== n.ruleId || !e) continue;
      if (timed(e.conditions) || !timed(e.exceptions)) continue;
      if (![...hoursIn(e.exceptions)].some((h) => kept.has(h))) {
        drop.add(x);
        continue;
      }
      const question = `You said "${x.clause}" and "${n.clause}": at which hours exactly should I stay out?`;
      asked.set(n, { ...n, decision: "unclear", reason: "hours allowed that the same message still bans", question });
      drop.add(x);
    }
  }
  return items.filter((it) => !drop.has(it)).map((it) => asked.get(it) ?? it);
}
