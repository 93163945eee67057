/**
 * A condition said first, with no comma, before a requirement whose subject is the robot ("when
 * the gate of the yard is open you keep out of the yard"): the room inside the condition after "of"
 * says whose the noun is and is no permission for that room, and the condition ends before "you".
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["yard", "pantry", "sewing room"], sceneId: "s1" };

describe("a condition said first, then you and the requirement", () => {
  it("keeps the ban with the condition, whatever room the condition names after 'of'", async () => {
    for (const [m, room] of [
      ["when the gate of the yard is open you keep out of the yard", "yard"],
      ["if the light of the pantry is on you stay out of the pantry", "pantry"],
      ["when the window of the sewing room is open u keep out of it", "sewing room"],
    ] as const) {
      const { rules, reply } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      const [r] = rules;
      assert.equal(r.requirement.kind, "avoid_room", m);
      assert.equal(r.requirement.kind === "avoid_room" && r.requirement.room, room, m);
      assert.deepEqual(
        r.conditions.map((c) => c.kind),
        ["text"],
        m,
      );
      // the read-back says the condition without the requirement's subject
      assert.doesNotMatch(reply, /\b(?:open|on) (?:I|you);/, m);
    }
  });

  it("a room said open after a ban lifts it only when the room is what is open", async () => {
    const lifted = await taught(house, "Keep out of the pantry.", "the pantry is open again");
    assert.equal(lifted.rules.length, 0);
    const kept = await taught(house, "Keep out of the pantry.", "the door of the pantry is open now, mind the draught");
    assert.ok(
      kept.rules.some((r) => r.requirement.kind === "avoid_room" && r.requirement.room === "pantry"),
      kept.reply,
    );
  });
});
