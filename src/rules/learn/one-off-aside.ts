/**
 * A ban said for one task only, followed by a clause on what goes on at that room or moment
 * ("…, where the guests are sleeping", "… is shut while the floor dries"): the clause is the reason
 * the room is closed now, not a narrower time within the task. The one-off already bounds the ban
 * to the task, and a ban kept for the whole task is never broader than the one said, so the clause
 * is no condition. A permission keeps it (without it the permission would be broader), and so
 * does a lasting rule (the clause may say when the rule holds, every day).
 */
import { GOING_ON_THERE, isWordToken, SENTENCE_END, type Token } from "../../language/index.ts";
import type { RuleDraft } from "../types.ts";
import type { RuleReading } from "./clause.ts";
import type { Cond } from "./conditions.ts";
import { re } from "./reading.ts";

const BANS = new Set(["avoid_room", "no_stop_in_room"]);

/** Whether the words from `end` up to the condition at `a` are a clause opened by GOING_ON_THERE right after the ban. */
function asideAfter(tokens: readonly Token[], end: number, a: number): boolean {
  let j = end;
  while (j < a && !isWordToken(tokens[j].w) && !SENTENCE_END.test(tokens[j].w)) j++;
  if (j > a || !re(GOING_ON_THERE).test(tokens[j]?.w ?? "")) return false;
  return tokens.slice(j, a).every((t) => !SENTENCE_END.test(t.w));
}

/** Which of the reading's conditions are only the reason of a ban for one task. */
function asides(tokens: readonly Token[], r: RuleReading): boolean[] {
  if (!BANS.has(r.requirement.kind) || !r.quotes.length) return r.conditions.map(() => false);
  const end = Math.max(...r.quotes.map((q) => q.b));
  return r.conditions.map((c: Cond) => c.kind === "text" && !c.negated && c.a >= end && asideAfter(tokens, end, c.a));
}

/** The reading without the conditions that are only the one-off ban's reason. */
export function withoutOneOffAside(tokens: readonly Token[], r: RuleReading): RuleReading {
  if (r.persistence !== "task_local") return r;
  const drop = asides(tokens, r);
  return drop.some(Boolean) ? { ...r, conditions: r.conditions.filter((_, k) => !drop[k]) } : r;
}

/**
 * A rule read as lasting that is kept for this task only after all (a one-off the reading left
 * unread, or one the read-back found): its draft for the task,
 * without the conditions that are only the one-off ban's reason (the draft's conditions are the
 * reading's, one for one; any other draft keeps all of them).
 */
export function oneOffDraft(tokens: readonly Token[], r: RuleReading, d: RuleDraft): RuleDraft {
  const drop = asides(tokens, r);
  const aligned = d.conditions.length === r.conditions.length;
  const conditions = aligned ? d.conditions.filter((_, k) => !drop[k]) : d.conditions;
  return { ...d, conditions, persistence: "task_local", scope: "task" };
}
