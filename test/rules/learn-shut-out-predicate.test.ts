/**
 * A room said to be shut to the robot in a predicate of the present: "closed for you" as "closed to
 * you", and "excluded" as "off limits". The past ("was excluded") and a question ("is it
 * excluded?") forbid nothing. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["attic", "pantry", "music room", "garage"], sceneId: "s1" };

describe("a room said shut to the robot", () => {
  it("reads 'closed for you' and 'excluded' as a ban on the room, with its hours", async () => {
    for (const [m, room, hours] of [
      ["After 10pm the music room is closed for you.", "music room", 1],
      ["the attic is excluded from your rounds", "attic", 0],
      ["The pantry stays excluded between 1 and 3 pm.", "pantry", 1],
      ["honestly the attic is never for robots", "attic", 0],
      ["The garage? no place for the robot after 9pm.", "garage", 1],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      const [r] = rules;
      assert.equal(r.requirement.kind === "avoid_room" && r.requirement.room, room, m);
      assert.equal(r.conditions.length, hours, m);
    }
  });

  it("keeps nothing for a room closed for a reason, said in the past, or asked about", async () => {
    for (const m of [
      "the garage is closed for repairs this week",
      "the attic was excluded from the last search",
      "Is the pantry excluded?",
      "the music room is not for you to tidy, I do it myself",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 0, m);
    }
  });
});
