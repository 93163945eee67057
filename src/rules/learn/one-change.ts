/**
 * One message changes a rule once. Two readings that each revise or replace the same rule were
 * both made against the version in force, so writing both would apply the second to a rule the
 * first already changed (the library refuses that: the decision is stale). Which one the user meant,
 * or whether they meant the two together, the learner did not read: it asks, reading both back,
 * and changes nothing.
 */
import { describeRule } from "../describe.ts";
import type { RuleVersion } from "../types.ts";
import type { LearnItem } from "./items.ts";

const CHANGES = new Set(["revise", "replace"]);

export function oneChangePerRule(items: LearnItem[], rules: readonly RuleVersion[]): LearnItem[] {
  const count = new Map<string, number>();
  for (const it of items)
    if (CHANGES.has(it.decision) && it.ruleId) count.set(it.ruleId, (count.get(it.ruleId) ?? 0) + 1);
  const asked = new Set<string>();
  return items.flatMap((it): LearnItem[] => {
    if (!CHANGES.has(it.decision) || !it.ruleId || (count.get(it.ruleId) ?? 0) < 2) return [it];
    if (asked.has(it.ruleId)) return [];
    asked.add(it.ruleId);
    const id = it.ruleId;
    const changes = items.filter((x) => x.ruleId === id && CHANGES.has(x.decision) && x.draft);
    const now = rules.find((v) => v.ruleId === id);
    const was = now ? `the rule "${describeRule(now.rule)}"` : `rule ${id}`;
    const read = changes.map((x) => `"${describeRule(x.draft!)}"`).join(" and ");
    return [
      {
        decision: "unclear",
        reason: `two changes to ${id} in one message`,
        clause: changes.map((x) => x.clause).join(" "),
        question: `I read two changes to ${was}: ${read}. Which should it be? I've left it as it was for now.`,
      },
    ];
  });
}
