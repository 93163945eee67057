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

test("a thing said to have broken since, or in words of change, is asked past", () => {
  assert.deepEqual(heads("the lamp I read by since the brass one died"), ["brass one"]);
  assert.deepEqual(heads("which kettle do I use now that the copper one stopped working?"), ["copper one"]);
  assert.deepEqual(heads("the board I ride these days, the long one snapped"), ["long one"]);
  assert.deepEqual(heads("the kettle I use now, the steel one went"), ["steel one"]);
  // going somewhere is no ending: "went to the fair" names where, not that it broke
  assert.deepEqual(heads("the boots I wear now that the grey ones went to a charity shop"), []);
  // the verb must be its own predicate's, not a later clause's
  assert.deepEqual(heads("where is the kettle I use now that the old one stopped working?"), ["old one"]);
});

test("a broken thing with no change said is the thing asked for", () => {
  assert.deepEqual(heads("my green kite is torn, can you find it?"), []);
  assert.deepEqual(heads("bring the stool that wobbles"), []);
});

test("a statement that tells of something breaking names that thing", () => {
  assert.equal(saysParted("kettle died last week, won't heat at all"), true);
  assert.equal(saysParted("the wicker basket tore on the bus"), true);
  assert.equal(saysParted("the basket is for the market"), false);
});

test("in a request a bare noun before a verb of ending is no described thing", () => {
  assert.deepEqual(heads("Term finished! Fetch what I read on the bus now."), []);
});
