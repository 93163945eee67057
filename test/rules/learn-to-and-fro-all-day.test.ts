/**
 * A reason that tells of traffic back and forth filling the day ("we're up and down with the
 * laundry all day") tells a habit of the house: its "all day" is no bound on the request, which
 * lasts. A day's plan ("I'm going to be in and out of it all day") or a day named ("… today") still bounds it,
 * and is asked. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { withoutHabitualAllDay } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["utility room", "front hall", "pantry", "workshop"], sceneId: "s1" };

describe("a to-and-fro said to fill the day", () => {
  for (const [m, kind, room] of [
    [
      "don't loiter in the utility room, we're back and forth with the washing all day",
      "no_stop_in_room",
      "utility room",
    ],
    [
      "You can cross the front hall but don't park yourself there. Couriers coming and going all day.",
      "no_stop_in_room",
      "front hall",
    ],
    ["keep out of the pantry please, the kids are in and out of it all the time", "avoid_room", "pantry"],
    // a habit of others told in the simple present fills the day as a to-and-fro does
    [
      "Walk through the front hall if you need to. Never be waiting in it, the dogs sleep there all day.",
      "no_stop_in_room",
      "front hall",
    ],
    ["no hanging about in the workshop, the saws run all day long", "no_stop_in_room", "workshop"],
  ] as const) {
    it(`is a habit, and the rule lasts: ${m}`, async () => {
      const { rules, reply } = await taught(house, m);
      assert.equal(rules.length, 1, reply);
      assert.deepEqual(rules[0].requirement, { kind, room }, reply);
      assert.equal(rules[0].persistence, "persistent", reply);
    });
  }

  for (const m of [
    "keep out of the workshop, I'm going to be in and out of it all day",
    "no stopping in the front hall, the painters are in and out of it all day today",
    // a state, maybe today's, a day named, or a plan: one day, not a habit
    "don't stop in the front hall, my aunt is in there all day",
    "keep out of the workshop, the builders work in there all day tomorrow",
    "don't stop in the front hall, the movers were there all day",
  ])
    it(`said of one day, is kept no longer than this task: ${m}`, async () => {
      const { rules, reply } = await taught(house, m);
      assert.ok(
        rules.every((r) => r.persistence !== "persistent"),
        `${JSON.stringify(rules)} ${reply}`,
      );
    });

  it("withoutHabitualAllDay leaves text without a to-and-fro as it was", () => {
    assert.equal(withoutHabitualAllDay("she is in there all day"), "she is in there all day");
    assert.equal(withoutHabitualAllDay("people up and down all day long"), "people up and down");
    assert.equal(withoutHabitualAllDay("the cats sleep there all day"), "the cats sleep there");
    assert.equal(withoutHabitualAllDay("the cats are sleeping there all day"), "the cats are sleeping there all day");
  });
});
