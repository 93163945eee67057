/**
 * A retraction whose object is only a pronoun ("cancel it", "drop that") is about the topic named
 * in a verbless part before it ("the loft business, cancel it"); a rule the message retracts takes
 * no other change from the same message. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["loft", "pantry", "boiler room"], sceneId: "s1" };

describe("a retraction by topic", () => {
  it("retracts the rule about the topic named before it", async () => {
    for (const m of ["The loft business, cancel it.", "that loft thing - drop it please"]) {
      const { rules } = await taught(house, "Stay out of the loft.", "Never stop in the pantry.", m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "no_stop_in_room", room: "pantry" }],
        m,
      );
    }
  });

  it("a topic that names no rule's subject retracts nothing", async () => {
    const { rules } = await taught(house, "Stay out of the loft.", "The weather thing, cancel it.");
    assert.equal(rules.length, 1);
  });

  it("the rule retracted takes no other change from the message", async () => {
    const { rules } = await taught(
      house,
      "Keep out of the boiler room while it is running.",
      "The boiler room rule, cancel it. It only runs in the morning now.",
    );
    assert.deepEqual(rules, []);
  });
});
