/**
 * A request that says the user parted with an object asks for another one: grounding leaves out
 * the candidate its description names. Scenes and phrasings written for this test.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { MemoryCandidate } from "../../src/mllm/candidate.ts";
import { groundPolar } from "../../src/policies/heuristic/ground.ts";

const object = (objectId: string, category: string, score: number, statements: string[]): MemoryCandidate => ({
  userId: "u1",
  objectId,
  category,
  score,
  statements: statements.map((text, i) => ({ id: `${objectId}-${i}`, text, timestamp: i })),
  instructions: [],
  episodic: [],
});

test("the object the request says was given away is not grounded, even when it ranks first", () => {
  const g = groundPolar("what do the twins build with now that I donated the big wooden castle?", [
    object("toy-castle", "toy", 0.41, ["Big wooden castle, the toy", "the twins build with this toy on rainy days"]),
    object("toy-bricks", "toy", 0.36, [
      "the big wooden castle the user donated to the school fair",
      "the twins build with these bricks now",
    ]),
  ]);
  assert.equal(g.objectId, "toy-bricks");
});

test("the category's name is enough to name it, and looks tell several apart", () => {
  const candidates = [
    object("kettle-red", "mug", 0.5, ["the mug is red", "the user drinks cocoa from this mug"]),
    object("kettle-tin", "mug", 0.45, ["the mug is tin", "the user drinks cocoa from this mug on hikes"]),
  ];
  assert.equal(groundPolar("I sold the red mug, so what do I have my cocoa in?", candidates).objectId, "kettle-tin");
  // two alike and no looks to tell them: unsure, nothing is left out
  assert.equal(groundPolar("I sold the mug, so what do I have my cocoa in?", candidates).objectId, "kettle-red");
});

test("a request that parts with nothing grounds as before", () => {
  const g = groundPolar("the castle the twins build with", [
    object("toy-castle", "toy", 0.41, ["Big wooden castle, the toy"]),
    object("toy-bricks", "toy", 0.36, ["the twins build with these bricks now"]),
  ]);
  assert.equal(g.objectId, "toy-castle");
});

test("the object the request says broke since is not grounded; its old name still tells it", () => {
  const g = groundPolar("the torch I take camping now, since the yellow one died", [
    object("torch-yellow", "flashlight", 0.52, ["the user takes the yellow torch camping", "the flashlight is yellow"]),
    object("torch-black", "flashlight", 0.3, ["yellow one died, won't switch on", "the flashlight is black"]),
  ]);
  assert.equal(g.objectId, "torch-black");
});
