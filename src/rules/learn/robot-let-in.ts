/**
 * "Nobody goes in the study except you", "no one but the robot enters the loft": the robot is the
 * one let in, so a ban read from the words "nobody goes in" would forbid it the very room it was
 * allowed. Such a ban is asked back, never kept: a rule is never more than was said.
 */
import { robotExceptedFromNoOne, tokenize } from "../../language/index.ts";
import type { LearnItem } from "./items.ts";

const ROOM_BANS = new Set(["avoid_room", "no_stop_in_room"]);

export function askBansWithRobotLetIn(items: LearnItem[]): void {
  for (const [k, it] of items.entries()) {
    const req = it.draft?.requirement;
    if (!req || !ROOM_BANS.has(req.kind) || !("room" in req)) continue;
    if (!robotExceptedFromNoOne(tokenize(it.clause)) && !robotExceptedFromNoOne(tokenize(it.draft?.statement ?? "")))
      continue;
    items[k] = {
      decision: "unclear",
      reason: `"no one" is excepted for the robot ("${it.clause}"): it lets the robot in, it bans nothing it may do`,
      clause: it.clause,
      question: `You said no one but me goes into the ${req.room}: may I go in, or should I stay out too?`,
    };
  }
}
