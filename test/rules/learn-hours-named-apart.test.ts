/**
 * A ban held while something goes on, with that thing's hours said in a sentence of their own,
 * holds at those hours; hours of something else stay apart and are asked about. A kitchen's "86"
 * bans a room, and "for the robot" after a ban says whom it is for, no condition. Sentences
 * written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { roomsAndHours, taught } from "./taught.ts";

const house = { rooms: ["den", "larder", "music room"], sceneId: "s1" };

describe("hours said apart from the ban they bound", () => {
  it("reads the hours of what the condition names as the ban's window", async () => {
    for (const [m, when] of [
      ["Keep out of the music room during her lesson. Her lesson is 4 to 5 pm.", "16-17"],
      ["Stay out of the den while Grandad dozes. He dozes from 2 to 4 in the afternoon.", "14-16"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        roomsAndHours(rules).map((r) => r.when),
        [[when]],
        m,
      );
    }
  });

  it("keeps a condition whose hours are of something else, and stores nothing unasked", async () => {
    const { rules, reply } = await taught(
      house,
      "Stay out of the den while the twins are asleep. The twins eat from 6 to 7 pm.",
    );
    assert.ok(rules.every((r) => r.conditions.some((c) => c.kind === "text")));
    assert.match(reply, /\?/);
  });

  it("reads a kitchen's 86 as a ban on the room, and the robot it is for as no condition", async () => {
    for (const m of ["The larder is 86 for you.", "86 the larder for the robot."]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(roomsAndHours(rules), [{ room: "larder", when: [] }], m);
    }
  });
});
