/**
 * Twelve said with the name of its half of the day ("12 noon", "twelve midnight", "12 midday") is
 * that one clock point: its words read as the name alone, so a window that starts or ends there is
 * the window said with the name, and the token keeps the span of both words as typed. Phrasings
 * written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { findTimes, tokenize } from "../../src/language/index.ts";

const text = (s: string) =>
  tokenize(s)
    .map((t) => t.w)
    .join(" ");
const hours = (s: string) => findTimes(text(s)).map((t) => [t.from, t.to % 24]);

describe("twelve with the name of its half of the day", () => {
  it("reads as the name alone, at either end of a window", () => {
    for (const [long, short] of [
      ["keep clear of the pantry from 12 noon till 3", "keep clear of the pantry from noon till 3"],
      ["no attic between twelve midnight and five", "no attic between midnight and five"],
      ["the porch is off limits from 9 am up to 12 midday", "the porch is off limits from 9 am up to midday"],
    ])
      assert.equal(text(long), text(short), long);
    assert.deepEqual(hours("keep clear of the pantry from 12 noon till 3"), [[12, 15]]);
    assert.deepEqual(hours("no attic between twelve midnight and five"), [[0, 5]]);
  });

  it("spans both words it was typed as", () => {
    const s = "stay off the porch from 12 Noon to 4";
    const t = tokenize(s).find((x) => x.w === "noon");
    assert.equal(t && s.slice(t.start, t.end), "12 Noon");
  });

  it("is not joined to a number other than twelve", () => {
    assert.notEqual(text("from 8 noon to 3 stay out"), text("from noon to 3 stay out"));
    assert.notEqual(text("between 11 midnight and 5"), text("between midnight and 5"));
  });
});
