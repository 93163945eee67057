/**
 * A category's name written as two words ("head phones", "back pack", "sun glasses") names that
 * category, not the one its second word names alone. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { categoryAsked, categoryNamed } from "../../src/language/index.ts";

describe("a compound written apart", () => {
  it("names the category the joined word names", () => {
    assert.equal(categoryNamed("grab my head phones off the hook"), "headphones");
    assert.equal(categoryNamed("the green back pack with the torn strap"), "backpack");
    assert.equal(categoryAsked("where are the sun glasses I wear driving?"), "eyeglasses");
  });

  it("leaves words that join into no name as they are", () => {
    assert.equal(categoryNamed("my phones are both charging"), "cellphone");
    assert.equal(categoryNamed("the book with the back cover torn"), "book");
  });
});
