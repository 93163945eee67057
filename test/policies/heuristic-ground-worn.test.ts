/**
 * A request that names no category but says its object is worn asks for a worn category: a
 * carried object ranked above goes after a worn one. Scenes and phrasings written for this test.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { groundPolar } from "../../src/policies/heuristic/ground.ts";
import { datedCandidate as object } from "./dated-candidate.ts";

test("a request that says its object is worn, naming no category, passes over a carried object above it", () => {
  const tote = object("tote", "bag", 0.4, 2, ["the user takes this bag to the allotment"]);
  const cap = object("cap", "hat", 0.3, 3, ["the user has the green cap on for digging the beds"]);
  assert.equal(groundPolar("what do I wear for digging at the allotment?", [tote, cap]).objectId, "cap");
  assert.equal(groundPolar("what do I take for digging at the allotment?", [tote, cap]).objectId, "tote");
});
