/**
 * Informal spellings are spelt out once, for the extractor and for retrieval alike: a dropped g
 * with its apostrophe, "em" for "them", and "me" where only a possessive can stand. Phrasings
 * written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { conceptsIn, glossed, respelled, saysChange, statementsFromInstruction } from "../../src/language/index.ts";

describe("informal spellings", () => {
  it("a dropped g marked by an apostrophe is the -ing word", () => {
    assert.equal(respelled("my flask for the mornin' shift"), "my flask for the morning shift");
    assert.equal(respelled("nothin' fancy, just somethin' for walkin'"), "nothing fancy, just something for walking");
    // without the apostrophe, -in ends words of its own; a quoted word keeps its quotes
    assert.equal(respelled("the robin by the cabin"), "the robin by the cabin");
    assert.equal(respelled("the word 'Latin' on it"), "the word 'Latin' on it");
  });

  it("'em' is 'them'; Em capitalised is a name", () => {
    assert.equal(respelled("I lace 'em up for football"), "I lace them up for football");
    assert.equal(respelled("grab em before school"), "grab them before school");
    assert.equal(respelled("Em lent it to me"), "Em lent it to me");
  });

  it("'me' is 'my' only where a possessive is the one reading", () => {
    assert.equal(respelled("I keep it in me coat pocket"), "I keep it in my coat pocket");
    assert.equal(respelled("that's me lucky scarf"), "that's my lucky scarf");
    // an object pronoun: the phrase ends after it, or a verb takes it
    assert.equal(respelled("my aunt made it for me last spring"), "my aunt made it for me last spring");
    assert.equal(respelled("she passed it to me when she moved"), "she passed it to me when she moved");
    assert.equal(respelled("bring me the blue one"), "bring me the blue one");
  });

  it("the concepts and the embedder read the standard word", () => {
    assert.ok(conceptsIn("the lamp I switch on of an evenin'").includes("night"));
    assert.ok(conceptsIn("got it off me nan").includes("grandparent"));
    assert.equal(glossed("for me jog"), "for my jog (running)");
  });

  it("what the extractor writes is the user's own, not someone else's", () => {
    const said = statementsFromInstruction("The green cap, I got it for me birthday.", "hat");
    assert.ok(
      said.some((s) => /the user's birthday/.test(s)),
      said.join(" | "),
    );
    assert.ok(!said.some((s) => /\bthem birthday\b/.test(s)), said.join(" | "));
  });

  it("eye-dialect words of change and ending are the standard words, and a request in them says a change", () => {
    assert.equal(respelled("Noo it's the red scarf, the old one's deid"), "Now it's the red scarf, the old one's dead");
    assert.equal(respelled("what I take tae the pool dese days"), "what I take tae the pool these days");
    // only the whole word: a word that begins alike is left as typed
    assert.equal(respelled("the noodle bowl by the nook"), "the noodle bowl by the nook");
    assert.ok(saysChange("which flask dae I take tae the match noo"));
    assert.ok(!saysChange("which flask dae I take tae the match"));
  });
});
