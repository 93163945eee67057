/**
 * A complaint that the robot, named rather than addressed ("the robot is a bit too much in the
 * hall"), does something to excess is asked back, as one said to "you" is. Sentences written for
 * this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["hall", "nursery", "study"] };

describe("the robot named as doing too much", () => {
  it("asks back a complaint about it, as one about 'you'", () => {
    for (const m of [
      "The robot is a bit too much in the hall lately.",
      "honestly the bot is way too noisy near the nursery",
    ]) {
      const out = learn(m, [], ctx);
      assert.equal(out.signal, true, m);
      assert.equal(out.items.length, 1, m);
      assert.equal(out.items[0].decision, "unclear", m);
    }
  });
});
