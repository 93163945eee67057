/**
 * A request softened with "maybe" or "I guess" ("maybe don't go in the garage") is asked back
 * as a hedge unless what it asks is firm: a new rule on a room or a reply length, every condition
 * an hour window the robot can check, and no doubt said outright anywhere in the message ("not
 * sure", "I don't know"; doubt conceded before a "but" that opens the request is about the
 * asking, not the request: afterConcession). Then the softener is politeness, as "could you maybe" is, and the rule
 * is kept. A vague measure ("so much", "so clumsy", "a bit more") anywhere in it leaves no firm
 * rule to keep: whatever was read from it is asked.
 */
import { afterConcession, bounded, saysDoubt, unmeasuredDegree, VAGUE_BEHAVIOR } from "../../language/index.ts";
import type { LearnItem } from "./items.ts";

const FIRM_KINDS = new Set(["avoid_room", "no_stop_in_room", "word_limit"]);

export function firmDespiteSoftener(message: string, it: LearnItem): boolean {
  // what is conceded before the request ("not sure if this is too much to ask, but …") says nothing of it
  const asked = afterConcession(message);
  if (it.decision !== "add" || !it.draft || saysDoubt(asked)) return false;
  if (unmeasuredDegree(asked) || bounded(VAGUE_BEHAVIOR).test(asked)) return false;
  return FIRM_KINDS.has(it.draft.requirement.kind) && it.draft.conditions.every((c) => c.kind === "time");
}
