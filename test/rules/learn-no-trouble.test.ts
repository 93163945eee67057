/**
 * "if it's not a bother", "only if it's no hassle", "if that's not too much trouble": saying a
 * request costs little asks leave to ask and sets no condition, so the rule is kept without one.
 * A clause that says something else is no bother ("if the dog is not a bother") is a condition
 * of the world, kept as said. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["den", "pantry", "attic"], sceneId: "s1" };
const conds = (m: string) =>
  learn(m, [], ctx).items.map((i) => [
    i.decision,
    i.draft?.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
  ]);

describe("a request said to cost little", () => {
  it("keeps the rule with no condition made of the politeness", () => {
    for (const [m, hours] of [
      ["If it's no hassle, stay out of the attic.", []],
      ["Keep out of the den after 9 at night, if that's not a big bother.", [[21, 6]]],
      ["Could you, only if it isn't an inconvenience, not stop in the pantry?", []],
    ] as const)
      assert.deepEqual(conds(m), [["add", hours]], m);
  });

  it("keeps a clause about something else being no bother as a condition", () => {
    assert.deepEqual(conds("stay out of the den if the cat is not a bother"), [["add", ["text"]]]);
  });
});
