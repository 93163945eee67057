/**
 * A room read by its parts: a head concept said in another variety's word, picking words in any
 * order, an owner, a label shortened or its letters spoken. A mention names a label only when
 * exactly one label is compatible; two, or a picking word no label has, name none. Houses and
 * phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { roomByParts, shortenedLabel } from "../../src/language/index.ts";

const nairobi = [
  "sitting room",
  "prayer room",
  "upstairs bathroom",
  "downstairs toilet",
  "back passage",
  "Mama's room",
  "master bedroom",
  "guest bedroom",
  "store",
  "office",
];

describe("a room read by its parts", () => {
  it("reads another variety's word for the one room of that kind", () => {
    assert.equal(roomByParts("the puja room", nairobi), "prayer room");
    assert.equal(roomByParts("chapel", nairobi), "prayer room");
    assert.equal(roomByParts("the lounge", nairobi), "sitting room");
    assert.equal(roomByParts("godown", nairobi), "store");
  });

  it("reads picking words before or after the head, and their other words", () => {
    assert.equal(roomByParts("the loo upstairs", nairobi), "upstairs bathroom");
    assert.equal(roomByParts("lavatory on the ground floor", nairobi), "downstairs toilet");
    assert.equal(roomByParts("the corridor at the rear", nairobi), "back passage");
    assert.equal(roomByParts("the primary bedroom", nairobi), "master bedroom");
  });

  it("reads whose room it is", () => {
    assert.equal(roomByParts("Mama's bedroom", nairobi), "Mama's room");
    assert.equal(roomByParts("Baba's bedroom", nairobi), undefined);
  });

  it("never picks one of two compatible rooms", () => {
    assert.equal(roomByParts("the loo", nairobi), undefined);
    assert.equal(roomByParts("the bedroom", nairobi), undefined);
    // a sitting room in India, a passage in Britain: this house has both
    assert.equal(roomByParts("the hall", nairobi), undefined);
  });

  it("names nothing with a picking word no label has, or a different kind of room", () => {
    assert.equal(roomByParts("the side bathroom", nairobi), undefined);
    assert.equal(roomByParts("the small lounge", nairobi), undefined);
    assert.equal(roomByParts("the study", nairobi), undefined);
    assert.equal(roomByParts("the kitchen", nairobi), undefined);
  });

  it("reads a word of two kinds where the house has one room of them", () => {
    assert.equal(roomByParts("the hall", ["drawing room", "kitchen", "verandah"]), "drawing room");
    assert.equal(roomByParts("the hall", ["hallway", "kitchen", "snug"]), "hallway");
  });

  it("reads letters spoken as they sound", () => {
    assert.equal(roomByParts("tee vee room", ["TV room", "lounge"]), "TV room");
  });

  it("reads a label shortened word by word, only one", () => {
    const house = ["guest bedroom", "master bathroom", "master bedroom", "kitchen"];
    assert.deepEqual(shortenedLabel(["guest", "bed", "after"], house), { room: "guest bedroom", words: 2 });
    assert.deepEqual(shortenedLabel(["master", "bath"], house), { room: "master bathroom", words: 2 });
    assert.equal(shortenedLabel(["mas", "b"], house), undefined);
    assert.equal(shortenedLabel(["guest", "bedroom"], house), undefined);
  });
});
