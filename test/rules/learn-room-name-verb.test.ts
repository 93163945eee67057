/**
 * A room whose name holds a verb's form ("the sitting room", "the waiting room", "the living
 * room") is a room, not a verb of ending up or going: the ban on it is read from the verb before
 * it. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["sitting room", "waiting room", "kitchen", "parking room"], sceneId: "s1" };

describe("a verb's form inside a room's name", () => {
  it("is the room, and the verb before it bans it", () => {
    for (const [m, kind, room] of [
      ["no going into the sitting room after 10 pm", "avoid_room", "sitting room"],
      ["please don't ever enter the waiting room", "avoid_room", "waiting room"],
      ["never stop in the sitting room", "no_stop_in_room", "sitting room"],
      ["no driving through the parking room", "avoid_room", "parking room"],
    ] as const) {
      const out = learn(m, [], ctx);
      assert.deepEqual(
        out.items.map((i) => [i.decision, i.draft?.requirement]),
        [["add", { kind, room }]],
        m,
      );
    }
  });
});
