/**
 * A room described as "the <adjective> one by / next to …" ("the narrow one next to the
 * scullery") corrects nothing: "one" stands for the room described, not for a rule, as it already
 * did with no adjective ("the one by the stairs"). Only adjectives of size, age, order or colour
 * stand so; a ban said beside such a description is still a correction. Sentences written for
 * this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const house = { rooms: ["pantry", "den", "scullery", "kitchen"], sceneId: "s1" };
const read = (m: string) => learn(m, [], house);

describe("a room described as the narrow one next to …", () => {
  it("is no correction", () => {
    for (const m of [
      "The pantry is the narrow one next to the scullery.",
      "Scullery is the tiny one behind the kitchen, with the blue door.",
    ])
      assert.equal(read(m).signal, false, m);
  });

  it("leaves a ban said beside it a correction", () => {
    const r = read("The den is the little one by the back door, never go in it.");
    assert.equal(r.signal, true);
    assert.ok(r.items.length > 0);
  });
});
