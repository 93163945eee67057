/**
 * A greeting that opens a message ("good evening, sir") names a part of the day but says nothing
 * of when a rule holds; words of time after it ("good mornings only") are no greeting. Sentences
 * written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { greets } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "office"], sceneId: "s1" };

describe("a greeting that opens a message", () => {
  it("is no condition of the ban after it", async () => {
    const { rules } = await taught(house, "Good afternoon Mr Robot. Kindly keep away from the office.");
    assert.equal(rules.length, 1);
    assert.deepEqual(rules[0].conditions, []);
  });

  it("leaves the hours said in the ban itself", async () => {
    const { rules } = await taught(house, "Good evening po, no going in the pantry after 9 at night.");
    assert.deepEqual(
      rules.map((r) => r.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind))),
      [[[21, 6]]],
    );
  });

  it("is told from a part of the day said with a limit", () => {
    assert.equal(greets("good night, ma'am"), true);
    assert.equal(greets("good mornings only"), false);
    assert.equal(greets("good morning till noon"), false);
  });
});
