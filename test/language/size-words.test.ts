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

test("a negated size says what the object is not: an ordinary one set against it is the other side of it", () => {
  assert.deepEqual(saidSize("not the huge backpack, the normal size one", BACKPACK), { is: "small", contrasted: true });
  assert.deepEqual(saidSize("never the little mug", MUG), { is: "large", contrasted: true });
  // its own size beside a denied one stands as said
  assert.deepEqual(saidSize("the tiny cup I keep at work, not the big cup", MUG), { is: "small", contrasted: false });
});

test("an ordinary-sized object set against a lookalike of one other size is the larger (or smaller) of the two", () => {
  assert.deepEqual(saidSize("My tea mug is the average-size one, not the mini mug my niece painted.", MUG), {
    is: "large",
    contrasted: true,
  });
  assert.deepEqual(saidSize("the rucksack I hike with: mid-sized, never the enormous one", BACKPACK), {
    is: "small",
    contrasted: true,
  });
  // set against both a smaller and a bigger lookalike, size tells nothing apart
  assert.equal(saidSize("the plain cup, not the teeny cup and not the jumbo one", MUG), null);
  // a size of something else that is negated says nothing of the object
  assert.deepEqual(saidSize("the regular size mug, not for big parties", MUG), { is: "medium", contrasted: false });
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

test("a size opening a clause of reason or time is said of another object: the one replaced or in use meanwhile", () => {
  assert.equal(saidSize("Get me the knitted rabbit-print mug, we use it since the big one cracked", MUG), null);
  assert.equal(saidSize("bring the cup I drink from when the small one is in the sink", MUG), null);
  assert.equal(saidSize("the green rucksack, because my huge rucksack ripped on the trail", BACKPACK), null);
  assert.equal(saidSize("after the little mug chipped I took this one", MUG), null);
  // the object's own size still counts beside it
  assert.equal(saidSize("the tiny mug, as the large one leaks", MUG)?.is, "small");
  // a subordinate clause about the object itself keeps its size
  assert.equal(saidSize("find my rucksack, because it's the big one", BACKPACK)?.is, "large");
});

test("a size set apart by words of contrast is another object's, as a negated one is", () => {
  // the ordinary one told from a smaller twin: the larger of the two
  assert.deepEqual(saidSize("my usual cup, as opposed to the tiny cup my son drinks from", MUG), {
    is: "large",
    contrasted: true,
  });
  assert.deepEqual(saidSize("the regular mug, quite distinct from the smaller mug upstairs", MUG), {
    is: "large",
    contrasted: true,
  });
  assert.deepEqual(saidSize("grab the rucksack, rather than the huge one", BACKPACK), {
    is: "small",
    contrasted: true,
  });
  assert.deepEqual(saidSize("the knapsack I take, unlike the big knapsack", BACKPACK), {
    is: "small",
    contrasted: true,
  });
  assert.deepEqual(saidSize("use the cup instead of the little one", MUG), { is: "large", contrasted: true });
  // its own size stays its own, and "different" alone sets nothing apart
  assert.equal(saidSize("the big mug, unlike the blue cup", MUG)?.is, "large");
  assert.equal(saidSize("bring me a different small cup", MUG)?.is, "small");
});

test("a clipped negation closing the phrase denies the size it follows", () => {
  assert.deepEqual(saidSize("Rucksack here, mid size, for trips. Huge one not.", BACKPACK), {
    is: "small",
    contrasted: true,
  });
  assert.deepEqual(saidSize("This cup for tea. Giant cup never.", MUG), { is: "small", contrasted: true });
  assert.deepEqual(saidSize("the knapsack for school; the tiny one, not!", BACKPACK), {
    is: "large",
    contrasted: true,
  });
  // one that opens the next phrase, or asks for agreement, leaves the size said
  assert.equal(saidSize("the big mug not the blue one", MUG)?.is, "large");
  assert.equal(saidSize("you mean the little cup, no?", MUG)?.is, "small");
});
