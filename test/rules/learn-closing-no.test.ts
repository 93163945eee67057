/**
 * A bare "no" closing a sentence after a comma refuses the act its clause opens with, when that
 * act is the robot's going in or stopping, told to it in the present ("but linger there, no").
 * A "no" that answers a question, closes a report of what happened or a statement about someone
 * else refuses nothing. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { bareNo, refusedByClosingNo } from "../../src/language/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["garage", "loft", "porch", "guest bedroom"], sceneId: "s1" };
const added = (m: string) =>
  learn(m, [], ctx)
    .items.filter((i) => i.decision === "add")
    .map((i) => i.draft?.requirement);
const words = (s: string) => s.split(" ");

describe("a bare 'no' closing a clause", () => {
  it("refuses the stop or the going in that the clause opens with", () => {
    assert.deepEqual(added("The porch is fine to cross. But linger there, no."), [
      { kind: "no_stop_in_room", room: "porch" },
    ]);
    assert.deepEqual(added("park in the garage, no please"), [{ kind: "no_stop_in_room", room: "garage" }]);
    assert.deepEqual(added("To keep sitting in the loft, no. Thanks."), [{ kind: "no_stop_in_room", room: "loft" }]);
    assert.deepEqual(added("you go into the guest bedroom, no. the baby sleeps there"), [
      { kind: "avoid_room", room: "guest bedroom" },
    ]);
  });

  it("refuses nothing after a question, a report, or someone else's act", () => {
    for (const m of [
      "should you wait in the loft? no",
      "you waited in the loft, no",
      "the cat sits on the porch, no",
      "I told him to park in the garage, no",
    ])
      assert.deepEqual(added(m), [], m);
  });

  it("is read only at the end, after a comma or a glossed act alone, before nothing but thanks or a stop", () => {
    assert.equal(refusedByClosingNo(words("but wait there , no")), 1);
    assert.equal(refusedByClosingNo(words("just keep waiting by the door , no please .")), 2);
    // with no comma only a clause that is the act alone, a word of place at most (sign gloss: "WAIT THERE NO")
    assert.equal(refusedByClosingNo(words("wait there no")), 0);
    assert.equal(refusedByClosingNo(words("keep waiting by the door no")), undefined);
    assert.equal(refusedByClosingNo(words("she waits there no")), undefined);
    assert.equal(refusedByClosingNo(words("wait there , no problem")), undefined);
    assert.equal(refusedByClosingNo(words("tidy the porch , no")), undefined);
    assert.equal(bareNo(words("no thanks")), true);
    assert.equal(bareNo(words("no rush")), false);
  });
});
