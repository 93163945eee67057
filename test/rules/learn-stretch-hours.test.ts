/**
 * A stretch of the day named by what is done in it, with the hours that say it right after
 * ("while I'm on shift, 7 to 3", "at dinner time (6-8)"), is those hours: one window, checked by
 * the clock, not a second condition only people can judge. Hours said beside a day ("on sundays,
 * 9 to 5") leave the day a condition. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["sewing room", "porch", "pantry"], sceneId: "s1" };
type Rule = Awaited<ReturnType<typeof taught>>["rules"][number];
const conds = (r: Rule) => r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind));

describe("a stretch of the day with its hours said beside it", () => {
  it("is those hours, and nothing more", async () => {
    for (const [m, want] of [
      ["From now on stay out of the sewing room during office hours, 8 to 4.", ["8-16"]],
      ["never go on the porch at dinner time (6-8)", ["18-20"]],
      ["Please always avoid the pantry over lunch, so 12 to 1.", ["12-13"]],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      assert.deepEqual(conds(rules[0]), [...want], m);
    }
  });

  it("leaves a day said beside the hours as a condition of its own", async () => {
    const { rules } = await taught(house, "From now on stay out of the porch on sundays, work hours 9 to 5.");
    assert.equal(rules.length, 1);
    assert.deepEqual(conds(rules[0]).sort(), ["9-17", "text"]);
  });
});
