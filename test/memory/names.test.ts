/**
 * A name the user used of one object ("Priyanka", "the Ardmore cottage") is strong evidence for
 * it, more than a small sentence embedder hears in it. Only names count: a capitalised word
 * opening a clipped request is no name, a name in lower case is missed rather than guessed, and a
 * name said of every object tells nothing. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { sharedNames } from "../../src/memory/retrieve-words.ts";

const memory = new Map([
  ["mug_1", ["Priyanka gave the user this at the housewarming", "the mug is blue"]],
  ["mug_2", ["the user got this mug from the shop on the corner"]],
  ["bag_1", ["the user takes this bag to the Ardmore cottage", "Priyanka borrowed it once"]],
  ["hat_1", ["the user wears this hat in the garden"]],
]);

test("a name the request shares counts for the objects that hold it, the fewer the more", () => {
  const shared = sharedNames("the mug I got from Priyanka", memory);
  assert.deepEqual([...shared.keys()].sort(), ["bag_1", "mug_1"]);
  assert.ok(shared.get("mug_1")! > 0.4 && shared.get("mug_1")! < 1, `held by two of four: ${shared.get("mug_1")}`);
  assert.equal(sharedNames("what we take up to the Ardmore place", memory).get("bag_1"), 1);
});

test("no name in the request, or a capital opening it: nothing is shared", () => {
  assert.equal(sharedNames("the mug from the shop on the corner", memory).size, 0);
  assert.equal(sharedNames("Garden hat. Where is it?", new Map([...memory, ["x", ["Garden party"]]])).size, 0);
});

test("typed all in lower case, a word the lexicon lacks is a name; an English word is not", () => {
  assert.deepEqual([...sharedNames("the mug i got from priyanka", memory).keys()].sort(), ["bag_1", "mug_1"]);
  assert.equal(sharedNames("what we take up to the ardmore place", memory).get("bag_1"), 1);
  assert.equal(sharedNames("the hat i wear in the garden", memory).size, 0);
});

test("a name every object holds tells nothing", () => {
  const everywhere = new Map([
    ["a", ["Sam gave the user this"]],
    ["b", ["Sam uses this"]],
  ]);
  assert.equal(sharedNames("the one Sam likes", everywhere).size, 0);
});

test("a name opening the request as its subject or possessor is a name; a known word there is not", () => {
  const kids = new Map([
    ["ball_1", ["the ball belongs to the user's son Okello", "the ball is orange"]],
    ["kite_1", ["the user flies this toy at the beach"]],
    ["hat_1", ["the user wears this hat to the Garden party"]],
  ]);
  assert.deepEqual([...sharedNames("Okello's asking for his round thing again.", kids).keys()], ["ball_1"]);
  assert.deepEqual([...sharedNames("Okello wants the thing he kicks about.", kids).keys()], ["ball_1"]);
  assert.equal(sharedNames("Garden hat, where is it?", kids).size, 0);
});
