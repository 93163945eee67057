/**
 * Rooms said in the house's own words: a possessive left out, "X room" for a label "X", an
 * initialism of a label of several words, a sound-alike misspelling; each only when exactly one
 * label fits, never an English word read as a room. Sentences and houses written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { matchRoom, soundKey } from "../../src/language/index.ts";

const house = [
  "grandpa's room",
  "twins' room",
  "pool house",
  "tool shed",
  "sewing nook",
  "laundry",
  "guest room",
  "garden room",
];
const m = (said: string, labels = house) => matchRoom(said.split(" "), labels, true)?.room;

describe("rooms in the house's own words", () => {
  it("reads a label with its possessive left out", () => {
    assert.equal(m("grandpa room"), "grandpas room");
    assert.equal(m("twin room"), "twins room");
  });

  it("reads 'X room' as a label 'X'", () => {
    assert.equal(m("laundry room"), "laundry");
  });

  it("reads an initialism of one label, never of two", () => {
    assert.equal(m("sn"), "sewing nook");
    assert.equal(m("ts"), "tool shed");
    // guest room and garden room are both "gr": not guessed
    assert.equal(m("gr"), undefined);
    // an English word is no initialism
    assert.equal(m("go", ["garden office"]), undefined);
  });

  it("reads a misspelling that sounds like one label", () => {
    assert.equal(m("tool shedd"), "tool shed");
    assert.equal(m("londry"), "laundry");
    assert.equal(soundKey("garage"), soundKey("garaj"));
    assert.notEqual(soundKey("garage"), soundKey("garden"));
  });
});

describe("a label said by the one word that tells it apart", () => {
  const chapel = ["music salon", "bell loft", "print gallery", "boot area", "kitchen", "master bedroom", "guest room"];
  const said = (s: string) => matchRoom(s.split(" "), chapel, true)?.room;

  it("reads a label's own head noun, said alone, as that label", () => {
    assert.equal(said("salon"), "music salon");
    assert.equal(said("loft after nine"), "bell loft");
    assert.equal(said("gallery"), "print gallery");
  });

  it("reads the qualifier of a label whose head is a word for any place", () => {
    assert.equal(said("boot"), "boot area");
  });

  it("never reads a head two labels share, a place word, or outside an expected room", () => {
    assert.equal(matchRoom(["loft"], ["bell loft", "hay loft"], true), undefined);
    assert.equal(matchRoom(["loft"], ["bell loft", "loft stairs"], true), undefined);
    assert.equal(said("area"), undefined);
    assert.equal(said("room"), undefined);
    assert.equal(matchRoom(["salon"], chapel, false), undefined);
  });
});
