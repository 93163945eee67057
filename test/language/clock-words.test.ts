/**
 * Hours said the long way read as the same window as the short way: "the hours of" between
 * "between" and the first hour, minutes in words ("ten thirty", "half past nine", "a quarter to
 * seven", dropped as they are from "10:30"), two bare hours joined by "till", and a part of the
 * day said with its subject left out ("when is night"). Two bare numbers joined by "to" stay no
 * time. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { findTimes } from "../../src/language/index.ts";

const hours = (s: string) => findTimes(s).map((t) => [t.from, t.to % 24]);
const WORDS = "one two three four five six seven eight nine ten eleven twelve".split(" ");

describe("hours said the long way", () => {
  it("'between the hours of' is 'between'", () => {
    for (const [long, short] of [
      ["keep out of the loft between the hours of ten pm and six am", "keep out of the loft between 10 pm and 6 am"],
      ["no cellar between the hours of 9 and 5", "no cellar between 9 and 5"],
      ["from the hours of seven in the evening till midnight", "from seven in the evening till midnight"],
    ])
      assert.deepEqual(hours(long), hours(short), long);
    assert.deepEqual(hours("between the hours of ten pm and six am"), [[22, 6]]);
  });

  it("hours in words with am/pm are the hours in digits, for every pair", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        fc.boolean(),
        (a, b, pa, pb) => {
          const ap = (p: boolean) => (p ? "pm" : "am");
          if (a === b && pa === pb) return;
          const words = `stay out between the hours of ${WORDS[a - 1]} ${ap(pa)} and ${WORDS[b - 1]} ${ap(pb)}`;
          const digits = `stay out between ${a} ${ap(pa)} and ${b} ${ap(pb)}`;
          assert.deepEqual(hours(words), hours(digits), words);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("minutes in words are dropped as the digits' minutes are, never read as another hour", () => {
    for (const [long, short] of [
      ["after ten thirty at night", "after 10:30 at night"],
      ["from nine fifteen pm to five am", "from 9:15 pm to 5 am"],
      ["between half past eight and eleven pm", "between 8:30 and 11 pm"],
      ["until a quarter to seven in the morning", "until 6:45 in the morning"],
      ["after a quarter past ten pm", "after 10:15 pm"],
    ])
      assert.deepEqual(hours(long), hours(short), long);
    // the minutes never leave the hour they belong to as a bare "past nine" or "after ten" of its own
    assert.deepEqual(hours("between half past nine and eleven pm"), [[21, 23]]);
    assert.deepEqual(hours("from ten thirty pm to six am"), [[22, 6]]);
  });

  it("two bare hours joined by 'till' are a window, as after 'from'; joined by 'to' they are not", () => {
    for (const [bare, from] of [
      ["keep out of the pantry 3 till 5", "keep out of the pantry from 3 till 5"],
      ["the study 9 till 11 at night", "the study from 9 till 11 at night"],
      ["12 until 6 stay out", "from 12 until 6 stay out"],
    ])
      assert.deepEqual(hours(bare), hours(from), bare);
    assert.deepEqual(hours("keep out of the pantry 3 till 5"), [[15, 17]]);
    assert.deepEqual(hours("keep replies to 3 to 5 sentences"), []);
    assert.deepEqual(hours("it took 2 to 3 tries"), []);
  });

  it("a part of the day with its subject left out is that part of the day", () => {
    for (const [said, usual] of [
      ["not go in the loft when is night", "not go in the loft at night"],
      ["no cellar while is dark", "no cellar at night"],
      ["stay out of the den when it is morning", "stay out of the den in the morning"],
      ["no study whenever is evening", "no study in the evening"],
    ])
      assert.deepEqual(hours(said), hours(usual), said);
    assert.deepEqual(hours("when is the plumber coming"), []);
  });
});
