/**
 * The read-back turns the user's words to the robot's side: "you" as the subject of a clause is
 * "I" ("unless you hear the bell" → "unless I hear the bell"), "you" as an object is "me" ("when
 * she calls you" → "when she calls me", never "calls I"). Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "hall", "study"], sceneId: "s1" };

describe("the read-back of a condition with 'you' in it", () => {
  it("says 'me' where 'you' was an object, 'I' where it was a subject", async () => {
    for (const [m, said, never] of [
      ["keep out of the den when I tell you", "when you tell me", "tell I"],
      ["only go in the study when Grandad calls you", "when Grandad calls me", "calls I"],
      ["stay out of the hall while you are charging", "while I am charging", "while me"],
      ["keep out of the den unless you hear the bell", "unless I hear the bell", "unless me"],
    ] as const) {
      const { reply } = await taught(house, m);
      assert.ok(reply.includes(said), `${m} → ${reply}`);
      assert.ok(!reply.includes(never), `${m} → ${reply}`);
    }
  });
});
