/**
 * A thing named by its kind rather than its category's own word still names the category: a
 * request for "the hymnal" or "the Quran my aunt sent" asks for a book, so grounding holds it to
 * books; "a stetson" is a hat, "the teacup" a mug. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { categoryAsked } from "../../src/language/index.ts";

describe("an object named by its kind", () => {
  it("names books by what they hold", () => {
    assert.equal(categoryAsked("bring me the Quran my aunt sent from Lahore"), "book");
    assert.equal(categoryAsked("where's the old hymnal, the one with the cracked spine?"), "book");
    assert.equal(categoryAsked("fetch the road atlas for the trip north"), "book");
    assert.equal(categoryAsked("the scrapbook of the kids' drawings, please"), "book");
  });

  it("names hats, mugs, shoes, cameras and watches by their kinds", () => {
    assert.equal(categoryAsked("grab the stetson Dad wore to the rodeo"), "hat");
    assert.equal(categoryAsked("the flowery teacup from Nana, could you find it"), "mug");
    assert.equal(categoryAsked("my brogues for the wedding, where are they"), "shoes");
    assert.equal(categoryAsked("can you find the polaroid from the beach house"), "camera");
    assert.equal(categoryAsked("Grandpa's timepiece, the gold one, where did it go"), "watch");
  });

  it("still names nothing when no kind of thing is said", () => {
    assert.equal(categoryAsked("the thing Ana gave me for my birthday, find it"), null);
  });
});
