/**
 * Subordinators typed as they sound ("wen", "wile") are read as the words they stand for, so the
 * condition they open is kept on the rule, never dropped. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { taught } from "../rules/taught.ts";

describe("subordinators typed as they sound", () => {
  it("are spelt out", () => {
    assert.deepEqual(
      tokenize("stay out wen im napping").map((t) => t.w),
      ["stay", "out", "when", "i", "am", "napping"],
    );
  });

  it("keep the condition they open on the rule", async () => {
    const { rules } = await taught(
      { rooms: ["workshop", "hall"], sceneId: "s1" },
      "from now on dont go in the workshop wile grandpa is welding",
    );
    assert.equal(rules.length, 1);
    assert.deepEqual(
      rules[0].conditions.map((c) => c.kind),
      ["text"],
    );
  });
});
