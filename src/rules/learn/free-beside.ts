/**
 * A behaviour kept in the user's own words is the least checked rule there is: the robot cannot
 * test it, and the words may only restate, soften or explain another part of the message ("drop
 * the limit, say as much as you want", "maybe keep out of the den … ask my husband"). Beside
 * another act of the same message it is asked, never kept: a rule is never more than was said.
 * Alone it is the request itself, and kept as before.
 *
 * What such a behaviour said of when (hours, a part of the day, a day) may be the when of a ban
 * beside it ("Please bear this in mind, after ten: keep out of the den"): asked, the behaviour
 * takes its condition with it, so a ban of the same message that does not hold that condition is
 * asked too, with its read-back, never kept at every hour.
 */
import { describeRule } from "../describe.ts";
import type { Condition, RuleDraft } from "../types.ts";
import type { LearnItem } from "./items.ts";

/** Decisions that act on the rules: beside one of them a free behaviour is asked. */
const ACTS = new Set<LearnItem["decision"]>(["add", "revise", "replace", "retract", "task_local", "unclear", "reuse"]);

/** Decisions that keep a rule, for this task or beyond it. */
const KEEPS = new Set<LearnItem["decision"]>(["add", "revise", "replace", "task_local"]);

const BANS = new Set(["avoid_room", "no_stop_in_room"]);

/** The conditions of when a draft holds: hours, or a when only a model can judge. */
const whenOf = (d: RuleDraft | undefined): Condition[] =>
  (d?.conditions ?? []).filter((c) => c.kind === "time" || c.kind === "text");

function holds(d: RuleDraft, c: Condition): boolean {
  return d.conditions.some(
    (o) =>
      o.quote === c.quote ||
      (o.kind === "time" && c.kind === "time" && o.fromHour === c.fromHour && o.toHour === c.toHour),
  );
}

export function askFreeBesideActs(items: LearnItem[]): void {
  const free = (it: LearnItem) => it.decision === "add" && it.draft?.requirement.kind === "behavior";
  const asked: Condition[] = [];
  for (const [k, it] of items.entries()) {
    if (!free(it) || !items.some((o, j) => j !== k && !free(o) && ACTS.has(o.decision))) continue;
    const said = it.draft?.requirement.kind === "behavior" ? it.draft.requirement.text : it.clause;
    asked.push(...whenOf(it.draft));
    items[k] = {
      decision: "unclear",
      reason: `a behaviour in the user's words beside another request ("${said}"): it may only restate it`,
      clause: it.clause,
      question: `You also said "${said}": should I keep that as a rule of its own?`,
    };
  }
  if (asked.length) askBansWithout(items, asked);
}

/** Bans kept without a condition of when that an asked part of the message holds: asked, with the read-back. */
function askBansWithout(items: LearnItem[], asked: readonly Condition[]): void {
  for (const [k, it] of items.entries()) {
    const d = it.draft;
    if (!d || !KEEPS.has(it.decision) || !BANS.has(d.requirement.kind)) continue;
    const missing = asked.find((c) => !holds(d, c));
    if (!missing) continue;
    items[k] = {
      decision: "unclear",
      reason: `a condition of when ("${missing.quote}") was said in a part asked back, and the ban does not hold it: nothing is kept until the user says`,
      clause: it.clause,
      persistence: it.persistence,
      draft: d,
      question: `I understood: ${describeRule(d)}. You also said "${missing.quote}": does it hold only then? Say it again with the hours and I'll keep to it.`,
    };
  }
}
