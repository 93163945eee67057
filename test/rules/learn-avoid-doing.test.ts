/**
 * A verb of avoiding before a gerund negates it, as "stop" and "quit" do: "avoid parking in the
 * loft" is a room not to stop in, "avoid going into the loft" a room to avoid. A polite tail ("if
 * it's all the same to you") is no condition. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["loft", "scullery", "snug"], sceneId: "s1" };

describe("avoiding a doing", () => {
  it("negates the verb after it: a room not to stop in, or to stay out of", async () => {
    for (const [m, kind, room] of [
      ["Could you avoid lingering in the snug, if it's all the same to you?", "no_stop_in_room", "snug"],
      ["try to avoid parking in the scullery", "no_stop_in_room", "scullery"],
      ["please avoid wandering into the loft", "avoid_room", "loft"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [r.requirement, r.conditions]),
        [[{ kind, room }, []]],
        m,
      );
    }
  });
});
