/**
 * A message said outright to be no rule ("not a rule, just saying", "nothing to change") corrects
 * nothing where nothing else in it was read; a request beside such words is still read, and "no
 * rule about X" with more after it is not such a marker. Sentences written for this test, not
 * taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["den", "scullery"] };

describe("news said to be no rule", () => {
  it("corrects nothing", () => {
    for (const m of [
      "The plumber comes on Thursday. Not a rule, just saying.",
      "heads up, the cousins land at noon tomorrow - nothing to change",
    ])
      assert.deepEqual(learn(m, [], ctx), { message: m, signal: false, items: [] }, m);
  });

  it("leaves a request beside it read, and a rule named after it asked", () => {
    const beside = learn("keep out of the scullery, just saying", [], ctx);
    assert.deepEqual(
      beside.items.map((i) => [i.decision, i.draft?.requirement]),
      [["add", { kind: "avoid_room", room: "scullery" }]],
    );
    assert.equal(learn("there is no rule about the den any more", [], ctx).signal, true);
  });
});
