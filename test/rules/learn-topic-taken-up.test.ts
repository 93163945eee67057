/**
 * A room said first and taken up in the clause after it by a pronoun, or left out of it (left
 * dislocation): "the shed — that's fine now" lifts the shed's ban, "shed rule, you can forget"
 * drops it. A pronoun said fine with no room before it, or a room in a clause of its own that
 * tells what happened, lifts nothing. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["kitchen", "shed", "loft", "study"], sceneId: "s1" };

describe("a room said first, taken up after it", () => {
  it("by a pronoun said fine, or by a verb of dropping with its object left out, lifts that room's ban", async () => {
    for (const said of [
      "the shed — that's fine now, the wasps are gone",
      "shed, well it is ok again",
      "Shed rule, you can forget.",
      "the shed thing, you can scrap",
    ]) {
      const { rules, reply } = await taught(house, "never go in the shed", "keep out of the loft", said);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "avoid_room", room: "loft" }],
        `${said}: ${reply}`,
      );
    }
  });

  it("lifts nothing when no room is said first, or the room is in a report of what happened", async () => {
    for (const said of ["that's fine now", "you went in the shed, that's fine"]) {
      const { rules, reply } = await taught(house, "never go in the shed", said);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "avoid_room", room: "shed" }],
        `${said}: ${reply}`,
      );
    }
  });
});
