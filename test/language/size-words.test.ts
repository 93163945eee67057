/**
 * The size a person gives an object in words: read where it describes the object, never where
 * it describes something else or says what the object is not.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { saidSize } from "../../src/language/size-words.ts";

const MUG = ["mug", "cup", "tumbler"];
const BACKPACK = ["backpack", "rucksack", "knapsack"];

test("a size word before the object's name or 'one' is its size, with describing words between", () => {
  assert.equal(saidSize("pass me the large striped ceramic mug please", MUG)?.is, "large");
  assert.equal(saidSize("I want the teeny cup, the one with the chip", MUG)?.is, "small");
  assert.equal(saidSize("it's the smaller one of the pair of rucksacks", BACKPACK)?.is, "small");
  assert.equal(saidSize("the massive old knapsack", BACKPACK)?.is, "large");
});

test("ordinary-sized, said several ways, is the medium one", () => {
  assert.equal(saidSize("just the regular size mug", MUG)?.is, "medium");
  assert.equal(saidSize("the standard-size one is mine", MUG)?.is, "medium");
  assert.equal(saidSize("the medium cup", MUG)?.is, "medium");
});

test("said of the object after a link verb", () => {
  assert.equal(saidSize("my rucksack, it's really enormous", BACKPACK)?.is, "large");
  assert.equal(saidSize("that one is tiny.", MUG)?.is, "small");
});

test("a negated size says what the object is not: only the other size said counts", () => {
  assert.equal(saidSize("not the huge backpack, the normal size one", BACKPACK)?.is, "medium");
  assert.equal(saidSize("never the little mug", MUG), null);
});

test("size words about something else, or as a degree, are not the object's size", () => {
  assert.equal(saidSize("the mug from our big day", MUG), null);
  assert.equal(saidSize("my cup is a little chipped now", MUG), null);
  assert.equal(saidSize("the rucksack for big trips", BACKPACK), null);
  assert.equal(saidSize("the one I get out when the little ones want to play", BACKPACK), null);
  assert.equal(saidSize("the big ones, the hiking boots", ["shoes", "boots", "boot"])?.is, "large");
});

test("two sizes said of it disagree: nothing is read", () => {
  assert.equal(saidSize("the big mug or maybe the small mug", MUG), null);
});

test("a size that sets the object apart from others like it is marked so; one said in passing is not", () => {
  assert.equal(saidSize("the big one, please", MUG)?.contrasted, true);
  assert.equal(saidSize("bring the smallest mug", MUG)?.contrasted, true);
  assert.equal(saidSize("the larger of the two rucksacks", BACKPACK)?.contrasted, true);
  assert.equal(saidSize("the small pink cup my son likes", MUG)?.contrasted, false);
  assert.equal(saidSize("my huge old knapsack", BACKPACK)?.contrasted, false);
});
