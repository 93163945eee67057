/**
 * A house label that says whose room it is, the owner named in two words ("Li Na's room",
 * "Aunty Joy's study"), is that label when said, as a one-word owner's is ("Papa's office"); never
 * read as a shorter room ("nas room"). Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["Li Na's room", "Aunty Joy's study", "kitchen"], sceneId: "s1" };
const rooms = (m: string) =>
  learn(m, [], ctx).items.map((i) => [
    i.decision,
    i.draft?.requirement && "room" in i.draft.requirement ? i.draft.requirement.room : undefined,
  ]);

describe("a room whose owner is named in two words", () => {
  it("is the house's label", () => {
    assert.deepEqual(rooms("please never go into Li Na's room"), [["add", "li nas room"]]);
    assert.deepEqual(rooms("Aunty Joy's study, don't go in"), [["add", "aunty joys study"]]);
  });
});
