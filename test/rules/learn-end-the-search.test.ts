/**
 * "don't end the search in the study": ending what the robot is doing in a room is stopping
 * there, so it may pass through; it is not kept out. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

describe("ending the task in a room", () => {
  it("is a rule against stopping there", async () => {
    for (const m of ["Please never finish your task in the study.", "don't end the search in the study, ever"]) {
      const { rules } = await taught({ rooms: ["study", "hall"], sceneId: "s1" }, m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "no_stop_in_room", room: "study" }],
        m,
      );
    }
  });
});
