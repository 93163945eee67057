/**
 * The robot's stop said as when and nothing more ("when you sit there", "while you wait in
 * there", "when you're parked by the door") in the reason beside a ban on stopping is that stop: the ban is kept with no condition,
 * not asked about. More said in the clause ("… there with the dog") leaves it a condition.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const house = { rooms: ["boot room", "landing"], sceneId: "s1" };
const read = (m: string) =>
  learn(m, [], house).items.map((i) => [i.decision, i.draft?.requirement ?? null, i.draft?.conditions.length ?? null]);

describe("the robot's stop said as when", () => {
  it("is the reason's, and the ban holds always", () => {
    assert.deepEqual(read("Please never stop in the boot room. You cover the boots when you sit there."), [
      ["add", { kind: "no_stop_in_room", room: "boot room" }, 0],
    ]);
    assert.deepEqual(read("Don't linger on the landing. You trip the kids up whenever you wait in there!"), [
      ["add", { kind: "no_stop_in_room", room: "landing" }, 0],
    ]);
    // texting's "ur" before a participle of stopping is "you are"; a place in the room after it is where
    assert.deepEqual(
      read("u can cross the boot room but dont loiter in there, its a nuisance when ur parked by the bench"),
      [["add", { kind: "no_stop_in_room", room: "boot room" }, 0]],
    );
  });

  it("with more said, stays a condition", () => {
    const [[, , n]] = read("never stop in the boot room while you are standing there with the vacuum");
    assert.equal(n, 1);
  });
});
