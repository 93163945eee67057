/**
 * A ban in force with hours, said again with numbers the learner read no hours from, keeps its
 * hours and is asked about: taking the new words as a ban with no hours would widen it to the whole
 * day. Said again with no numbers, it is the whole day as before. Sentences written for this test,
 * not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { roomsAndHours, taught } from "./taught.ts";

const house = { rooms: ["library", "larder", "porch"], sceneId: "s1" };

describe("a ban with hours said again", () => {
  it("with numbers no hours were read from, keeps its hours and asks", async () => {
    const { rules, reply } = await taught(
      house,
      "stay out of the library from one to five in the afternoon",
      "Re the library, these days it's just one to two you keep out.",
    );
    assert.deepEqual(roomsAndHours(rules), [{ room: "library", when: ["13-17"] }]);
    assert.match(reply, /\?/);
  });

  it("with no numbers, becomes the ban the words say", async () => {
    const { rules } = await taught(
      house,
      "stay out of the library from one to five in the afternoon",
      "actually, never go into the library at all from now on",
    );
    assert.deepEqual(roomsAndHours(rules), [{ room: "library", when: [] }]);
  });
});
