/**
 * A line of a list headed as the reasons ("why: …", "reason: …") says why the rule holds: a room
 * named in it is no room of the rule, and the rule is kept with the hours its own lines give. A
 * time said in the reasons may still be when the rule holds, and is asked. Sentences written for
 * this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["kitchen", "garage", "study", "cellar", "pantry"], sceneId: "s1" };

describe("a line of reasons in a list", () => {
  it("names no room of the rule", async () => {
    const { rules, reply } = await taught(
      house,
      "- cellar: off limits\n- when: 9 pm to 6 am\n- why: damp, and the pantry door sticks",
    );
    assert.deepEqual(
      rules.map((r) => [r.requirement.kind, "room" in r.requirement ? r.requirement.room : "", r.conditions.length]),
      [["avoid_room", "cellar", 1]],
      reply,
    );
  });

  it("a time in it is still asked", async () => {
    const { rules, reply } = await taught(house, "cellar: off limits\nreason: in the evenings the boiler runs");
    assert.deepEqual(rules, [], reply);
  });
});
