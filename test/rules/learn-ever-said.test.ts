/**
 * "ever" is read as said: an English word of its own is never "repaired" into another ("ever" is
 * no "never" with a letter left out), and "ever so kind" (a degree) or "has he ever been" (a
 * question of the past) says nothing lasts. A ban said with "ever" ("don't ever …", "never ever …")
 * stays a correction, and "nevr" is still read as "never". Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { repaired } from "../../src/language/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const house = { rooms: ["pantry", "den", "scullery", "kitchen"], sceneId: "s1" };
const read = (m: string) => learn(m, [], house);

describe("ever", () => {
  it("is never repaired into never; a slip of never still is", () => {
    assert.equal(repaired("ever"), undefined);
    assert.equal(repaired("nevr"), "never");
  });

  it("as a degree or a question of the past makes no correction", () => {
    for (const m of [
      "Thank you, that was ever so kind of you.",
      "Has he ever been to Lisbon? Lovely city.",
      "Did you ever see the sea? Lovely in spring.",
    ])
      assert.equal(read(m).signal, false, m);
  });

  it("with a ban stays a correction", () => {
    for (const m of ["don't ever so much as peek into the pantry", "thanks, and never ever stop in the scullery"]) {
      const r = read(m);
      assert.equal(r.signal, true, m);
      assert.ok(r.items.length > 0, m);
    }
    assert.ok(read("nevr go in the den").items.some((i) => i.decision === "add"));
  });
});
