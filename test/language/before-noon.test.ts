/**
 * An hour said as the end of a window with no start ("before noon", "until 11 am") runs from
 * midnight: what was said, where a named part of the day ("in the morning") keeps its own hours
 * (6 to 12), and a part of the day named beside it narrows it. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { findTimes } from "../../src/language/index.ts";

const hours = (s: string) => findTimes(s).map((t) => [t.from, t.to % 24]);

describe("an hour up to noon said as an end", () => {
  it("runs from midnight, as said", () => {
    for (const s of [
      "no vacuuming in the nursery before noon",
      "the study is off limits until midday",
      "keep away from the den till 12 noon, please",
      "hold off on the laundry room prior to noon",
    ])
      assert.deepEqual(hours(s), [[0, 12]], s);
    assert.deepEqual(hours("stay clear of the porch until 10 am"), [[0, 10]]);
  });

  it("a part of the day keeps its hours, and narrows an end said within it", () => {
    assert.deepEqual(hours("skip the cellar in the morning"), [[6, 12]]);
    assert.deepEqual(hours("skip the cellar in the morning before 10"), [[6, 10]]);
  });

  it("an end in the afternoon or evening still runs from noon", () => {
    assert.deepEqual(hours("leave the garden shed alone until 4 pm"), [[12, 16]]);
  });
});
