/**
 * Words other languages lend a request: an object's name in Spanish, French, Italian, Tagalog or Hindi
 * names its category, with or without accents, and a borrowed "now" says a change. A category said
 * only in a clause of what became of another thing constrains nothing. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { categoryAsked, categoryNamed, saysChange } from "../../src/language/index.ts";

describe("a borrowed name of an object", () => {
  it("names its category", () => {
    assert.equal(categoryNamed("où sont mes lunettes de lecture?"), "eyeglasses");
    assert.equal(categoryNamed("el reloj que me regaló mi papá"), "watch");
    assert.equal(categoryAsked("find the orologio from my nonno"), "watch");
    assert.equal(categoryNamed("yung sapatos ko na pang-basketball"), "shoes");
    assert.equal(categoryAsked("mera chashma kahan hai, the one for the computer"), "eyeglasses");
    assert.equal(categoryNamed("nani ki ghadi, the gold one"), "watch");
  });

  it("is the same word with its accents or without", () => {
    assert.equal(categoryNamed("mis audífonos blancos"), "headphones");
    assert.equal(categoryNamed("mis audifonos blancos"), "headphones");
  });

  it("does not take an English word spelt like one", () => {
    assert.equal(categoryNamed("the portable speaker in the den"), null);
  });
});

describe("a borrowed 'now'", () => {
  it("says a change", () => {
    assert.ok(saysChange("the cup I drink from ahora"));
    assert.ok(saysChange("the jacket I wear maintenant"));
    assert.ok(saysChange("the bottle I take to yoga aajkal"));
    assert.ok(!saysChange("the cup my aunt gave me"));
  });
});

describe("a category named only in what became of another thing", () => {
  it("is not the one asked for", () => {
    assert.equal(categoryAsked("the one I carry to the pool now, ever since my old bag ripped"), null);
    assert.equal(categoryAsked("what do I wear for runs now that my watch is broken?"), null);
    assert.equal(categoryAsked("the mug I use these days, since the old one chipped"), "mug");
  });
});
