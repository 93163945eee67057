/** A subordinate clause in the present progressive tells what goes on at a time said beside it. Phrasings written for this test. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tellsWhatGoesOn } from "../../src/language/index.ts";

describe("tellsWhatGoesOn", () => {
  it("reads a subordinator whose clause is be + -ing, the auxiliary whole or cut short", () => {
    for (const c of ["while the twins are sleeping", "when my uncle is repairing the bike", "when we 're eating"])
      assert.equal(tellsWhatGoesOn(c), true, c);
  });

  it("does not read a state, a past, a condition or a clause with no subordinator", () => {
    for (const c of ["when I 'm home", "when she was cooking", "the twins are sleeping", "if it is raining hard"])
      assert.equal(tellsWhatGoesOn(c), false, c);
  });
});
