/**
 * A house label that says whose room it is ("Papa's office", "Nana's study") is that room when it
 * is said with its "'s", never the wider room its last word names (an "office" the house may not
 * have, or another one). Sentences and house written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["kitchen", "Nana's study", "Mum's sewing room", "hallway"], sceneId: "s1" };
const kept = (m: string) =>
  learn(m, [], ctx).items.map((i) => [
    i.decision,
    i.draft?.requirement,
    i.draft?.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
  ]);

describe("a house label with an owner", () => {
  it("is read whole, with what is said after it", () => {
    assert.deepEqual(kept("from now on keep out of Nana's study"), [
      ["add", { kind: "avoid_room", room: "nanas study" }, []],
    ]);
    assert.deepEqual(kept("don't go in Nana's study, please."), [
      ["add", { kind: "avoid_room", room: "nanas study" }, []],
    ]);
    assert.deepEqual(kept("never go into Mum's sewing room after 8 pm"), [
      ["add", { kind: "avoid_room", room: "mums sewing room" }, [[20, 6]]],
    ]);
  });

  it("an owner the house does not label is not widened to the room its last word names", () => {
    for (const [, req] of kept("stay out of Dad's study please"))
      assert.notDeepEqual(req, { kind: "avoid_room", room: "nanas study" });
  });
});
