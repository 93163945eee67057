import assert from "node:assert/strict";
import { test } from "node:test";
import { groundPolar } from "../../src/mllm/heuristic/ground.ts";
import type { MemoryCandidate } from "../../src/mllm/index.ts";

const cand = (
  objectId: string,
  category: string,
  score: number,
  statements: { text: string; t: number; superseded?: boolean }[],
): MemoryCandidate => ({
  userId: "u",
  objectId,
  category,
  score,
  statements: statements.map((s, i) => ({
    id: `${objectId}-${i}`,
    text: s.text,
    timestamp: s.t,
    score: i === 0 ? score : undefined,
    ...(s.superseded ? { superseded: true } : {}),
  })),
  instructions: [],
  episodic: [],
});

test("the category a request names is a constraint when memory holds an object of it", () => {
  const g = groundPolar("bring my reading specs, the ones for the bath", [
    cand("book-1", "book", 0.7, [{ text: "the user reads this book in the bath", t: 1 }]),
    cand("glasses-1", "eyeglasses", 0.5, [{ text: "the user wears these eyeglasses for reading", t: 1 }]),
  ]);
  assert.equal(g.objectId, "glasses-1");
  assert.equal(g.category, "eyeglasses");
});

test("a near tie is decided by what each object's valid statements cover, not by the first by a hair", () => {
  // the request joins two facts; one object holds both, the other one of them a little better
  const joint = groundPolar("the thing from my aunt that goes camping with me", [
    cand("lamp-ish", "bag", 0.61, [{ text: "the user takes this bag camping every summer", t: 2 }]),
    cand("pack", "backpack", 0.58, [
      { text: "the user's aunt gave them this backpack", t: 1 },
      { text: "the user takes this backpack camping", t: 1 },
    ]),
  ]);
  assert.equal(joint.objectId, "pack");
  // a superseded statement does not count for its object
  const stale = groundPolar("the cap I wear for sailing", [
    cand("cap-old", "hat", 0.6, [{ text: "the user wears this hat for sailing", t: 1, superseded: true }]),
    cand("cap-new", "hat", 0.58, [{ text: "the user wears this hat for sailing", t: 5 }]),
  ]);
  assert.equal(stale.objectId, "cap-new");
  // a clear lead stands
  const clear = groundPolar("the cap I wear for sailing", [
    cand("cap-a", "hat", 0.8, [{ text: "the user wears this hat for sailing", t: 1 }]),
    cand("cap-b", "hat", 0.5, [{ text: "the user wears this hat for sailing", t: 5 }]),
  ]);
  assert.equal(clear.objectId, "cap-a");
});
