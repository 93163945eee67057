/**
 * Where a request's descriptions part (src/language/clauses.ts): an "and" joins two descriptions
 * only when a clause follows it; an "and" inside a noun phrase, between a person and the speaker,
 * or a "who" clause about people stays inside one description. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { descriptiveClauses } from "../../src/language/index.ts";

describe("an and inside one description", () => {
  it("nouns and adjectives joined by and stay in one part", () => {
    assert.deepEqual(descriptiveClauses("the lamp that came with the balloons and streamers last spring"), [
      "came with the balloons and streamers last spring",
    ]);
    assert.deepEqual(descriptiveClauses("the scarf I wear in June and September, the one my aunt knitted"), [
      "the scarf I wear in June and September",
      "the one my aunt knitted",
    ]);
    assert.equal(descriptiveClauses("the coat for when it is wet and windy out").length, 1);
  });

  it("a person and the speaker are one subject", () => {
    assert.equal(descriptiveClauses("the clock from the week Priya and I moved in").length, 1);
    assert.equal(descriptiveClauses("the rug Ola and I both walk on").length, 1);
  });

  it("a clause after and, or after a place, still starts a description", () => {
    assert.deepEqual(descriptiveClauses("the jug I bought in Porto and I pour lemonade from in July"), [
      "the jug I bought in Porto",
      "I pour lemonade from in July",
    ]);
    assert.deepEqual(descriptiveClauses("the radio that came from my old pal and I play in the shed"), [
      "came from my old pal",
      "I play in the shed",
    ]);
  });

  it("who opens a clause about people, not a new description of the object", () => {
    assert.deepEqual(descriptiveClauses("the blanket for cousins who sleep over, the one that lives at the lake"), [
      "the blanket for cousins who sleep over",
      "lives at the lake",
    ]);
  });
});
