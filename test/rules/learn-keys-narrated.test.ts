/**
 * Keys in a message that tells what happened ("the spare keys turned up where you said") are the
 * house's keys, not a JSON reply's: thanks and news make no reply rule. A reply's fields are asked
 * for, so the same words as a request still make one. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["attic", "pantry"], sceneId: "s1" };

describe("keys in news are no reply format", () => {
  it("thanks or news that mention keys store nothing", async () => {
    for (const m of [
      "Cheers, the keys were under the cushion like you said.",
      "Great job. Those keys turned up right where you reckoned, much obliged!",
      "the keys sat exactly where you pointed thank you",
      "Found it: keys were by the kettle all along. Ta.",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(rules, [], `${m}: ${JSON.stringify(rules)}`);
    }
  });

  it("fields asked for by name still make a JSON reply rule", async () => {
    const { rules } = await taught(house, "From now on give me replies with the keys room and object");
    assert.equal(rules.length, 1, JSON.stringify(rules));
    assert.equal(rules[0].requirement.kind, "json_fields");
  });
});
