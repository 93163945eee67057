/**
 * An exception never permits what the same message bans. "You can use the pantry from 12 to 1.
 * Stay out of it from 12 to 1.": the permission would lift the ban at hours the next sentence
 * keeps, and which of the two the user meant cannot be told, so the change is asked, not stored.
 */
import { timeHours } from "./condition-hours.ts";
import type { LearnItem } from "./items.ts";
import { requirementKey } from "./resolve.ts";

const STORES = new Set(["add", "revise", "replace"]);
const BANS = new Set(["add", "reuse", "revise", "replace", "task_local"]);

export function noExceptionAgainstBan(items: LearnItem[]): LearnItem[] {
  return items.map((it, k) => {
    if (!STORES.has(it.decision) || !it.draft) return it;
    const excepted = new Set(timeHours(it.draft.exceptions));
    if (!excepted.size) return it;
    const key = requirementKey(it.draft.requirement);
    const banned = items.flatMap((o, j) =>
      j !== k && BANS.has(o.decision) && o.draft && requirementKey(o.draft.requirement) === key
        ? timeHours(o.draft.conditions).filter((h) => excepted.has(h))
        : [],
    );
    if (!banned.length) return it;
    const quote = it.draft.exceptions.find((c) => c.kind === "time")?.quote ?? it.clause;
    return {
      decision: "unclear",
      reason: `"${quote}" permits hours the same message bans`,
      clause: it.clause,
      question: `You said "${quote}" and also to keep out then: at which hours exactly should I stay out? Until you say, the rule stays as it is.`,
    };
  });
}
