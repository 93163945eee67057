/**
 * "After your search", "once the job is done": the end of the robot's own errand is when it
 * stops, so a rule about where it stops holds then anyway; it is no condition, and the rule
 * stays one the robot can check. A condition about the household stays one. Sentences written
 * for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["conservatory", "utility room", "landing"], sceneId: "s1" };

describe("the end of the robot's own errand is no condition", () => {
  it("a no-stop rule said with the errand's end keeps no condition", async () => {
    for (const m of [
      "Please don't park yourself in the conservatory after your search.",
      "when the job is done, do not wait on landing",
      "Once your hunt's over, don't hang about in the utility room",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.equal(rules[0].requirement.kind, "no_stop_in_room", m);
      assert.deepEqual(rules[0].conditions ?? [], [], `${m}: ${JSON.stringify(rules[0])}`);
    }
  });

  it("a household condition beside it is kept", async () => {
    const { rules } = await taught(house, "Don't wait in the conservatory when the washing is drying in there");
    assert.equal(rules.length, 1, JSON.stringify(rules));
    assert.ok((rules[0].conditions ?? []).length > 0, JSON.stringify(rules[0]));
  });
});
