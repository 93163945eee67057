/**
 * An hour said as the end of a window with no start: one of the morning ("until 10 am") runs from
 * midnight, as said; noon itself ("before noon", "until midday") is what people say of the
 * morning, 6 to 12, the narrower reading; a part of the day named beside an end narrows it; an
 * end in the afternoon runs from noon. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { findTimes } from "../../src/language/index.ts";

const hours = (s: string) => findTimes(s).map((t) => [t.from, t.to % 24]);

describe("an hour said as an end", () => {
  it("noon as the end is the morning, never the small hours too", () => {
    for (const s of [
      "no vacuuming in the nursery before noon",
      "the study is off limits until midday",
      "keep away from the den till 12 noon, please",
      "hold off on the laundry room prior to noon",
    ])
      assert.deepEqual(hours(s), [[6, 12]], s);
  });

  it("an hour of the morning as the end runs from midnight, as said", () => {
    assert.deepEqual(hours("stay clear of the porch until 10 am"), [[0, 10]]);
  });

  it("a part of the day keeps its hours, and narrows an end said within it", () => {
    assert.deepEqual(hours("skip the cellar in the morning"), [[6, 12]]);
    assert.deepEqual(hours("skip the cellar in the morning before 10"), [[6, 10]]);
  });

  it("an end at or before the morning's start is one window from midnight, never the morning too", () => {
    assert.deepEqual(hours("in the morning, before 5 o'clock, the attic is off limits"), [[0, 5]]);
    assert.deepEqual(hours("mornings before six keep out of the pantry"), [[0, 6]]);
  });

  it("an end in the afternoon or evening still runs from noon", () => {
    assert.deepEqual(hours("leave the garden shed alone until 4 pm"), [[12, 16]]);
  });

  it("twelve said of the morning closes it at noon; midnight is twelve at night", () => {
    assert.deepEqual(hours("the sunroom is free from 10 to 12 in the morning"), [[10, 12]]);
    assert.deepEqual(hours("no hoovering between 9 and twelve in the morning"), [[9, 12]]);
    assert.deepEqual(hours("keep out from 12 at night to 6 in the morning"), [[0, 6]]);
  });

  it("twelve to an hour by five is lunch and the afternoon; to six or later, the small hours", () => {
    assert.deepEqual(hours("no hoovering in the nursery from 12 to 3"), [[12, 15]]);
    assert.deepEqual(hours("the study is off limits between 12 and 2"), [[12, 14]]);
    assert.deepEqual(hours("keep out of the landing from 12 to 6"), [[0, 6]]);
  });
});
