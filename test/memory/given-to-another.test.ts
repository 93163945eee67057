/**
 * A thing the user gave or lent to someone else left the house: the clause tells a fact of that
 * thing, not who gave the object at hand. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { partedWith } from "../../src/language/index.ts";
import { readStatement } from "../../src/memory/statement-kind.ts";

const heads = (t: string) => partedWith(t, true).map((p) => [...p.looks, p.head].join(" "));

test("the user giving or lending a described thing to someone else parts with it", () => {
  assert.deepEqual(heads("Lent the camping stove to a cousin in March"), ["camping stove"]);
  assert.deepEqual(heads("we gave the spare blanket to the night shelter"), ["spare blanket"]);
  assert.deepEqual(heads("Cracked teapot the user gave to the lady downstairs"), ["cracked teapot"]);
  assert.deepEqual(heads("the user gives the outgrown wellies to a younger cousin"), ["outgrown wellies"]);
});

test("a thing given to the user, or given by someone else, is no parting", () => {
  assert.deepEqual(heads("the user's nephew gave the wooden train to them"), []);
  assert.deepEqual(heads("my godmother gave the silver locket to me"), []);
  assert.deepEqual(heads("the user's neighbour lent the ladder to a friend"), []);
});

test("what the user gave away carries no giver role for the object at hand", () => {
  assert.notEqual(readStatement("the user lent the old torch to their brother", "flashlight").kind, "giver");
  assert.notEqual(readStatement("Chipped green mug the user gave to a colleague", "mug").kind, "giver");
  // the object itself came from someone: a giver
  assert.equal(readStatement("the user's aunt gave this cardigan to them", "shirt").kind, "giver");
  // the object at hand, pointed at, is what the words are about: unchanged
  assert.equal(readStatement("the user gave this kettle to their son", "kettle").kind, "giver");
});
