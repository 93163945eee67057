/**
 * New hours for a rule named by its room, when that room's rule holds all day: the one rule named
 * gets the hours, which narrows it; the room may be said before a colon, the hours after it. With
 * two rules and no room said, or one end moved on a rule with no hours, it is asked and nothing
 * changes. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["cellar", "pantry", "sewing room"], sceneId: "s1" };
const hours = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => ({
    room: (r.requirement as { room?: string }).room,
    times: r.conditions.flatMap((c) => (c.kind === "time" ? [`${c.fromHour}-${c.toHour}`] : [])),
  }));

describe("new hours for a rule that holds all day", () => {
  it("narrows the one rule named to them", async () => {
    for (const [first, m, want] of [
      ["Keep out of the cellar.", "switch the cellar ban to 9pm to 5am", "21-5"],
      ["never enter the sewing room", "Revise the sewing room restriction: new hours 13:00 to 16:00.", "13-16"],
      ["The pantry is off limits.", "pantry - new times 23:00-04:00", "23-4"],
    ] as const) {
      const { rules } = await taught(house, first, m);
      assert.equal(rules.length, 1, m);
      assert.deepEqual(hours(rules)[0].times, [want], `${m}: ${JSON.stringify(hours(rules))}`);
    }
  });

  it("asks when no one rule is named, and moves no end of a rule without hours", async () => {
    const two = await taught(house, "Keep out of the cellar.", "Keep out of the pantry.", "new times: 22:00 to 06:00");
    assert.deepEqual(
      hours(two.rules).map((h) => h.times),
      [[], []],
    );
    assert.ok(two.reply.includes("?"), two.reply);
    const end = await taught(house, "Keep out of the cellar.", "the cellar ban should start at 9pm");
    assert.deepEqual(hours(end.rules)[0].times, []);
    assert.ok(end.reply.includes("?"), end.reply);
  });
});
