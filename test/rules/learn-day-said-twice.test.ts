/**
 * A day said twice for one ban, each time as no more than the day ("on Mondays … all day
 * Monday"), is one condition; a phrase that says more than the day stays a condition of its own.
 * A room "closed for" something is closed for a reason said after it, no ban by itself. Sentences
 * written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["sauna", "garden room"] };
const conditions = (m: string) =>
  learn(m, [], ctx).items.map((i) => [i.decision, (i.draft?.conditions ?? []).map((c) => c.quote)]);

describe("a day said twice", () => {
  it("is one condition", () => {
    assert.deepEqual(conditions("on mondays the sauna gets scrubbed so keep out of it all day monday"), [
      ["add", ["all day monday"]],
    ]);
  });

  it("with more said than the day, stays two", () => {
    assert.deepEqual(conditions("when the choir rehearses on thursdays, avoid the garden room on thursdays"), [
      ["add", ["on thursdays", "when the choir rehearses"]],
    ]);
  });

  it("a room closed for a reason is no ban of its own", () => {
    for (const { decision } of learn("the sauna is closed for repairs", [], ctx).items)
      assert.notEqual(decision, "add");
  });
});
