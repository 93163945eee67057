/**
 * A ban said as what a room is ("restricted", "off the tour", "no place for robot", "let the den
 * rest", "a wheel set in it"), a room fronted before "you" and a verb of avoiding with no object
 * ("the shed always you stay out"), and the same predicates negated, which ban nothing. Sentences
 * written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["boathouse", "darkroom", "sunroom", "workshop"], sceneId: "s1" };
type Rules = Awaited<ReturnType<typeof taught>>["rules"];
const rooms = (rules: Rules) => rules.map((r) => `${r.requirement.kind}:${(r.requirement as { room?: string }).room}`);
const hours = (rules: Rules) =>
  rules.flatMap((r) => r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)));

describe("a room declared closed to the robot", () => {
  it("bans the room for a predicate that shuts it", async () => {
    for (const [m, want] of [
      ["the darkroom is strictly restricted, thanks", "darkroom"],
      ["Heads up: the workshop is off your rounds from now on.", "workshop"],
      ["That boathouse is no place for robot", "boathouse"],
      ["sunroom is not place for you, understood?", "sunroom"],
      ["Please let the darkroom rest.", "darkroom"],
      ["you never set a wheel in the workshop", "workshop"],
    ])
      assert.deepEqual(rooms((await taught(house, m)).rules), [`avoid_room:${want}`], m);
  });

  it("keeps the hours said with it", async () => {
    const { rules } = await taught(house, "From 9 at night until 7 in the morning the sunroom is off the tour.");
    assert.deepEqual(rooms(rules), ["avoid_room:sunroom"]);
    assert.deepEqual(hours(rules), ["21-7"]);
  });

  it("bans a room fronted before the robot and a verb of avoiding with no object", async () => {
    for (const [m, want] of [
      ["the boathouse always you stay out", "boathouse"],
      ["the workshop you leave alone", "workshop"],
      ["the darkroom now you keep away", "darkroom"],
    ])
      assert.deepEqual(rooms((await taught(house, m)).rules), [`avoid_room:${want}`], m);
  });

  it("bans nothing where the predicate is negated", async () => {
    for (const m of [
      "the workshop is no longer closed to you",
      "the sunroom is not restricted any more",
      "the boathouse isn't off limits now",
      "the darkroom is not really out of bounds",
    ])
      assert.deepEqual((await taught(house, m)).rules, [], m);
  });

  it("bans nothing for a place said to lie off another, or a limit restricted to a count", async () => {
    for (const m of ["the darkroom is off the workshop", "replies are restricted to ten words, the sunroom too"])
      assert.ok(!rooms((await taught(house, m)).rules).some((r) => r.startsWith("avoid_room")), m);
  });
});
