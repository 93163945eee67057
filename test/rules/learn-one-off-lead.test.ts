/**
 * A one-off marker set off before the request, however it is led into ("just for this evening",
 * "for this morning only", "this one outing"), makes the request for this task alone; a lasting
 * request beside it stays lasting. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["conservatory", "workshop", "hall", "snug"] };
const decisions = (m: string) => learn(m, [], ctx).items.map((i) => [i.decision, i.draft?.persistence]);

describe("a one-off marker led into", () => {
  it("keeps the request for this task only", () => {
    for (const m of [
      "Just for this evening, pal, steer clear of the workshop.",
      "For this morning only, keep out of the conservatory.",
      "only for today, please stay out of the snug",
      "For this one outing, do not go into the hall.",
    ])
      assert.deepEqual(decisions(m), [["task_local", "task_local"]], m);
  });

  it("a lasting ban said alone stays lasting", () => {
    assert.deepEqual(decisions("For safety, never go into the workshop."), [["add", "persistent"]]);
  });
});
