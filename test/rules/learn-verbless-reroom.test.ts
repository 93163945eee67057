/**
 * A room put right in verbless parts of one clause ("Correction: the pantry, not the loft"):
 * the one rule about the room replaced moves to the new room and keeps the rest; with no rule
 * about it, which rule is asked. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "loft", "twins' room", "nanny's room"], sceneId: "s1" };

describe("a room put right with no verb", () => {
  it("moves the rule in force to the new room, keeping its hours", async () => {
    for (const m of ["Correction: the pantry, not the loft.", "update - pantry, not loft"]) {
      const { rules } = await taught(house, "Keep out of the loft after 10pm.", m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room: "pantry" }, m);
      assert.deepEqual(
        rules[0].conditions.map((c) => c.kind),
        ["time"],
        m,
      );
    }
  });

  it("with no rule about the room replaced, asks", async () => {
    const { rules, reply } = await taught(house, "Correction: twins' room, not nanny's room.");
    assert.deepEqual(rules, []);
    assert.match(reply, /\?/);
  });
});
