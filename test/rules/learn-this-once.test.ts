/**
 * "this once" / "that once" is a one-off's marker: the "once" in it opens no clause of when, so the
 * request after it is read as the request, for this task only, with no condition made of its words;
 * "once" opening a clause ("once the guests leave, …") still says when. Sentences written for this
 * test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["den", "attic", "pantry"], sceneId: "s1" };

describe("'once' of a one-off", () => {
  it("is no condition: the request after it is for this task only", () => {
    for (const m of ["just this once answer me in a single sentence", "only this once keep the reply to a few words"]) {
      const out = learn(m, [], ctx);
      assert.equal(out.items.length, 1, m);
      assert.equal(out.items[0].decision, "task_local", `${m}: ${out.items[0].question ?? ""}`);
      assert.deepEqual(out.items[0].draft?.conditions ?? [], [], m);
    }
  });

  it("'once' opening a clause still says when", () => {
    const out = learn("once the guests leave, keep out of the attic", [], ctx);
    assert.deepEqual(
      out.items[0].draft?.conditions.map((c) => c.kind),
      ["text"],
    );
  });
});
