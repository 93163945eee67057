/**
 * The words of a one-off typed as they sound ("dis", "wunce", "jus", "tym"), as Caribbean, West
 * African and texted English write them, still make the request this task's only: read as
 * nothing, they left a ban lasting. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const house = { rooms: ["pantry", "garage", "balcony"], sceneId: "s1" };
const decisions = (m: string) => learn(m, [], house).items.map((i) => i.decision);

describe("a one-off in eye dialect", () => {
  it("is for this task only", () => {
    for (const m of [
      "jus dis wunce, skip the pantry",
      "dis tym only keep out of the garage",
      "stay off the balcony jus for dis trip",
    ])
      assert.deepEqual(decisions(m), ["task_local"], m);
  });

  it("leaves a lasting ban said in it lasting", () => {
    assert.deepEqual(decisions("never go in dat garage"), ["add"]);
  });
});
