/**
 * "This time, go the other way. Not the den.": a room said alone (its act left out) has no
 * persistence of its own, and is asked whether it lasts. When the message said a one-off before it,
 * in a part no rule was read from (a vague word of what to do, a lead-in), and says nothing of
 * lasting anywhere, that one-off is the room's: it is kept for this task only, the narrower reading.
 * A one-off that a rule of its own took ("skip the den this time. Not the attic.") stays that rule's.
 */
import { bounded, LASTING, NOT_TASK_LOCAL, TASK_LOCAL, type Token, Words } from "../../language/index.ts";
import type { Reading, RuleReading } from "./reading.ts";

const ROOM_RULES = new Set(["avoid_room", "no_stop_in_room"]);

/** The readings with a room said alone made this task's only, where a one-off said before it is its own. */
export function oneOffSaidBefore(tokens: readonly Token[], readings: Reading[]): Reading[] {
  const all = new Words(tokens, 0, tokens.length).text;
  if (bounded(LASTING).test(all) || bounded(NOT_TASK_LOCAL).test(all)) return readings;
  const taken = readings.filter((r): r is RuleReading => r.type === "rule").map((r) => r.clause);
  return readings.map((r) => {
    if (r.type !== "rule" || !r.elliptical || r.persistence !== "persistent" || !ROOM_RULES.has(r.requirement.kind))
      return r;
    const before = new Words(tokens, 0, r.clause.a);
    const marker = [...before.matches(bounded(TASK_LOCAL))].find((m) => !taken.some((c) => c.a <= m.a && m.b <= c.b));
    return marker ? { ...r, persistence: "task_local", elliptical: false } : r;
  });
}
