/**
 * A negation said in the past of what the robot did ("you didn't look in the garage", "you never
 * went into the den") reports what happened, often a complaint that it left a room out: it is no
 * ban on that room, and nothing is kept; the past of a wish ("I'd rather you didn't go in") still
 * asks. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "garage", "loft"], sceneId: "s1" };

describe("a negation in the past", () => {
  it("reports, and bans nothing", async () => {
    for (const m of [
      "You did not check the loft.",
      "you didn't look in the garage",
      "you never went into the den",
      "hmm you never even searched the loft",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(rules, [], m);
    }
  });

  it("a ban said now, or as a wish in the past, is still a ban", async () => {
    for (const m of [
      "never go into the den",
      "you do not go in the loft",
      "don't check the garage",
      "I'd rather you didn't go into the den",
      "it would be better if you did not enter the loft",
      "never set foot in the garage after dark",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
    }
  });
});
