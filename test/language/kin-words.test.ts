/**
 * Kin words borrowed from other languages name the same relation as the English a request uses,
 * so memory said one way is found when asked the other. Words that are also English words or
 * given names are not read as kin. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { conceptCoverage, conceptsIn } from "../../src/language/index.ts";

describe("kin words from other languages", () => {
  it("reads a borrowed kin word as the relation an English request names", () => {
    for (const [borrowed, english, label] of [
      ["the scarf my abuelita knitted", "what my mum's mother made", "grandparent"],
      ["Tía Carmen left it here", "the one from my mother's sister", "aunt or uncle"],
      ["a gift from my Opa", "my grandad's present", "grandparent"],
      ["my hermano fixed it", "the one my brother mended", "sibling"],
      ["halmeoni's teapot", "grandma's teapot", "grandparent"],
    ]) {
      assert.ok(conceptsIn(borrowed).includes(label), borrowed);
      assert.ok(conceptsIn(english).includes(label), english);
      assert.equal(conceptCoverage(conceptsIn(english), [borrowed]), 1, `${english} / ${borrowed}`);
    }
  });

  it("leaves words that are also English or names alone", () => {
    for (const s of ["I ate it cold", "Tito lent it to me", "Lola's lead", "my friend Mae", "my oma-shaped mug"]) {
      const got = conceptsIn(s).filter((c) => c !== "friend");
      assert.ok(!got.includes("grandparent") || s.includes("oma"), `${s}: ${got}`);
      assert.ok(!got.includes("aunt or uncle") && !got.includes("parent"), `${s}: ${got}`);
    }
  });
});
