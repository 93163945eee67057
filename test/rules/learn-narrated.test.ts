/**
 * A when/while clause told in the past says what happened, the occasion of the complaint; it is
 * no condition of the rule asked for from now on. The same clause in the present is a condition.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["kitchen", "garage", "attic", "study"], sceneId: "s1" };
const conditions = (m: string) => learn(m, [], ctx).items.map((it) => it.draft?.conditions.map((c) => c.quote));

describe("what happened is no condition", () => {
  it("a past when/while clause beside a lasting ban adds no condition", () => {
    for (const m of [
      "last night while my sister was sleeping you rolled into the study, so from now on stay out of the study",
      "earlier when we had friends round you kept going into the kitchen. please keep out of the kitchen in future",
    ])
      assert.deepEqual(conditions(m), [[]], m);
  });

  it("the same clause in the present is the rule's condition", () => {
    assert.deepEqual(conditions("stay out of the study while my sister is sleeping"), [
      ["while my sister is sleeping"],
    ]);
  });
});
