/**
 * "to day", "to night", "to morrow" typed as two words are the days of speech they stand for,
 * except as the end of a span of time or a word of a room's name. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { taught } from "../rules/taught.ts";

const words = (s: string) => tokenize(s).map((t) => t.w);
const house = { rooms: ["study", "loft", "day room"], sceneId: "s1" };

describe("a day of speech typed as two words", () => {
  it("is one word", () => {
    assert.deepEqual(words("only for to day"), ["only", "for", "today"]);
    assert.deepEqual(words("to night, skip it"), ["tonight", ",", "skip", "it"]);
    assert.deepEqual(words("till to morrow"), ["until", "tomorrow"]);
  });

  it("stays two words at the end of a span or in a name", () => {
    assert.deepEqual(words("from dawn to night"), ["from", "dawn", "to", "night"]);
    assert.deepEqual(words("between 6 and 8 to day"), ["between", "6", "and", "8", "to", "day"]);
    assert.deepEqual(words("day to day"), ["day", "to", "day"]);
    assert.deepEqual(words("walk to day room"), ["walk", "to", "day", "room"]);
  });

  it("makes a ban said for to day a one-off, never a lasting rule", async () => {
    for (const m of ["Just for to day, stay out of the study please", "keep out of the loft to night only"]) {
      const { rules, reply } = await taught(house, m);
      assert.equal(rules.length, 0, `${m}: ${JSON.stringify(rules)} ${reply}`);
    }
  });
});
