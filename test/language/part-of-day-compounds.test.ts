/**
 * A part of the day said as a compound with "time" or without its article is the same hours as
 * the part of the day said the usual way; a part of the day that is no time of a rule ("the
 * night before") is none. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { findTimes } from "../../src/language/index.ts";

const hours = (s: string) => findTimes(s).map((t) => [t.from, t.to]);

describe("parts of the day as compounds", () => {
  it("reads each compound as its part of the day", () => {
    for (const [said, usual] of [
      ["keep away from the den at evening time", "keep away from the den in the evening"],
      ["no visits to the loft during morning time", "no visits to the loft in the morning"],
      ["not in the pantry when it is night-time", "not in the pantry at night"],
      ["skip the porch during afternoons", "skip the porch in the afternoon"],
    ])
      assert.deepEqual(hours(said), hours(usual), said);
  });

  it("a night named as a day before is no window", () => {
    assert.deepEqual(hours("you did it the night before"), []);
  });
});
