/**
 * Which category a request asks for when it names more than one thing: the one its asking names
 * ("which …?" included), and none when the asking calls its object by a noun of no category.
 * Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { categoryAsked } from "../../src/language/index.ts";

describe("the object a request asks for", () => {
  it("is the one a question opening on 'which' names, not a thing worn in the sentence before", () => {
    assert.equal(categoryAsked("I'll walk to the market in my trainers. Which cap do I wear for that now?"), "hat");
    assert.equal(categoryAsked("Early train again tomorrow, laptop packed. Which mug goes with me these days?"), "mug");
  });

  it("is not named by a relative 'which' after another thing", () => {
    assert.equal(categoryAsked("Bring me the wallet, which my cousin sent from Accra"), "wallet");
  });

  it("is no category when the asking calls it by a noun of its own", () => {
    assert.equal(categoryAsked("Dad rang on his mobile about supper. Fetch the recipes Gran wrote out for me."), null);
    assert.equal(categoryAsked("The camera club meets at eight; find the letters my uncle left me"), null);
  });

  it("is a category said after such an asking, setting it right", () => {
    assert.equal(categoryAsked("Which scarf? No, I mean the cap with the badge on it"), "hat");
  });

  it("still takes a category the asking names beside a word that only stands for a thing", () => {
    assert.equal(categoryAsked("My phone is flat. Bring the present from Kofi, the little camera"), "camera");
    assert.equal(categoryAsked("Where's the one from my sister, the blue backpack?"), "backpack");
  });
});
