/**
 * A permission limited by "only" to when the user asks ("you may use the pantry, but only if I
 * tell you to"), with no ban in force, is a ban that gives way when asked: the room is not
 * allowed at other times. Without "only" it bans nothing new. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "attic", "workshop", "guest room"], sceneId: "s1" };

describe("a permission only when asked, with no ban in force", () => {
  it("is a ban on the room with the 'asked' exception", async () => {
    for (const [m, room] of [
      ["you may use the pantry, but only if I tell you to", "pantry"],
      ["The attic is alright only when I ask you to go up there.", "attic"],
      ["feel free to enter the workshop only when I request it", "workshop"],
      // the asking going on, and a call said aloud for the robot
      ["The guest room you can come, but only when I'm calling you. Other times no.", "guest room"],
      ["You can go in the attic, but only when I yell for you. Otherwise stay out.", "attic"],
      ["you can enter the pantry only if we shout for you", "pantry"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room }, m);
      assert.deepEqual(
        rules[0].exceptions.map((e) => e.kind),
        ["instruction_mentions"],
        m,
      );
      assert.deepEqual(rules[0].conditions, [], m);
    }
  });

  it("said as going when asked and no at other times is the same ban", async () => {
    for (const [m, kind, room] of [
      ["You go up to the attic when I call you, otherwise no.", "avoid_room", "attic"],
      ["The workshop is my den, right? You come in if we ask you to, otherwise not.", "avoid_room", "workshop"],
      ["you stop in the guest room if I say so, other times no", "no_stop_in_room", "guest room"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.deepEqual(rules[0].requirement, { kind, room }, m);
      assert.deepEqual(
        rules[0].exceptions.map((e) => e.kind),
        ["instruction_mentions"],
        m,
      );
      assert.deepEqual(rules[0].conditions, [], m);
    }
  });

  it("a shout with nothing for it to summon is no asking", async () => {
    const { rules } = await taught(house, "you can use the workshop, but only when I shout");
    assert.ok(
      rules.every((r) => r.exceptions.every((e) => e.kind !== "instruction_mentions")),
      JSON.stringify(rules),
    );
  });

  it("without 'only', keeps no ban", async () => {
    const { rules } = await taught(house, "the guest room is fine when I tell you to go there");
    assert.deepEqual(rules, []);
  });
});
