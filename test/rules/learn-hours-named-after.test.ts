/**
 * A part after a ban that says what its hours are ("…, those are my office hours") says why, not
 * when: the ban keeps its clock hours and no condition of its own words. With no hours said
 * before it points at none and stays a condition to ask about. "late" after a possessive names a
 * person ("my late father's desk"), no time. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["study", "music room", "attic"], sceneId: "s1" };

describe("a part naming the hours said before it", () => {
  it("leaves the ban at its clock hours only", async () => {
    const { rules, reply } = await taught(
      house,
      "Stay out of the study between 10 am and 2 pm please, those are my office hours.",
    );
    assert.equal(rules.length, 1, reply);
    assert.deepEqual(
      rules[0].conditions.map((c) => c.kind),
      ["time"],
      JSON.stringify(rules[0].conditions),
    );
  });

  it("is no reason where no hours were said", async () => {
    const { rules, reply } = await taught(house, "Keep away from the attic, those are my quiet hours.");
    const everyHour = rules.filter((r) => r.conditions.length === 0);
    assert.equal(everyHour.length, 0, `${JSON.stringify(rules)} ${reply}`);
  });
});

describe("late after a possessive", () => {
  it("is no condition of the ban", async () => {
    const { rules, reply } = await taught(house, "Never go into the study, where my late father's desk still is.");
    assert.equal(rules.length, 1, reply);
    assert.deepEqual(rules[0].conditions, []);
  });
});
