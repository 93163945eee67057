/**
 * A phrase of purpose, place or occasion said before the clause's subject ("so these days for
 * the night shift I grab the black backpack"): the same fact as the phrase said after the
 * clause's object, and written so, with the time word that marks a change kept in front.
 * Sentences written for this test, none from a scenario set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { statementsFromInstruction } from "../../src/language/index.ts";

describe("a phrase said before the subject", () => {
  it("of purpose, after a time word", () => {
    const s = statementsFromInstruction("so these days for the night shift I grab the black backpack", "backpack");
    assert.ok(
      s.some((t) => /^these days the user grabs .*backpack for the night shift/.test(t)),
      JSON.stringify(s),
    );
  });

  it("of place", () => {
    const s = statementsFromInstruction("in the greenhouse I wear the wide hat now", "hat");
    assert.ok(
      s.some((t) => /^the user wears .*hat now in the greenhouse/.test(t)),
      JSON.stringify(s),
    );
  });

  it("of occasion, with a gerund in it", () => {
    const s = statementsFromInstruction("for sketching outdoors I bring the spiral book", "book");
    assert.ok(
      s.some((t) => /^the user brings .*book for sketching outdoors/.test(t)),
      JSON.stringify(s),
    );
  });

  it('"so now …" opens a clause of its own after a comma', () => {
    const s = statementsFromInstruction("the lid cracked, so now at the office I sip from the white mug", "mug");
    assert.ok(
      s.some((t) => /^now the user sips from .*mug at the office/.test(t)),
      JSON.stringify(s),
    );
  });
});
