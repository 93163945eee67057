/**
 * Two verbs of ending up joined by "and" ("don't stop and wait in the snug") are one act under one
 * negation, never a ban on stopping anywhere beside a request to wait in the room. Sentences
 * written for this test, not taken from a set. So are three or more listed with commas ("do not
 * stop, wait or otherwise remain there"), and "therein" points back at the room as "in there" does.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["loft", "scullery", "snug"], sceneId: "s1" };

describe("two verbs of ending up joined", () => {
  it("are one act about the room after them", async () => {
    for (const m of [
      "never pause or wait inside the snug, keep moving",
      "Do not park and sit in the snug.",
      // listed with commas, the last joined by "or" (with "otherwise"), or after a comma of its own
      "Do not halt, sit, or linger in the snug.",
      "You may cross the snug, provided you do not stop, wait or otherwise remain there.",
      // the formal "therein" is the room said before
      "The snug may be crossed, but you shall not idle therein.",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "no_stop_in_room", room: "snug" }],
        m,
      );
    }
  });
});
