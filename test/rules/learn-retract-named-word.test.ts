/**
 * What a retraction names: a word named by its quote after "the word" / "the phrase" is that word
 * to avoid, never the word limit beside it; "you may use it again" after a sentence about one room
 * lets the robot back into that room; a rule pointed at as "my earlier instruction" and withdrawn is
 * the one a permission beside it names, and alone it drops nothing. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { RuleVersion } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "attic", "porch"], sceneId: "s1" };
const RULES = ["Keep your answers under 25 words.", "Never say 'cheerio' to me.", "Don't go out on the porch."];
const kinds = (rules: RuleVersion["rule"][]) => rules.map((r) => r.requirement.kind).sort();

describe("a retraction names what it drops", () => {
  it("drops the word named by its quote, and keeps the word limit", async () => {
    for (const m of ["Cancel the ban on the word 'cheerio'.", "please lift the restriction on the word 'cheerio'"]) {
      const { rules } = await taught(house, ...RULES, m);
      assert.deepEqual(kinds(rules), ["avoid_room", "word_limit"], m);
    }
  });

  it("reads 'you may use it again' after a sentence about one room as that room allowed again", async () => {
    const { rules } = await taught(house, ...RULES, "The porch got repaired. You may use it again.");
    assert.deepEqual(kinds(rules), ["avoid_text", "word_limit"]);
  });

  it("drops the rule a withdrawn instruction points at when a permission beside it names the room", async () => {
    const { rules } = await taught(
      house,
      ...RULES,
      "The porch is safe. You can go out once more; that instruction is withdrawn.",
    );
    assert.deepEqual(kinds(rules), ["avoid_text", "word_limit"]);
    const alone = await taught(house, ...RULES, "that instruction is withdrawn");
    assert.equal(alone.rules.length, 3);
  });
});
