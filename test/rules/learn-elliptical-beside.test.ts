/**
 * A room said alone ("not the cellar") beside a room rule said in full in the same message lasts
 * as that rule does; alone, or with a one-off marker of its own, it is asked or kept for this task.
 * Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const rooms = ["cellar", "loft", "porch", "study"];

describe("a room said alone beside a full rule", () => {
  it("lasts as the full rule does", () => {
    for (const m of [
      "Not the cellar. And never wait on the porch.",
      "not in the loft, and don't go into the study either",
    ]) {
      const out = learn(m, [], { rooms });
      assert.deepEqual(
        out.items.map((i) => i.decision),
        ["add", "add"],
        `${m}: ${JSON.stringify(out.items.map((i) => i.question))}`,
      );
    }
  });

  it("with a one-off marker of its own is for this task only; alone it is asked", () => {
    const once = learn("not the cellar this time. and never wait on the porch", [], { rooms });
    assert.deepEqual(
      once.items.map((i) => i.decision),
      ["task_local", "add"],
    );
    assert.deepEqual(
      learn("not the loft", [], { rooms }).items.map((i) => i.decision),
      ["unclear"],
    );
  });
});
