/**
 * A new value set tersely, its pronoun left out ("make 25") or offered ("let's say 25"), is the
 * new count of the word limit in force, as "make it 25" is; with no limit in force nothing is
 * kept (never a free-text rule in the offer's words). Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den"], sceneId: "s1" };
type Rule = Awaited<ReturnType<typeof taught>>["rules"][number];
const limit = (r: Rule) => (r.requirement.kind === "word_limit" ? r.requirement.maxWords : undefined);

describe("a value set tersely", () => {
  it("revises the limit in force", async () => {
    for (const m of ["30 is a lot, make 25.", "hmm, 30 is too many, let's say 25", "make 25 please"]) {
      const { rules } = await taught(house, "Keep your answers to 30 words at most.", m);
      assert.equal(rules.length, 1, m);
      assert.equal(limit(rules[0]), 25, m);
    }
  });

  it("keeps nothing with no limit in force", async () => {
    for (const m of ["let's say 25", "make 25"]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 0, m);
    }
  });
});
