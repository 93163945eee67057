/**
 * A part of the day said with "at the" ("at the mornings", "at the afternoons"), as speakers of
 * other languages say it, is the same window as "in the afternoon": the hours are checked, never
 * left as a text condition. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { findTimes } from "../../src/language/index.ts";

const window = (s: string) => findTimes(s).map((t) => `${t.from}-${t.to}`);

describe("at the part of the day", () => {
  it("is the window in the part of the day is", () => {
    for (const part of ["morning", "afternoon", "evening"])
      assert.deepEqual(
        window(`do not enter the den at the ${part}`),
        window(`do not enter the den in the ${part}`),
        part,
      );
    assert.deepEqual(window("please no kitchen at the evenings"), window("please no kitchen in the evenings"));
  });
});
