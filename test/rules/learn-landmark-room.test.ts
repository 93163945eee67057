/**
 * A room said only to place another ("the pantry next to the kitchen", "the loft at the top of the
 * stairs") is a landmark: the rule is about the room it places, never about the landmark too.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["pantry", "kitchen", "loft", "stair landing", "utility room", "garage", "den"], sceneId: "s1" };

const rules = (m: string) => learn(m, [], ctx).items.map((i) => [i.decision, i.draft?.requirement]);

describe("a room that places another", () => {
  it("is no room of the rule", () => {
    for (const [m, kind, room] of [
      ["please keep out of the pantry next to the kitchen", "avoid_room", "pantry"],
      ["the loft at the top of the stair landing is off limits to you", "avoid_room", "loft"],
      ["never park in the utility room behind the garage", "no_stop_in_room", "utility room"],
      ["don't go into the den across from the kitchen", "avoid_room", "den"],
    ] as const)
      assert.deepEqual(rules(m), [["add", { kind, room }]], m);
  });

  it("leaves two rooms joined by 'and' two rooms of the rule", () => {
    assert.deepEqual(rules("stay out of the pantry and the kitchen"), [
      ["add", { kind: "avoid_room", room: "pantry" }],
      ["add", { kind: "avoid_room", room: "kitchen" }],
    ]);
  });
});
