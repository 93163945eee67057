/**
 * A sentence saying the robot's word was borne out ("the remote was just where you said", "you
 * were right") is praise in its own sentence, beside thanks or alone: no correction and nothing
 * asked. Said with a negation ("it was not where you said") it is a complaint, and still asked.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["den", "pantry"], sceneId: "s1" };

describe("the robot's word borne out", () => {
  it("is no correction", () => {
    for (const m of [
      "Cheers. The remote was right where you said.",
      "The torch was just where you said; much obliged.",
      "You were right, the scissors were in the pantry. Ta!",
      "lovely, my glasses were exactly as you said, on the shelf",
    ]) {
      const out = learn(m, [], ctx);
      assert.equal(out.signal, false, m);
      assert.deepEqual(out.items, [], m);
    }
  });

  it("denied, is a complaint that is asked back", () => {
    for (const m of ["Thanks. The remote was not where you said.", "the torch wasn't where you told me"]) {
      const out = learn(m, [], ctx);
      assert.equal(out.signal, true, m);
      assert.ok(out.items.length > 0 && out.items.every((i) => i.decision === "unclear"), m);
    }
  });
});
