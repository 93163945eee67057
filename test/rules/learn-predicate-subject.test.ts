/**
 * A predicate of permission ("… is open", "… is fine") permits only its own subject: in "keep out
 * of the pantry when the door is open" the door is open, and the ban on the pantry is kept (with
 * its condition), never lifted; "the pantry is fine again" and "the pantry one is ok now" still
 * permit the pantry. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "garage", "attic"], sceneId: "s1" };

describe("a predicate of permission", () => {
  it("said of something else than the room never lifts the ban on the room", async () => {
    for (const m of [
      "keep out of the pantry when the door is open",
      "stay away from the pantry while the window is open",
      "don't go in the pantry if the fridge door is open",
    ]) {
      const { rules } = await taught(house, "stay out of the pantry", m);
      const pantry = rules.filter((r) => r.requirement.kind === "avoid_room");
      assert.ok(pantry.length >= 1, m);
      for (const r of pantry) assert.deepEqual(r.exceptions, [], `${m}: ${JSON.stringify(r.exceptions)}`);
    }
  });

  it("said of the room, or of its rule, permits it", async () => {
    for (const m of ["the pantry is fine again from now on", "the pantry one is ok again from now on"]) {
      const { rules } = await taught(house, "stay out of the pantry", m);
      assert.deepEqual(rules, [], m);
    }
  });
});
