/**
 * "tl;dr" (and "tldr") is one word, the short version of a reply: its semicolon ends no sentence,
 * so a one-off asking for it is a reply's style for this task (stage delivery), not an act.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const said = (m: string) =>
  tokenize(m)
    .map((t) => t.w)
    .join(" ");

describe("tl;dr as one word", () => {
  it("reads across its semicolon, keeping the characters it came from", () => {
    assert.equal(said("the TL;DR only"), "the short version only");
    const t = tokenize("a tl;dr please");
    assert.deepEqual([t[1].start, t[2].end], [2, 7]);
    // two words with a semicolon between them stay two sentences
    assert.equal(said("kitchen;den"), "kitchen ; den");
  });

  it("asked for once is this task's reply, at delivery", () => {
    for (const m of ["this time just give me the tl;dr", "on this one only, give me the tldr"]) {
      const [item] = learn(m, [], { rooms: ["den", "study"] }).items;
      assert.equal(item.draft?.persistence, "task_local", m);
      assert.equal(item.draft?.stage, "delivery", m);
    }
  });
});
