/**
 * Negatives of Scots and Northern English ("dinnae", "cannae", "willnae", "nae") are the negatives
 * they stand for: a ban said in them is a ban. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["byre", "kitchen", "spare room"], sceneId: "s1" };
const rules = (m: string) => learn(m, [], ctx).items.map((i) => [i.decision, i.draft?.requirement]);

describe("negatives in -nae", () => {
  it("forbid what they say", () => {
    for (const [m, kind, room] of [
      ["ye dinnae go in the byre, ever", "avoid_room", "byre"],
      ["robot, ye cannae park in the kitchen", "no_stop_in_room", "kitchen"],
      ["nae going into the spare room from now on", "avoid_room", "spare room"],
    ] as const)
      assert.deepEqual(rules(m), [["add", { kind, room }]], m);
  });
});
