/**
 * A letter typed twice in a word the grammar leans on ("todday", "onlly") is the word: a one-off
 * marker typed so stays a one-off, never a lasting rule. Sentences written for this test, not taken
 * from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { repaired } from "../../src/language/spelling.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["garage", "den"], sceneId: "s1" };

describe("a letter typed twice", () => {
  it("is repaired in the words the grammar leans on, and only there", () => {
    assert.equal(repaired("todday"), "today");
    assert.equal(repaired("onlly"), "only");
    assert.equal(repaired("tonnight"), "tonight");
    assert.equal(repaired("coffee"), undefined);
  });

  it("keeps a one-off marker typed so for this task only", () => {
    for (const m of [
      "just for todday please keep out of the garage",
      "tonnight dont go in the den, the floor is drying",
    ]) {
      const items = learn(m, [], ctx).items;
      assert.ok(items.length > 0, m);
      for (const i of items) assert.notEqual(i.draft?.persistence, "persistent", m);
    }
  });
});
