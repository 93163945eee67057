/**
 * A retraction whose object only points back ("ignore it", "this ban you may drop") drops
 * the reply rule the message named before it by its noun ("the word limit"), also in a sentence
 * before it; leave to drop ("you may …") is dropping; "discontinue" drops as "cancel" does. A
 * complaint that names no rule, or two rules named before "it", changes nothing and is asked.
 * Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "loft", "cellar", "kitchen"], sceneId: "s1" };
const limit = "Keep every reply under 12 words.";
const kinds = (rules: Awaited<ReturnType<typeof taught>>["rules"]) => rules.map((r) => r.requirement.kind).sort();

describe("a retraction that points back at a rule named before it", () => {
  it("drops the reply rule named by its noun", async () => {
    for (const m of [
      "The word limit felt too tight. You may disregard it now.",
      "that word limit of yours; you can ignore it entirely",
      "Brief answers: this ban you may drop now.",
    ]) {
      const { rules } = await taught(house, limit, "Never go into the loft.", m);
      assert.deepEqual(kinds(rules), ["avoid_room"], m);
    }
  });

  it("'discontinue' drops the rule it names", async () => {
    const { rules } = await taught(house, "Stay out of the cellar.", "Please discontinue the cellar restriction.");
    assert.deepEqual(rules, []);
  });

  it("changes nothing when no rule is named, or two are", async () => {
    for (const m of [
      "Your answers run long. Forget it.",
      "The loft rule and the word limit are both silly. Drop it.",
    ]) {
      const { rules, reply } = await taught(house, limit, "Never go into the loft.", m);
      assert.deepEqual(kinds(rules), ["avoid_room", "word_limit"], m);
      assert.match(reply, /\?/, m);
    }
  });
});
