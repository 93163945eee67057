/**
 * A permission said only to let the robot pass through a room the same message bans stopping in:
 * it lifts no rule and asks nothing, the no-stop rule beside it says it all.
 */
import { sameRoom } from "../../language/index.ts";
import type { RuleVersion } from "../types.ts";
import type { RetractReading } from "./clause.ts";

/**
 * Every room the permission names is one the same message bans stopping in ("you can go through the
 * hall, just don't stop there"), or the end of the route through it ("cross the hall to reach the
 * den") while no rule in force names that end: the permission only says passing is allowed.
 */
export function passesOnly(r: RetractReading, rules: readonly RuleVersion[], passOnly: Set<string>): boolean {
  const named = (room: string) =>
    rules.some((v) => v.status === "active" && "room" in v.rule.requirement && sameRoom(v.rule.requirement.room, room));
  const passed = r.targets.filter((g) => g.kind === "room" && passOnly.has(g.room));
  return (
    passed.length > 0 &&
    r.targets.every((g) => g.kind === "room" && (passOnly.has(g.room) || (g.goal === true && !named(g.room))))
  );
}
