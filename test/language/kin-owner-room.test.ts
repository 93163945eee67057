/**
 * A person's room said by the owner's relation ("the grandmother's room", "the room of my uncle")
 * in a house that labels it with a kin word of another language for that relation ("Oma's room",
 * "Tío's room"): that label, when the house has one room of that relation; never when it has two,
 * and never a room of another relation, nor of the other sex. Names and sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { matchRoom, tokenize } from "../../src/language/index.ts";

const room = (said: string, house: string[]) =>
  matchRoom(
    tokenize(said).map((t) => t.w),
    house,
  )?.room;

describe("a person's room said by the owner's relation", () => {
  it("is the house's one room of that relation, in its own kin word", () => {
    assert.equal(room("grandmother's room", ["kitchen", "Oma's room", "Lena's room"]), "omas room");
    assert.equal(room("room of my uncle", ["Tío's room", "hall"]), "tíos room");
    assert.equal(room("grandpas room", ["Abuelo's room", "den"]), "abuelos room");
  });

  it("is not guessed where the house has two rooms of that relation, or none", () => {
    assert.equal(room("grandmother's room", ["Oma's room", "Nonna's room"]), undefined);
    assert.equal(room("grandmother's room", ["Tío's room", "kitchen"]), undefined);
    assert.equal(room("uncle's room", ["Lena's room", "kitchen"]), undefined);
  });

  it("is never a room of the other sex's relation", () => {
    assert.equal(room("grandfather's room", ["Oma's room", "den"]), undefined);
    assert.equal(room("the boys' room", ["girls' room", "Max's room"]), undefined);
    assert.equal(room("grandfather's room", ["Opa's room", "Oma's room"]), "opas room");
  });
});
