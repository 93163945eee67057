/**
 * A message that says it was not said to the robot, or was only talk ("sorry, that wasn't for
 * you", "I'm not talking to you", "just chatting", "thinking out loud"), corrects nothing where
 * nothing else in it was read: no question back. A request said beside such words is still kept,
 * and a report of what the robot did is still asked about. Sentences written for this test, not
 * taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const house = { rooms: ["scullery", "music room"], sceneId: "s1" };
const read = (m: string) => {
  const o = learn(m, [], house);
  return [o.signal, o.items.map((i) => i.decision)];
};

describe("words said to someone else", () => {
  it("correct nothing", () => {
    assert.deepEqual(read("ugh the washing machine is banging again, sorry that one was not meant for you"), [
      false,
      [],
    ]);
    assert.deepEqual(read("The swallows are back under the eaves, aren't they early? Just chatting, carry on."), [
      false,
      [],
    ]);
    assert.deepEqual(read("hmm no, I'm not talking to you, the cat knocked a cup over"), [false, []]);
  });

  it("leave a request beside them kept, and a report of the robot asked about", () => {
    assert.deepEqual(read("keep out of the scullery, sorry, that wasn't for you"), [true, ["add"]]);
    const told = learn("you stopped in the music room again. just thinking out loud", [], house);
    assert.equal(told.signal, true);
  });
});
