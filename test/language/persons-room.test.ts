/**
 * A person's room said with the other word for it ("Nana's bedroom" in a house that labels it
 * "Nana's room", or the other way round) is that label, when the house has one such room of that
 * person's; never another of their rooms ("Nana's bedroom" is no "Nana's studio"), and never a
 * room of someone else. Names and sentences written for this test.
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
