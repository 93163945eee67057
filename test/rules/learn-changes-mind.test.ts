/**
 * A permission said with a word of change of mind ("actually", "instead") about a rule in force
 * that forbids it takes that rule back for good; the same permission without one still asks
 * whether it is for this time or from now on, and one said for this task keeps the rule.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["hall", "pantry"], sceneId: "s1" };
const banned = "Please stop calling me 'captain'.";
const words = (rules: { requirement: { kind: string; text?: string } }[]) =>
  rules.flatMap((r) => (r.requirement.kind === "avoid_text" ? [r.requirement.text] : []));

describe("a permission said as a change of mind", () => {
  it("takes the rule that forbids it back", async () => {
    for (const m of ["actually calling me captain is fine", "Actually saying captain is ok"]) {
      const { rules } = await taught(house, banned, m);
      assert.deepEqual(words(rules), [], m);
    }
  });

  it("without a word of change, or for this task only, the rule stays", async () => {
    for (const m of ["calling me captain is fine", "actually calling me captain is fine this time"]) {
      const { rules } = await taught(house, banned, m);
      assert.deepEqual(words(rules), ["captain"], m);
    }
  });
});
