/**
 * Hours said the long way reach the rule as a checked window, never as words kept beside it: "the
 * hours of", hours in words, "when is night" with its subject left out, and the same hours said
 * twice (a speaker checking them aloud) are one window; a revision's bare hours joined by "till"
 * are its new window. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Condition } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["loft", "attic", "garage", "study", "pantry"], sceneId: "s1" };
const windows = (cs: Condition[]) => cs.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour % 24] : c.kind));

describe("hours said the long way", () => {
  it("'between the hours of' in words is the window, and nothing else is kept", async () => {
    const { rules } = await taught(house, "Between the hours of ten p.m. and six a.m. the loft is off limits.");
    assert.equal(rules.length, 1);
    assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room: "loft" });
    assert.deepEqual(windows(rules[0].conditions), [[22, 6]]);
  });

  it("'weeknights' puts bare hours of the clock in the evening, as 'nights' does", async () => {
    for (const [m, from, to] of [
      ["on weeknights between 7 and 9 stay out of the study", 19, 21],
      ["keep out of the pantry week-nights from 9 till 11", 21, 23],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.ok(
        rules[0].conditions.some((c) => c.kind === "time" && c.fromHour === from && c.toHour % 24 === to),
        `${m}: ${JSON.stringify(rules[0].conditions)}`,
      );
    }
  });

  it("a part of the day with its subject left out is its window", async () => {
    const { rules } = await taught(house, "Please no go in attic when is night.");
    assert.deepEqual(windows(rules[0].conditions), [[21, 6]]);
  });

  it("the same hours said again are one window, not a condition in words", async () => {
    for (const m of [
      "from 8 till, um, 10? yes 8 till 10 at night, keep out of the study",
      "keep out of the study from 8 till 10 pm, so yes from 8 till 10 pm",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      assert.deepEqual(windows(rules[0].conditions), [[20, 22]], m);
    }
  });

  it("a revision's two bare hours joined by 'till' are its new window", async () => {
    const { rules } = await taught(house, "Keep out of the pantry between 2 and 4.", "Make that 3 till 5 from now on.");
    assert.equal(rules.length, 1);
    assert.deepEqual(windows(rules[0].conditions), [[15, 17]]);
  });
});
