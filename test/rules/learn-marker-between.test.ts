/**
 * Two requests joined by "and", the second opened by its own marker of how long ("and this time
 * …", "and from now on …"), are two clauses: the marker is the second's only, so a one-off never
 * spreads over a lasting ban said before it. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const rooms = ["garage", "pantry", "den", "attic"];

describe("a marker of how long after 'and'", () => {
  it("is the second request's only", () => {
    for (const [m, want] of [
      ["keep out of the garage at night and this time alone skip the pantry", ["add", "task_local"]],
      ["never enter the den and just this once avoid the attic too", ["add", "task_local"]],
      ["skip the pantry for this search and from now on keep out of the garage", ["task_local", "add"]],
    ] as const) {
      const out = learn(m, [], { rooms });
      assert.deepEqual(
        out.items.map((i) => i.decision),
        want,
        `${m}: ${JSON.stringify(out.items.map((i) => [i.decision, i.clause]))}`,
      );
    }
  });
});
