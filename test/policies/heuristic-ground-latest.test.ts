/**
 * A request said as a change ("…these days", "…now") asks for whatever took the role last: among
 * candidates close to the top that hold the same role, the one told of last. Scenes and phrasings
 * written for this test.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { groundPolar } from "../../src/policies/heuristic/ground.ts";
import { datedCandidate as object } from "./dated-candidate.ts";

const flask = object("flask-tin", "mug", 0.6, 1, ["the user takes this mug fishing at the reservoir"]);
const thermos = object("thermos-red", "mug", 0.42, 9, ["the red mug is the one for fishing trips"]);
const radio = object("radio", "speaker", 0.45, 12, ["the user listens to the cricket on this radio"]);

test("said as a change, the later holder of the same role is grounded", () => {
  assert.equal(groundPolar("what do I take fishing these days?", [flask, thermos, radio]).objectId, "thermos-red");
});

test("a later object of another role is not", () => {
  assert.equal(groundPolar("what do I take fishing these days?", [flask, radio]).objectId, "flask-tin");
});

test("without words of change the top stays", () => {
  assert.equal(groundPolar("what do I take fishing?", [flask, thermos, radio]).objectId, "flask-tin");
});

test("a holder far below the top is not taken", () => {
  const far = { ...thermos, score: 0.2 };
  assert.equal(groundPolar("what do I take fishing these days?", [flask, far]).objectId, "flask-tin");
});

test("a later holder whose memory speaks of the top object takes over, though worded otherwise", () => {
  const laptop = object("laptop", "laptop", 0.5, 1, ["the user takes this laptop to the client calls in the studio"]);
  const headset = object("headset", "headphones", 0.3, 8, [
    "the grey headphones are what the user puts on",
    "the laptop's microphone crackles",
  ]);
  assert.equal(groundPolar("what do I use for client calls these days?", [laptop, headset]).objectId, "headset");
  const quiet = { ...headset, statements: headset.statements.slice(0, 1) };
  assert.equal(groundPolar("what do I use for client calls these days?", [laptop, quiet]).objectId, "laptop");
});

test("a later instance that names a look of the top one (the old one broke) takes over", () => {
  const copper = object("keys-copper", "keys", 0.5, 1, [
    "the user locks the allotment shed with these keys",
    "Copper keys",
  ]);
  const steel = object("keys-steel", "keys", 0.32, 9, ["the copper one snapped clean in two", "Steel"]);
  assert.equal(groundPolar("which keys open the allotment shed now?", [copper, steel]).objectId, "keys-steel");
});
