import { saysEveryHour } from "../../language/index.ts";
import type { Reading, RuleReading } from "./clause.ts";
import { requirementKey } from "./resolve.ts";

/**
 * "Keep out of the den after nine. Just keep out.": a ban said again later in the message with no
 * hours, no exception and no word of every hour, on the room a ban with hours already names, is
 * that ban stressed. Kept as read it would be a second ban at every hour, broader than what was
 * asked.
 */
export function saidAgain(message: string, readings: Reading[]): Reading[] {
  const drop = new Set<Reading>();
  for (const r of readings) {
    if (r.type !== "rule" || r.requirement.kind === "behavior") continue;
    if (r.conditions.length > 0 || r.exceptions.length > 0) continue;
    if (saysEveryHour(message.slice(r.clause.a, r.clause.b))) continue;
    const said = readings.find(
      (o): o is RuleReading =>
        o !== r &&
        !drop.has(o) &&
        o.type === "rule" &&
        o.clause.b <= r.clause.a &&
        o.persistence === r.persistence &&
        requirementKey(o.requirement) === requirementKey(r.requirement) &&
        o.conditions.some((c) => c.kind === "time"),
    );
    if (!said) continue;
    said.quotes.push(...r.quotes);
    drop.add(r);
  }
  return readings.filter((r) => !drop.has(r));
}
