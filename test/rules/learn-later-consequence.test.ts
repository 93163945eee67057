/**
 * "…, later he scold", "…, later she will shout": "later" before a subject says what follows if
 * the robot does it, as "or else" does; it is the ban's reason, no condition of it. A state said
 * with "is"/"are" after it ("later they are resting") may say when, and stays a condition, asked.
 * Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["study", "kitchen"], sceneId: "s1" };
const conds = (m: string) => learn(m, [], ctx).items.map((i) => [i.decision, i.draft?.conditions.map((c) => c.kind)]);

describe("a consequence said with 'later'", () => {
  it("is no condition of the ban", () => {
    assert.deepEqual(conds("the study don't go in, later she scold me"), [["add", []]]);
    assert.deepEqual(conds("don't stop in the kitchen, later they will complain"), [["add", []]]);
  });

  it("a state after it stays a condition", () => {
    assert.deepEqual(conds("keep out of the study, later they are resting"), [["add", ["text"]]]);
  });
});
