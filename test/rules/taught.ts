/**
 * For tests of what the learner keeps: messages taught one after another (a minute apart) to a
 * fresh in-memory rule library, as `polar rules teach` would, and what the library then holds.
 */
import { teach } from "../../src/rules/index.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";
import type { RuleVersion } from "../../src/rules/types.ts";

export interface House {
  rooms: string[];
  sceneId: string;
}

/** The rules in force after teaching `messages` in order, and the reply to the last one. */
export async function taught(
  house: House,
  ...messages: string[]
): Promise<{ rules: RuleVersion["rule"][]; reply: string }> {
  const lib = new SqliteRuleLibrary(":memory:");
  try {
    let reply = "";
    for (const [k, m] of messages.entries()) reply = (await teach(lib, "u", m, { ...house, at: k + 1 })).reply;
    return { rules: (await lib.snapshot("u")).rules.map((r) => r.rule), reply };
  } finally {
    await lib.close();
  }
}

/** Rules as the hour tests read them: the room each keeps the robot out of, and its conditions' hours. */
export function roomsAndHours(rules: RuleVersion["rule"][]): { room: string | null; when: string[] }[] {
  return rules.map((r) => ({
    room: r.requirement.kind === "avoid_room" ? r.requirement.room : null,
    when: r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour % 24}` : c.kind)),
  }));
}
