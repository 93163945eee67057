/**
 * Polar grounding by the object's coverage of a request's facts: the object whose statements
 * hold every fact asked (a giver and an occasion, a giver and a season, a name) wins over one
 * that matches a single fact strongly, as long as it is not far behind in retrieval; among
 * objects holding as many, retrieval's order stands. Phrasings written for this test.
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

test("a joint request goes to the object holding both facts, not the one matching one strongly", () => {
  const g = groundPolar("the thing my granny gave me for the freezing months", [
    object("scarf-1", "hat", 0.62, ["the user only wears this scarf in winter", "the scarf is red"]),
    object("gloves-2", "hat", 0.5, ["the user's grandmother knitted these gloves", "they come out when it's snowy"]),
    object("mug-3", "mug", 0.45, ["the user's grandma gave them this mug"]),
  ]);
  assert.equal(g.objectId, "gloves-2");
  assert.match(g.reason, /facts the request names/);
});

test("a name the user gave one object's giver picks that object", () => {
  const g = groundPolar("where's the present from Okonkwo", [
    object("lamp-1", "lamp", 0.55, ["the user got this lamp as a present at the shop"]),
    object("pen-2", "pen", 0.46, ["Okonkwo from the choir gave the user this pen"]),
  ]);
  assert.equal(g.objectId, "pen-2");
});

test("an object far behind in retrieval is not taken on its facts", () => {
  const g = groundPolar("the thing my granny gave me for the freezing months", [
    object("scarf-1", "hat", 0.8, ["the user only wears this scarf in winter"]),
    object("gloves-2", "hat", 0.3, ["the user's grandmother knitted these gloves in winter"]),
  ]);
  assert.equal(g.objectId, "scarf-1");
});

test("among objects holding as many facts, retrieval's order stands", () => {
  const g = groundPolar("the bag I take to the beach in summer", [
    object("bag-1", "bag", 0.6, ["the user takes this bag to the beach every summer"]),
    object("bag-2", "bag", 0.55, ["the user uses this bag at the seaside when it's hot"]),
  ]);
  assert.equal(g.objectId, "bag-1");
});

test("a request said as a change is not decided by facts the old holder shares", () => {
  const g = groundPolar("which flask do I take hiking with Priya these days", [
    object("flask-1", "mug", 0.6, ["the user takes this flask hiking"]),
    object("flask-2", "mug", 0.5, ["Priya gave the user this flask", "the user takes this flask hiking with Priya"]),
  ]);
  assert.equal(g.objectId, "flask-1");
});
