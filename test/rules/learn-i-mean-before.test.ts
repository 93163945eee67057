/**
 * "oops, I mean the larder, not the pantry", said as a message of its own: nothing before it in
 * the message to put right, so it puts right the room of the rule in force it names; with no such
 * rule, nothing is changed. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "larder", "porch"], sceneId: "s1" };

describe("'I mean' opening a message", () => {
  it("moves the rule in force to the room meant", async () => {
    const { rules } = await taught(house, "Keep out of the pantry after 8pm.", "oops i mean the larder not the pantry");
    assert.deepEqual(
      rules.map((r) => [r.requirement, r.conditions.map((c) => c.kind)]),
      [[{ kind: "avoid_room", room: "larder" }, ["time"]]],
    );
  });

  it("in the middle of a message still puts right what it said", async () => {
    const { rules } = await taught(house, "From now on stay off the porch, I mean the larder.");
    assert.deepEqual(
      rules.map((r) => r.requirement),
      [{ kind: "avoid_room", room: "larder" }],
    );
  });
});
