/**
 * "Pantry: nothing after 10pm.": a room said as topic, then "nothing" with hours, bans the room at
 * those hours; "nothing" with no hours asks nothing. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "hall"], sceneId: "s1" };

describe("a room as topic, then 'nothing' at hours", () => {
  it("bans the room at those hours", async () => {
    const { rules } = await taught(house, "Pantry: nothing between 10pm and 6am. The cat sleeps there.");
    assert.deepEqual(
      rules.map((r) => [r.requirement, r.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind))]),
      [[{ kind: "avoid_room", room: "pantry" }, [[22, 6]]]],
    );
  });

  it("without hours keeps nothing", async () => {
    const { rules } = await taught(house, "pantry: nothing");
    assert.deepEqual(rules, []);
  });
});
