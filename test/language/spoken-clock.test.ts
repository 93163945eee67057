/**
 * The 24-hour clock said aloud ("zero six hundred", "twenty-two hundred", "oh seven hundred
 * hours") is read as the clock time it says where a word of hours frames it; a count of a hundred
 * ("two hundred words", "six hundred") stays a count. And a part of the day said to come round
 * each day ("every night") beside hours within it narrows nothing more. Phrasings written for
 * this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { everyPartOfDay, findTimes, partHoldsWindows, tokenize } from "../../src/language/index.ts";

const hours = (s: string) =>
  findTimes(
    tokenize(s)
      .map((t) => t.w)
      .join(" "),
  ).map((t) => [t.from, t.to % 24]);

describe("the 24-hour clock said aloud", () => {
  it("reads the hour's digits said one by one, or one number word, before 'hundred'", () => {
    assert.deepEqual(hours("the loft is shut from two-one-hundred to zero-seven-hundred"), [[21, 7]]);
    assert.deepEqual(hours("no entry from twenty-three hundred until oh five hundred"), [[23, 5]]);
    assert.deepEqual(hours("closed between nineteen hundred and twenty-one hundred"), [[19, 21]]);
    assert.equal(hours("stay clear till six hundred hours")[0]?.[1], 6);
  });

  it("leaves a count of hundreds a count", () => {
    assert.deepEqual(hours("keep replies under two hundred words"), []);
    assert.deepEqual(hours("I told you six hundred times"), []);
    assert.deepEqual(hours("about twenty two hundred steps to the barn"), []);
    assert.deepEqual(hours("between two hundred to three hundred words"), []);
  });

  it("reads a range of two spoken hours with no word before its first", () => {
    assert.deepEqual(hours("revised hours two-one-hundred to zero-seven-hundred"), [[21, 7]]);
    assert.deepEqual(hours("new window nineteen hundred till oh seven hundred please"), [[19, 7]]);
  });
});

describe("a part of the day said to come round each day", () => {
  it("is that part's hours, and holds the clock hours within it", () => {
    assert.deepEqual(everyPartOfDay("each night of the week"), { from: 21, to: 6 });
    assert.equal(everyPartOfDay("every sunday"), undefined);
    assert.ok(partHoldsWindows("nightly", [{ from: 23, to: 4 }]));
    assert.ok(partHoldsWindows("every morning", [{ from: 7, to: 9 }]));
    assert.ok(!partHoldsWindows("every night", [{ from: 14, to: 16 }]));
    assert.ok(!partHoldsWindows("every night", []));
  });
});
