/**
 * A ban whose reason names a stretch of someone's day without its hours ("…, it's her piano
 * time") holds only then, and which hours those are was not said: the ban is asked back, never
 * kept at every hour. Beside clock hours the same part only names them; a reason of no stretch
 * ("it takes time") is a plain reason. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { namesActivitySpan } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "workshop", "music room", "library"], sceneId: "s1" };

describe("a reason naming a stretch of someone's day", () => {
  for (const message of [
    "Please don't go in the music room, it's her piano time.",
    "stay away from the den, those are my revision hours",
    "keep out of the workshop, that's his welding shift",
    "Avoid the library please, the kids have reading time.",
  ]) {
    it(`is asked, never kept all day: ${message}`, async () => {
      const { rules, reply } = await taught(house, message);
      const everyHour = rules.filter((r) => r.conditions.length === 0);
      assert.equal(everyHour.length, 0, `${JSON.stringify(rules)} ${reply}`);
      assert.match(reply, /hours|when/i, reply);
    });
  }

  it("beside clock hours only names them", async () => {
    const { rules, reply } = await taught(house, "Stay out of the den from 4 to 6 pm, that's my practice time.");
    assert.equal(rules.length, 1, reply);
    assert.deepEqual(
      rules[0].conditions.map((c) => c.kind),
      ["time"],
    );
  });

  it("is no stretch when it says how long something takes", async () => {
    const { rules, reply } = await taught(house, "Keep out of the workshop, it takes time to tidy.");
    assert.equal(rules.length, 1, reply);
    assert.deepEqual(rules[0].conditions, []);
  });
});

describe("namesActivitySpan", () => {
  it("reads an activity's hours, time, shift or session", () => {
    for (const t of ["those are his study hours", "it's bath time", "her night shift", "my yoga session"])
      assert.equal(namesActivitySpan(t), true, t);
  });
  it("reads no stretch in time said otherwise", () => {
    for (const t of ["this time only", "it's time to go", "it takes a long time", "every time you come", "for hours"])
      assert.equal(namesActivitySpan(t), false, t);
  });
});
