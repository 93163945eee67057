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

  it("a need denied of a pronoun takes up the reply rule set off before it", async () => {
    for (const m of [
      "Those JSON replies of yours, honestly I don't need them anymore.",
      "This JSON you write out for me, we do not need it any longer.",
      "The JSON format, ok, I don't need it more.",
    ]) {
      const { rules } = await taught(
        house,
        "Reply in JSON giving the fields item and room.",
        "Never stop in the pantry.",
        m,
      );
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "no_stop_in_room", room: "pantry" }],
        m,
      );
    }
    const m = "Which room you found it in, I really don't need that any more.";
    const { rules } = await taught(house, "Always tell me which room you found the thing in.", m);
    assert.deepEqual(rules, [], m);
  });

  it("a need denied with no lasting word, or compared, drops nothing", async () => {
    for (const m of ["The JSON, I don't need it more than the room.", "The JSON, I don't need it for this one."]) {
      const { rules } = await taught(house, "Reply in JSON giving the fields item and room.", m);
      assert.equal(rules.length, 1, m);
    }
  });
});
