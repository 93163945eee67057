/**
 * A negated verb of ending up with only its particle ("never stop inside") is about the one room
 * the message names, as "keep out" is; a bare "don't stop" may mean "keep going" and names no
 * room, so it is asked. A room passed "without" stopping ("walk through the snug without lingering")
 * is a room not to stop in, and so is a room where stopping is the subject of a predicate of
 * forbidding ("lingering in the loft is not allowed", "to wait there, it is forbidden"). Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["loft", "scullery", "snug"], sceneId: "s1" };

describe("a verb of ending up with only its particle", () => {
  it("is about the one room the message names", async () => {
    for (const m of [
      "you're welcome to pass through the scullery, but never stop inside",
      "scullery - don't wait in there",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "no_stop_in_room", room: "scullery" }],
        m,
      );
    }
  });

  it("bare, or with several rooms named, keeps no rule about a room", () => {
    for (const m of ["don't stop, the loft is where it usually is", "the loft or the snug, never stop inside"]) {
      const out = learn(m, [], house);
      assert.ok(
        out.items.every((i) => i.decision !== "add"),
        `${m}: ${JSON.stringify(out.items.map((i) => [i.decision, i.draft?.requirement]))}`,
      );
    }
  });
});

describe("a room passed 'without' stopping", () => {
  it("is a room not to stop in, lasting or this task's as said", async () => {
    for (const [m, room] of [
      ["from now on walk through the scullery without stopping", "scullery"],
      ["Cross the snug without lingering, the rug slips.", "snug"],
    ] as const) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [r.requirement, r.persistence]),
        [[{ kind: "no_stop_in_room", room }, "persistent"]],
        `${m}: ${reply}`,
      );
    }
    const once = learn("only this one time, pass the loft without waiting", [], house);
    assert.deepEqual(
      once.items.map((i) => [i.decision, i.draft?.requirement]),
      [["task_local", { kind: "no_stop_in_room", room: "loft" }]],
    );
  });
});

describe("a verb of ending up said as the subject of a predicate of forbidding", () => {
  it("forbids stopping there, not going in", async () => {
    for (const [m, room] of [
      ["Lingering in the loft is not allowed.", "loft"],
      ["to sit in the snug is forbidden, the sofa is new", "snug"],
      // "there" after the verb of ending up is where, though "is" follows it
      ["feel free to cross the loft, but idling there is not allowed", "loft"],
      ["you may walk through the snug, but to sit there is forbidden", "snug"],
      // the infinitive said first and taken up by "it"
      ["The scullery you can pass, but to linger there, it is not allowed.", "scullery"],
      ["in the loft you may go through, but to park in it, ah, it is forbidden", "loft"],
    ] as const) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "no_stop_in_room", room }],
        `${m}: ${reply}`,
      );
    }
    const { rules } = await taught(house, "going into the scullery is not allowed");
    assert.deepEqual(
      rules.map((r) => r.requirement),
      [{ kind: "avoid_room", room: "scullery" }],
    );
  });
});
