/**
 * A person's room said with the other word for it ("Nana's bedroom" in a house that labels it
 * "Nana's room", or the other way round) is that label, when the house has one such room of that
 * person's; never another of their rooms ("Nana's bedroom" is no "Nana's studio"), and never a
 * room of someone else; the same when whose room it is comes after "of" ("the room of my
 * uncle"). Names and sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { matchRoom, tokenize } from "../../src/language/index.ts";

const room = (said: string, house: string[]) =>
  matchRoom(
    tokenize(said).map((t) => t.w),
    house,
  )?.room;

describe("a person's room said with the other word for it", () => {
  it("is the house's label for that person's room", () => {
    assert.equal(room("nana's bedroom", ["kitchen", "Nana's room"]), "nanas room");
    assert.equal(room("Theo's room", ["Theo's bedroom", "study"]), "theos bedroom");
  });

  it("is never another room of theirs, nor someone else's room", () => {
    assert.notEqual(room("nana's bedroom", ["Nana's studio", "kitchen"]), "nanas studio");
    assert.notEqual(room("theo's bedroom", ["Nana's room", "study"]), "nanas room");
  });
});

describe("a person's room said with 'of'", () => {
  it("is the house's label for that person's room", () => {
    assert.equal(room("room of the grandmother", ["kitchen", "grandmother's room"]), "grandmothers room");
    assert.equal(room("study of my uncle", ["uncle's study", "hall"]), "uncles study");
    assert.equal(room("bedroom of Theo", ["Theo's room", "study"]), "theos room");
  });

  it("is not guessed where the house has no such room", () => {
    assert.equal(room("room of the house", ["kitchen", "grandmother's room"]), undefined);
    assert.notEqual(room("room of my aunt", ["Nana's room", "study"]), "nanas room");
  });
});
