/**
 * A ban said to be lifted in the passive ("the den ban is lifted", "that rule has been cancelled
 * now") retracts the rule it names, as "lift the den ban" does; a retraction verb's participle
 * said of something else ("I dropped my keys in the den") retracts nothing. Sentences written for
 * this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "scullery"], sceneId: "s1" };

describe("a ban said to be lifted", () => {
  it("retracts the rule it names", async () => {
    for (const m of ["alright, the den ban is lifted", "The den rule has been cancelled now."]) {
      const { rules } = await taught(house, "never go into the den", "please don't stop in the scullery", m);
      assert.deepEqual(
        rules.map((r) => r.requirement.kind),
        ["no_stop_in_room"],
        m,
      );
    }
  });

  it("is never read from a participle said of something else", async () => {
    const { rules } = await taught(house, "never go into the den", "I dropped my keys in the den, sorry");
    assert.equal(rules.length, 1);
  });
});
