/**
 * "this question" names the task at hand, as "this answer" or "this search" do: a request said
 * for it is for this task only, never kept. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

describe("'this question'", () => {
  it("makes the request a one-off", () => {
    for (const m of [
      "on this question, keep it brief",
      "for this question only, keep it short",
      "keep the answer short on this question",
    ]) {
      const out = learn(m, [], { rooms: ["den"] });
      assert.ok(out.items.length > 0, m);
      for (const i of out.items) assert.notEqual(i.decision, "add", `${m}: ${JSON.stringify(out.items)}`);
      assert.ok(
        out.items.some((i) => i.decision === "task_local"),
        `${m}: ${JSON.stringify(out.items)}`,
      );
    }
  });
});
