/**
 * Hesitations are heard past: the sounds, the commas that only set them off, a word said again
 * across one and a question to oneself inside an open phrase are left out; every token kept still
 * points at the user's own characters. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize, withoutHesitations } from "../../src/language/index.ts";

const heard = (s: string) =>
  withoutHesitations(tokenize(s))
    .map((t) => t.w)
    .join(" ");

describe("hesitations", () => {
  it("a phrase cut by a hesitation is one phrase again", () => {
    assert.equal(heard("keep out of the attic before, erm, 7 am"), "keep out of the attic before 7 am");
    assert.equal(heard("never stop in the, uh, the pantry"), "never stop in the pantry");
    assert.equal(heard("from 9 till, what, 11 at night"), "from 9 until 11 at night");
    assert.equal(heard("umm so, never the loft"), "so , never the loft");
  });

  it("'like' hedging an hour or a word of any time is left out; a 'like' that compares stays", () => {
    assert.equal(heard("keep out of the loft till like 10 pm"), "keep out of the loft until 10 pm");
    assert.equal(heard("not from like nine to eleven"), "not from nine to eleven");
    assert.equal(heard("the loft is yours like whenever"), "the loft is yours whenever");
    assert.equal(heard("I would like 9 words"), "i would like 9 words");
    assert.equal(heard("a room like the loft"), "a room like the loft");
  });

  it("a phrase started again after a bare comma is said once", () => {
    assert.equal(heard("keep out of the, the loft"), "keep out of the loft");
    assert.equal(heard("don't stop in, in the attic"), "do not stop in the attic");
  });

  it("a hesitation between two parts leaves the cut between them", () => {
    assert.equal(heard("stay out of the study, uhh, at night"), "stay out of the study , at night");
  });

  it("words that only look alike stay: 'what' as a question, a word said twice on purpose", () => {
    assert.equal(heard("what, the attic again?"), "what , the attic again ?");
    assert.equal(heard("that that room is fine"), "that that room is fine");
  });

  it("every token kept points at the characters it came from", () => {
    const msg = "don't go into the, uh, the loft after, um, 10";
    for (const t of withoutHesitations(tokenize(msg)))
      assert.ok(!/^(?:uh|um)$/.test(msg.slice(t.start, t.end)), msg.slice(t.start, t.end));
  });
});
