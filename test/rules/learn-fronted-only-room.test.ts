/**
 * A verb of going limited by "only" with no object of its own acts on the room said before it:
 * fronted as the place ("in the cellar you only go when I ask") or set off as the message's topic
 * ("the attic — only go up there if I tell you"), or spoken of in a statement before it ("the attic is
 * my studio now. you come up only when I shout for you"). Two rooms before it, or a room of its own after
 * it, and the fronted one is not taken. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { taught } from "./taught.ts";

const rooms = ["attic", "cellar", "pantry", "garage", "den"];
const house = { rooms, sceneId: "s1" };

describe("a room said before a verb of going limited by 'only'", () => {
  it("is a ban that gives way on request", async () => {
    for (const [m, room] of [
      ["the attic — only go up there if I tell you", "attic"],
      ["In the cellar you only go when I ask.", "cellar"],
      ["pantry: only go in when I have asked you", "pantry"],
      ["in the garage, you go only if I've told you to", "garage"],
      // spoken of in a statement before it, the ban said again of the other times
      ["The attic is my studio now. You come up only when I shout for you.", "attic"],
      ["the den's where I work. you go in only if I ask you, any other time keep out", "den"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [r.requirement, r.persistence, r.exceptions.map((e) => e.kind), r.conditions]),
        [[{ kind: "avoid_room", room }, "persistent", ["instruction_mentions"], []]],
        m,
      );
    }
  });

  it("two rooms before it: which one is asked, nothing kept", async () => {
    const m = "the den and the attic: enter only when I have said you can";
    assert.ok(!learn(m, [], { rooms }).items.some((i) => i.decision === "add"), m);
    assert.deepEqual((await taught(house, m)).rules, [], m);
  });

  it("after a directive about another room, the room is not taken from it", async () => {
    const m = "keep off the landing. you come in only when I shout for you";
    const { rules } = await taught(house, m);
    assert.ok(!rules.some((r) => r.exceptions.length > 0), JSON.stringify(rules));
  });

  it("with a room of its own after the verb, the fronted room is never banned", async () => {
    const m = "in the den you only go to the pantry when I ask";
    const { rules } = await taught(house, m);
    assert.ok(!rules.some((r) => "room" in r.requirement && r.requirement.room === "den"), JSON.stringify(rules));
  });
});
