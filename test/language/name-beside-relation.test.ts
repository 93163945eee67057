/**
 * A name said first with the speaker's relation set beside it ("Priya, my cousin, sent me …") is
 * one subject: the fact keeps who gave the object and how they are related, instead of a
 * statement that is only a name, and a pronoun after it goes on about that person. Sentences
 * written for this test, none from a scenario set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { statementsFromInstruction } from "../../src/language/index.ts";

describe("a name with a relation beside it", () => {
  it("stays with the verb after it as one fact", () => {
    const s = statementsFromInstruction("Priya, my cousin, sent me this mug from Pune.", "mug");
    assert.ok(!s.includes("Priya"), JSON.stringify(s));
    assert.ok(
      s.some((t) => /^Priya, the user's cousin, sent them this mug from Pune/.test(t)),
      JSON.stringify(s),
    );
  });

  it("is the person a following he or she is", () => {
    const s = statementsFromInstruction(
      "Old Mick, our neighbour, lent me these boots. He wants them back by spring.",
      "shoes",
    );
    assert.ok(
      s.some((t) => /^the user's neighbour wants/.test(t)),
      JSON.stringify(s),
    );
  });
});
