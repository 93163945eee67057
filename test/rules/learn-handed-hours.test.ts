/**
 * A word of approximation alone before two ends of the clock ("…in the evenings, say 6 to 9",
 * "…at night, roughly 11 to 5") hands the time said before it to those hours: the part is the
 * act's hours, never an act of telling of its own, and the part of the day gives the bare ends
 * their half. Without anything to say their half ("…, say 1 to 3" alone) the ends are asked, never
 * dropped. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { roomsAndHours, taught } from "./taught.ts";

const house = { rooms: ["sunroom", "workshop", "landing", "den"], sceneId: "s1" };

describe("hours handed to by a word of approximation", () => {
  it("narrow the part of the day said before them", async () => {
    for (const [m, room, when] of [
      ["keep off the sunroom in the evenings, say 6 to 9", "sunroom", "18-21"],
      ["Please avoid the landing at night, roughly 11 to 5.", "landing", "23-5"],
      ["mornings, say 7 to 10, the workshop is off limits", "workshop", "7-10"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(roomsAndHours(rules), [{ room, when: [when] }], m);
    }
  });

  it("with nothing to place them in the day, are asked", async () => {
    const { rules, reply } = await taught(house, "stay out of the den, say 1 to 3");
    assert.deepEqual(rules, []);
    assert.match(reply, /\?/);
  });

  it("'say' before a count of words is still a reply's length", async () => {
    const { rules } = await taught(house, "just say 6 to 10 words");
    assert.equal(rules[0]?.requirement.kind, "word_limit");
  });
});
