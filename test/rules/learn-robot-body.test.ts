/**
 * The robot named by its body ("keep your wheels out of the den", "don't go in with those
 * tyres") is the robot itself: the ban is on the robot, and "with those wheels" is no condition,
 * since it always holds. With a state said of them ("your muddy wheels") it is a condition, kept
 * as said. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["den", "pantry", "nursery"], sceneId: "s1" };
const read = (m: string) =>
  learn(m, [], ctx).items.map((i) => [
    i.decision,
    i.draft?.requirement,
    i.draft?.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
  ]);

describe("the robot named by its body", () => {
  it("keeping its wheels out of a room bans the room", () => {
    assert.deepEqual(read("Keep your tyres out of the nursery, please."), [
      ["add", { kind: "avoid_room", room: "nursery" }, []],
    ]);
    assert.deepEqual(read("keep your wheels out of the pantry after 9pm"), [
      ["add", { kind: "avoid_room", room: "pantry" }, [[21, 6]]],
    ]);
  });

  it("going in with its wheels is no condition; with a state of them it is", () => {
    assert.deepEqual(read("never go into the den with those castors, the floor is waxed"), [
      ["add", { kind: "avoid_room", room: "den" }, []],
    ]);
    assert.deepEqual(read("don't go in the den with your wet wheels"), [
      ["add", { kind: "avoid_room", room: "den" }, ["text"]],
    ]);
  });
});
