/**
 * "you ought to …" is "you should …" said with the old modal of duty: a firm request in it is
 * kept ("you ought not to go in the den"), a vague one asked back, never let pass as no
 * correction. "greater" with no measure ("greater care", "greater discretion") is as vague as
 * "more", and is asked, not kept as a free-text rule. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["den", "pantry"], sceneId: "s1" };

describe("a request said with 'ought to'", () => {
  it("keeps a firm one", () => {
    const items = learn("You ought not to go in the pantry after 10 at night.", [], ctx).items;
    assert.deepEqual(
      items.map((i) => [i.decision, i.draft?.requirement]),
      [["add", { kind: "avoid_room", room: "pantry" }]],
    );
  });

  it("asks a vague one back", () => {
    for (const m of [
      "You ought to show a little more tact.",
      "you ought to take greater care of the furniture",
      "Honestly, you should use greater judgement.",
    ]) {
      const out = learn(m, [], ctx);
      assert.equal(out.signal, true, m);
      assert.ok(out.items.length > 0 && out.items.every((i) => i.decision === "unclear"), m);
    }
  });
});
