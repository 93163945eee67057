/**
 * A clause of a stretch of time ("when I'm on a call", "while she reads") set off by a comma beside
 * clock hours with both ends said is told by those hours: a ban holds in that window, with no second
 * condition in the user's words. Hours with one end, hours whose half of the day is guessed, a
 * condition opened by "if", and a stretch not beside the hours stay as they were. Sentences written
 * for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const house = { rooms: ["sewing room", "workshop", "box room"], sceneId: "s1" };
const conds = (m: string) =>
  learn(m, [], house).items.map((i) => [
    i.decision,
    i.draft?.requirement ?? null,
    (i.draft?.conditions ?? []).map((c) => (c.kind === "time" ? `time:${c.fromHour}-${c.toHour}` : c.kind)),
  ]);

describe("a stretch of time said by its hours", () => {
  it("is the window, before the hours or after them", () => {
    assert.deepEqual(conds("Keep out of the sewing room while my sister practises, from 14 until 17."), [
      ["add", { kind: "avoid_room", room: "sewing room" }, ["time:14-17"]],
    ]);
    assert.deepEqual(conds("please don't stop in the workshop in the afternoons, from two to five, when I am sawing"), [
      ["add", { kind: "no_stop_in_room", room: "workshop" }, ["time:14-17"]],
    ]);
  });

  it("opening the window with its hour ('from the evening news at 9 till 10'), is the window", () => {
    assert.deepEqual(conds("From the morning prayers at five till six o'clock, keep out of the box room."), [
      ["add", { kind: "avoid_room", room: "box room" }, ["time:5-6"]],
    ]);
    assert.deepEqual(conds("keep out of the workshop from the evening news at 9 until 10 pm"), [
      ["add", { kind: "avoid_room", room: "workshop" }, ["time:21-22"]],
    ]);
    // said in a sentence of its own, before a request pointing back at the room
    assert.deepEqual(
      conds("From the school run at 8 till 9, nobody goes into the sewing room. You also stay out, please."),
      [["add", { kind: "avoid_room", room: "sewing room" }, ["time:8-9"]]],
    );
  });

  it("named alone in a sentence after the hours ('… 1 to 3. Nap time.'), places them and is no condition", () => {
    assert.deepEqual(conds("Keep out of the box room 1 to 3. Nap time."), [
      ["add", { kind: "avoid_room", room: "box room" }, ["time:13-15"]],
    ]);
    assert.deepEqual(conds("please don't stop in the workshop 7 to 9. dinner time"), [
      ["add", { kind: "no_stop_in_room", room: "workshop" }, ["time:19-21"]],
    ]);
    // with no hours before it, the stretch is a condition only people know, kept as said
    assert.deepEqual(conds("Don't go in the sewing room. Lunch time."), [
      ["add", { kind: "avoid_room", room: "sewing room" }, ["text"]],
    ]);
  });

  it("stays a condition of its own when the hours leave anything open", () => {
    // one end said: the other is assumed, so the stretch may end before it
    assert.deepEqual(conds("stay out of the box room after 11 pm, while the baby sleeps"), [
      ["add", { kind: "avoid_room", room: "box room" }, ["time:23-6", "text"]],
    ]);
    // "if" is a condition, not the stretch the hours tell
    assert.deepEqual(conds("don't go in the workshop if the saw is running, from 14 to 16"), [
      ["add", { kind: "avoid_room", room: "workshop" }, ["time:14-16", "text"]],
    ]);
    // not beside the hours
    assert.deepEqual(conds("from 14 to 16 keep out of the sewing room when the kids visit"), [
      ["add", { kind: "avoid_room", room: "sewing room" }, ["time:14-16", "text"]],
    ]);
  });
});
