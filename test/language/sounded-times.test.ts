/**
 * Time words written as they sound (speech-to-text, phonetic typing) are read as the time words
 * only where a time is the one reading: a number's sound-alike between the ends of a range or
 * right before a part of the day, a part of the day after "at" or "in the". Sentences written for
 * this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";

const words = (s: string) => tokenize(s).map((t) => t.w);

describe("time words written as they sound", () => {
  it("reads a number's sound-alike in a range or before a part of the day", () => {
    assert.deepEqual(
      words("from ate in the mourning till won in the after noon").join(" "),
      "from eight in the morning until one in the afternoon",
    );
    assert.deepEqual(words("between for and six").join(" "), "between four and six");
    assert.deepEqual(words("not after too pm").join(" "), "not after two pm");
    assert.deepEqual(words("until ten at knight").join(" "), "until ten at night");
  });

  it("keeps the word as typed anywhere else", () => {
    for (const s of [
      "go to the den for a while",
      "we ate at six",
      "walk from the hall to the kitchen",
      "the knight on the board",
      "after noon is fine",
      "a time of mourning",
    ])
      assert.deepEqual(words(s).join(" "), s);
  });

  it("keeps the user's characters under a word read as another", () => {
    const text = "till won in the after noon";
    const t = tokenize(text).find((x) => x.w === "afternoon");
    assert.equal(text.slice(t?.start, t?.end), "after noon");
  });
});
