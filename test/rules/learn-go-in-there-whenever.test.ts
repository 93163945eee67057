/**
 * An imperative of going whose when is left to the robot ("go on inside any time") lifts the ban
 * on the one room the message spoke of before it, and only that ban; with two rooms spoken of
 * before, or none, which room is meant is not guessed. Sentences written for this test, not taken
 * from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["loft", "workshop", "scullery"], sceneId: "s1" };
const rooms = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => (r.requirement as { room?: string }).room).sort();

describe("go in there whenever, after a sentence about the room", () => {
  it("lifts the ban on the room spoken of, and keeps the others", async () => {
    for (const m of [
      "The loft got aired out last week. Go on in there whenever you like.",
      "The loft is all sorted now. Go inside any time yall want.",
    ]) {
      const { rules } = await taught(house, "Never go in the loft.", "Stay clear of the scullery.", m);
      assert.deepEqual(rooms(rules), ["scullery"], m);
    }
  });

  it("lifts nothing when two rooms were spoken of before it", async () => {
    const m = "The loft and the scullery are both tidy now. Go in there whenever you like.";
    const { rules } = await taught(house, "Never go in the loft.", "Stay clear of the scullery.", m);
    assert.deepEqual(rooms(rules), ["loft", "scullery"]);
  });
});

describe("whenever, closed by a word of no trouble", () => {
  it("is free choice: the permission lifts the ban, with no exception in words", async () => {
    for (const m of [
      "the workshop is swept out so you can go in there whenever no problem",
      "You may go into the workshop any time, no worries.",
      "ok the workshop is sorted u can go in whenever no probs mate",
    ]) {
      const { rules } = await taught(house, "Never go in the workshop.", "Stay clear of the scullery.", m);
      assert.deepEqual(rooms(rules), ["scullery"], m);
    }
  });

  it("a real when after whenever is still kept", async () => {
    const m = "you can go in the workshop whenever the saw is off";
    const { rules } = await taught(house, "Never go in the workshop.", m);
    assert.equal(rules.length, 1, m);
    assert.ok(rules[0].conditions.length + rules[0].exceptions.length > 0, m);
  });
});

describe("whenever you like, then 'now' or 'again'", () => {
  it("is free choice said as a change: the ban is lifted, no exception in words", async () => {
    for (const m of [
      "The workshop floor is relaid. You can go in there whenever you want now.",
      "you may go into the workshop any time you like again",
    ]) {
      const { rules } = await taught(house, "Never go in the workshop.", "Stay clear of the scullery.", m);
      assert.deepEqual(rooms(rules), ["scullery"], m);
    }
  });

  it("a bare 'whenever' closed by a word calling the listener is free choice, no condition", async () => {
    const m = "pop into the workshop like whenever, cuz, only not between like 7 and 9 at night";
    const { rules, reply } = await taught(house, m);
    assert.equal(rules.length, 1, reply);
    assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room: "workshop" }, reply);
    assert.deepEqual(
      rules[0].conditions.map((c) => c.kind),
      ["time"],
      reply,
    );
  });
});
