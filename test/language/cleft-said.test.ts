/**
 * An it-cleft ("it's the plaid cap I put on for the match now"): the phrase it focuses is the
 * object of the clause after it, so the fact is the clause with that object ("the user puts this
 * hat on for the match now"), and the words before its name describe its looks. Sentences written
 * for this test, none from a scenario set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { statementsFromInstruction } from "../../src/language/index.ts";

describe("an it-cleft", () => {
  it("without a relative word is the clause with the object in it", () => {
    const s = statementsFromInstruction("it's the plaid hat I put on for the match now", "hat");
    assert.ok(s.includes("the hat is plaid"), JSON.stringify(s));
    assert.ok(
      s.some((t) => /^the user (?:puts this hat on|put on this hat) for the match now/.test(t)),
      JSON.stringify(s),
    );
  });

  it("with a preposition left at the gap, before a time word", () => {
    const s = statementsFromInstruction("honestly it's the chipped mug we eat soup from these days", "mug");
    assert.ok(
      s.some((t) => /the user eats soup from this mug these days/.test(t)),
      JSON.stringify(s),
    );
  });

  it('"now it is …" keeps the change', () => {
    const s = statementsFromInstruction("now it's the canvas bag I haul to the market", "bag");
    assert.ok(
      s.some((t) => /now/.test(t) && /hauls this bag to the market/.test(t)),
      JSON.stringify(s),
    );
    assert.ok(!s.some((t) => /^the bag is the canvas bag/.test(t)), JSON.stringify(s));
  });

  it("an aside of thinking is no cleft", () => {
    const s = statementsFromInstruction("it's the blue ball I think", "ball");
    assert.ok(!s.some((t) => /the one the user think/.test(t)), JSON.stringify(s));
  });
});
