/**
 * A behaviour kept in the user's own words is the least checked rule there is: the robot cannot
 * test it, and the words may only restate, soften or explain another part of the message ("drop
 * the limit, say as much as you want", "maybe keep out of the den … ask my husband"). Beside
 * another act of the same message it is asked, never kept: a rule is never more than was said.
 * Alone it is the request itself, and kept as before.
 */
import type { LearnItem } from "./items.ts";

/** Decisions that act on the rules: beside one of them a free behaviour is asked. */
const ACTS = new Set<LearnItem["decision"]>(["add", "revise", "replace", "retract", "task_local", "unclear", "reuse"]);

export function askFreeBesideActs(items: LearnItem[]): void {
  const free = (it: LearnItem) => it.decision === "add" && it.draft?.requirement.kind === "behavior";
  for (const [k, it] of items.entries()) {
    if (!free(it) || !items.some((o, j) => j !== k && !free(o) && ACTS.has(o.decision))) continue;
    const said = it.draft?.requirement.kind === "behavior" ? it.draft.requirement.text : it.clause;
    items[k] = {
      decision: "unclear",
      reason: `a behaviour in the user's words beside another request ("${said}"): it may only restate it`,
      clause: it.clause,
      question: `You also said "${said}": should I keep that as a rule of its own?`,
    };
  }
}
