/**
 * A verb followed by a preposition whose noun phrase names the object ("moved over to the green
 * flask", "changed to the tall one") leaves no gap for the object: the statement keeps the words
 * as said, not "moved this bottle over to …". Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { statementsFromInstruction } from "../../src/language/index.ts";

describe("an object named after the preposition", () => {
  it("is not said again after the verb", () => {
    const s = statementsFromInstruction("I changed to the grey rucksack for cycling to the depot.", "backpack");
    assert.ok(
      s.some((x) => /^the user changed to the grey rucksack\b/.test(x)),
      JSON.stringify(s),
    );
    assert.ok(!s.some((x) => /changed this backpack/.test(x)), JSON.stringify(s));
  });

  it("leaves a gap the object fills when no phrase names it", () => {
    const s = statementsFromInstruction("I rely on it during the night shift.", "watch");
    assert.ok(
      s.some((x) => /this watch/.test(x)),
      JSON.stringify(s),
    );
  });
});
