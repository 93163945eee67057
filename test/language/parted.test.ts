/**
 * Objects a text says were parted with (given away, thrown out, sold, donated, got rid of),
 * wherever English puts the object. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { partedWith, saysParted } from "../../src/language/index.ts";

const heads = (t: string) => partedWith(t).map((p) => [...p.looks, p.head].join(" "));

test("the object after the verb, between the verb and its particle, or before its subject", () => {
  assert.deepEqual(heads("now that we sold the old bike, what do the boys ride?"), ["old bike"]);
  assert.deepEqual(heads("since I gave the tiny wooden sledge away, which one is for the hill"), [
    "tiny wooden sledge",
  ]);
  assert.deepEqual(heads("we gave away my blue scarf last spring"), ["blue scarf"]);
  assert.deepEqual(heads("the chipped teapot the user threw out after the party"), ["chipped teapot"]);
  assert.deepEqual(heads("I finally got rid of the squeaky lamp"), ["squeaky lamp"]);
});

test("giving without parting, or parting with a pronoun, names nothing", () => {
  assert.deepEqual(heads("bring the scarf my aunt gave me"), []);
  assert.deepEqual(heads("my neighbour gave the kids a kite"), []);
  assert.deepEqual(heads("she gave it away years ago"), []);
  assert.equal(saysParted("the user reads this novel on the train"), false);
  assert.equal(saysParted("the old kite we donated to the school fair"), true);
});
