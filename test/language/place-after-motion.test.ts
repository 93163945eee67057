/**
 * The place a movement goes into, read back when it is no room of the house: it ends where the
 * hours or a word of when begin ("… my study from 9", "… the lofft any time"), and a room said
 * with whose it is keeps that word ("my den"), so the question back names what was said.
 * Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { placeAfterMotion } from "../../src/language/index.ts";

describe("the place after a verb of going", () => {
  it("ends before the hours or a word of when", () => {
    assert.equal(placeAfterMotion("never go in the lofft from 9 pm to 6 am"), "lofft");
    assert.equal(placeAfterMotion("you may walk into the snug any time now"), "snug");
    assert.equal(placeAfterMotion("do not come into the parlour between 1 and 3"), "parlour");
  });

  it("keeps whose room it is", () => {
    assert.equal(placeAfterMotion("no entering our room from midnight"), "our room");
    assert.equal(placeAfterMotion("u can go in my room anytime except sundays"), "my room");
  });
});
