/**
 * The speaker telling where they found or caught the robot ("I caught you in the attic this
 * morning", "we found that robot in the cellar again today") reports what it did, as "you went into
 * …" does: a time of today in it says when that happened, never that a ban beside it is this task's
 * only. Found things ("I found the keys in the attic this morning") are no report of the robot.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const house = { rooms: ["attic", "cellar"], sceneId: "s1" };
const read = (m: string) => {
  const o = learn(m, [], house);
  return [o.signal, o.items.map((i) => [i.decision, i.draft?.requirement ?? null, i.draft?.persistence ?? null])];
};

describe("where the robot was found or caught", () => {
  it("is a report, and a ban beside it lasts", () => {
    assert.deepEqual(read("Honestly, we found that robot in the cellar again today. Keep out of the cellar."), [
      true,
      [["add", { kind: "avoid_room", room: "cellar" }, "persistent"]],
    ]);
    assert.deepEqual(read("I caught you in the attic this morning. The attic is off limits."), [
      true,
      [["add", { kind: "avoid_room", room: "attic" }, "persistent"]],
    ]);
  });

  it("found things are no report of the robot", () => {
    assert.deepEqual(read("I found the torch in the cellar this morning, thank you"), [false, []]);
  });
});
