/**
 * The speaker's own wish to see, learn or know something ("I'd like to see the river from up
 * there") asks nothing of the robot: beside a question about the house it is no correction. A wish
 * with the robot in it, a negation or an amount stays what the rest of the grammar reads.
 * Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { wishesToTakeIn } from "../../src/language/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const rooms = ["den", "attic", "study", "sun porch"];

describe("the speaker's own wish to see or learn", () => {
  it("is read from the speaker wanting to see, learn or know, with no robot, negation or amount", () => {
    for (const s of ["i would like to see the hills from there", "we really want to learn the names", "i want to know"])
      assert.ok(wishesToTakeIn(s), s);
    for (const s of [
      "i would like you to see the den is tidy",
      "i would like to see less of the robot",
      "i do not want to see it in the study",
      "i want to sleep in the den",
    ])
      assert.ok(!wishesToTakeIn(s), s);
  });

  it("beside a question about the house is no correction", () => {
    for (const m of [
      "Which one is the sun porch? I'd love to see the garden from it.",
      "What do you call the room at the top of the stairs? We want to learn the names.",
    ]) {
      const out = learn(m, [], { rooms, sceneId: "s1" });
      assert.equal(out.signal, false, `${m}: ${JSON.stringify(out.items)}`);
    }
  });

  it("with the robot, a negation or an amount in it, still corrects", () => {
    for (const m of ["I'd like to see less of you in the den.", "I would like to see you stay out of the study."]) {
      const out = learn(m, [], { rooms, sceneId: "s1" });
      assert.equal(out.signal, true, m);
    }
  });
});
