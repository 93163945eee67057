/**
 * A statement that tells which room is which ("the pantry's the one by the stairs") corrects
 * nothing: "one" there stands for the room described, not for a rule, and a possessive "'s" is
 * never read before an article, so it is "is". A rule pointed at with "one" ("the pantry one is
 * fine again") is still read as about that rule. Sentences written for this test, not from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "attic", "workshop", "garage"], sceneId: "s1" };

describe("a statement about which room is which", () => {
  it("is no correction and keeps nothing", () => {
    for (const m of [
      "The pantry's the one by the stairs.",
      "the attic is the one with the skylight",
      "our workshop's the one next to the garage",
    ]) {
      const out = learn(m, [], house);
      assert.equal(out.signal, false, m);
      assert.deepEqual(out.items, [], m);
    }
  });

  it("is no correction with the article left out or a direction before the place", () => {
    for (const m of [
      "Attic is one with the little round skylight.",
      "the workshop's the one over behind the garage, where the lathe lives",
      "pantry is the one down by the cellar steps",
    ]) {
      const out = learn(m, [], house);
      assert.equal(out.signal, false, m);
      assert.deepEqual(out.items, [], m);
    }
  });

  it("reads 's before an article as is", () => {
    assert.deepEqual(
      tokenize("the attic's a mess").map((t) => t.w),
      ["the", "attic", "is", "a", "mess"],
    );
  });

  it("a rule pointed at with 'one' is still about that rule", async () => {
    const { rules } = await taught(house, "stay out of the pantry", "the pantry one is fine again");
    assert.deepEqual(rules, []);
  });
});
