/**
 * A game named by its ball ("good at basketball") names no object: a request that says what the
 * object is for in such words asks for no ball, and grounding must not keep only balls. Phrasings
 * written for this test.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { categoryNamed } from "../../src/language/index.ts";
import { namedCategory } from "../../src/policies/heuristic/categories.ts";

test("after a preposition or a verb of playing, a ball's name is the game", () => {
  assert.equal(categoryNamed("the charm that helps me score at basketball"), null);
  assert.equal(categoryNamed("what I wear when playing volleyball on the sand"), null);
  assert.equal(namedCategory("fetch the thing I had on after baseball, the lucky one"), null);
});

test("with a determiner, or where a ball is named too, the ball is asked for", () => {
  assert.equal(categoryNamed("pass me my basketball"), "ball");
  assert.equal(categoryNamed("the volleyball we bring to practice"), "ball");
  assert.equal(categoryNamed("the ball for playing football"), "ball");
});
