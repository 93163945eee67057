/**
 * "leave out the attic", "give the attic a miss": a room left out of the search is a room to avoid
 * (for this task when a one-off says so), while the same verbs with no room as their object ("leave
 * out the details") avoid no room. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["attic", "den"], sceneId: "s1" };
const kept = (m: string) => learn(m, [], ctx).items.map((i) => [i.decision, i.draft?.requirement]);

describe("a room left out", () => {
  it("is a room to avoid", () => {
    assert.deepEqual(kept("on this errand leave out the attic"), [
      ["task_local", { kind: "avoid_room", room: "attic" }],
    ]);
    assert.deepEqual(kept("this time give the den a miss"), [["task_local", { kind: "avoid_room", room: "den" }]]);
    assert.deepEqual(kept("leave out the attic from now on"), [["add", { kind: "avoid_room", room: "attic" }]]);
  });

  it("with no room as its object, avoids no room", () => {
    for (const m of ["leave out the details", "give the jokes a miss"])
      assert.ok(!learn(m, [], ctx).items.some((i) => i.draft?.requirement.kind === "avoid_room"), m);
  });
});
