/**
 * A category's name typed with one slip still names the category, so a request with a typo is
 * not grounded on an object of another category; a word of its own, a name written with a
 * capital and a word whose end differs are left as typed. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { categoryAsked, categoryNamed } from "../../src/language/index.ts";

describe("a category name typed with one slip", () => {
  it("names the category: a letter left out, doubled, changed, or two swapped", () => {
    assert.equal(categoryAsked("can u fetch the walet I left by the bread bin"), "wallet");
    assert.equal(categoryAsked("where did the heaadphones go, the ones for the gym?"), "headphones");
    assert.equal(categoryAsked("bring the lpatop I use for the school run emails"), "laptop");
    assert.equal(categoryAsked("find me the backpakc with the broken zip"), "backpack");
    assert.equal(categoryAsked("which umbrela? no, the spectacels for reading"), "eyeglasses");
  });

  it("reads a plural -es name and a name with its h dropped", () => {
    assert.equal(categoryNamed("two watches on the shelf, the gold one is mine"), "watch");
    assert.equal(categoryNamed("me 'eadphones for the bus"), "headphones");
  });

  it("leaves real words, capitalised names and changed endings as typed", () => {
    // "watcher" and "booking" are words of their own, near a name or not
    assert.equal(categoryNamed("the bird watcher next door left his booking form"), null);
    // a name written with a capital is a person's, however near a category's name
    assert.equal(categoryNamed("Kelly lent it to me when we moved"), null);
    // a slip at a word's end is another word as often as not
    assert.equal(categoryNamed("he drags it everywhere, traine partout"), null);
  });
});
