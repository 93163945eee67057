/**
 * A request said as a change ("…these days", "…now") asks for whatever took the role last: among
 * candidates close to the top that hold the same role, the one told of last. Scenes and phrasings
 * written for this test.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { MemoryCandidate } from "../../src/mllm/candidate.ts";
import { groundPolar } from "../../src/policies/heuristic/ground.ts";

const day = 86_400_000;
const object = (
  objectId: string,
  category: string,
  score: number,
  at: number,
  statements: string[],
): MemoryCandidate => ({
  userId: "u1",
  objectId,
  category,
  score,
  statements: statements.map((text, i) => ({
    id: `${objectId}-${i}`,
    text,
    timestamp: at * day,
    score: i === 0 ? score : undefined,
  })),
  instructions: [],
  episodic: [],
});

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
