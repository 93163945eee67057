/**
 * A message that says the robot overdoes something ("you take far too long in the attic") is a
 * complaint even though it asks nothing outright: it is asked back, never let pass as no
 * correction, and keeps nothing. Praise is no complaint. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const rooms = ["attic", "hallway", "den"];

describe("the robot overdoing something", () => {
  it("is a complaint, asked back", () => {
    for (const m of [
      "you hang about too much in the hallway",
      "you dawdle far too long by the front door",
      "honestly you linger too long in the den most days",
    ]) {
      const out = learn(m, [], { rooms });
      assert.equal(out.signal, true, m);
      assert.deepEqual(
        out.items.map((i) => i.decision),
        ["unclear"],
        m,
      );
      assert.match(out.items[0].question ?? "", /\?/, m);
    }
  });

  it("with thanks it is praise, no correction", () => {
    assert.equal(learn("you were too quick for me, thanks!", [], { rooms }).signal, false);
  });
});
