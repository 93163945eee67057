/**
 * "On this occasion", the formal one-off, makes a request this task's only, as "this time" does;
 * "on every occasion" stays lasting. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const house = { rooms: ["pantry", "garage"], sceneId: "s1" };
const decisions = (m: string) => learn(m, [], house).items.map((i) => i.decision);

describe("on this occasion", () => {
  it("is for this task only", () => {
    assert.deepEqual(decisions("On this occasion, kindly refrain from entering the garage."), ["task_local"]);
    assert.deepEqual(decisions("for this particular occasion skip the pantry"), ["task_local"]);
  });

  it("on every occasion is lasting", () => {
    assert.deepEqual(decisions("Skip the pantry on every occasion."), ["add"]);
  });
});
