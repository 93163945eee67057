/**
 * Thanks said in another language or as "cheers" / "much appreciated", with a remark on how it
 * went ("merci, that was fast!"): praise, no correction, nothing asked back. Sentences written for
 * this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["den"], sceneId: "s1" };

describe("thanks in other words", () => {
  it("is no correction", () => {
    for (const m of [
      "Merci, that was fast!",
      "cheers, that was quick",
      "Asante, that was quick!",
      "gracias, that was speedy",
    ]) {
      const out = learn(m, [], ctx);
      assert.equal(out.signal, false, m);
      assert.deepEqual(out.items, [], m);
    }
  });
});
