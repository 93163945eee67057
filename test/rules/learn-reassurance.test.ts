/**
 * "don't worry", "not to worry about it": reassurance says how the hearer should feel and asks
 * nothing of what the robot does. Alone or beside a statement of what the speaker will do, it is
 * no correction; beside a request, the request is read as ever; about a room ("don't worry about
 * the study") it is not this, and is asked. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { reassures } from "../../src/language/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["study", "kitchen"], sceneId: "s1" };

describe("reassurance", () => {
  it("is a clause of its own that asks nothing", () => {
    for (const s of ["don't worry", "not to worry about it", "oh no need to worry"]) assert.ok(reassures(s), s);
    for (const s of ["don't worry about the study", "don't go in the study"]) assert.ok(!reassures(s), s);
  });

  it("alone, or beside what the speaker will do, is no correction", () => {
    for (const m of ["Not to worry!", "I'll top up your battery tonight, don't worry about it."]) {
      const out = learn(m, [], ctx);
      assert.equal(out.signal, false, m);
      assert.deepEqual(out.items, [], m);
    }
  });

  it("beside a request leaves the request read", () => {
    const out = learn("don't worry, just keep out of the kitchen", [], ctx);
    assert.deepEqual(
      out.items.map((i) => [i.decision, i.draft?.requirement]),
      [["add", { kind: "avoid_room", room: "kitchen" }]],
    );
  });
});
