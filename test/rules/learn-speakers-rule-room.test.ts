/**
 * "my room" in an update is the room of the one rule in force about a person's own room; with
 * rules about two people's rooms, or none, it stays unread and is asked. Sentences written for
 * this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { roomsAndHours, taught } from "./taught.ts";

const house = { rooms: ["hall", "kitchen", "Tariq's room", "Noor's room", "garage"], sceneId: "s1" };

describe("the speaker's room, read by the rules in force", () => {
  it("a permission with a word of change lifts the one ban on a person's room", async () => {
    for (const m of ["you may go into my room again, it's tidy", "ok my room is fine again now"]) {
      const { rules, reply } = await taught(house, "stay out of Tariq's room", "never go in the garage", m);
      assert.deepEqual(
        roomsAndHours(rules).map((r) => r.room),
        ["garage"],
        m,
      );
      assert.match(reply, /Tariq's room/, m);
    }
  });

  it("hours left banned narrow that ban to them", async () => {
    const { rules } = await taught(
      house,
      "do not enter Noor's room",
      "My room: you can come in now in the day, just not from 10pm until 7am.",
    );
    assert.deepEqual(roomsAndHours(rules), [{ room: "noors room", when: ["22-7"] }]);
  });

  it("with bans on two people's rooms, nothing is lifted and it is asked", async () => {
    const { rules, reply } = await taught(
      house,
      "stay out of Tariq's room",
      "stay out of Noor's room",
      "you may go into my room again",
    );
    assert.equal(rules.length, 2);
    assert.match(reply, /\?/);
  });

  it("with no ban on a person's room, nothing is lifted", async () => {
    const { rules } = await taught(house, "never go in the garage", "you can go in my room again");
    assert.deepEqual(
      roomsAndHours(rules).map((r) => r.room),
      ["garage"],
    );
  });
});
