/**
 * A reply rule said not to be needed for this one answer ("the JSON isn't necessary for this
 * particular question") suspends that rule for this task: it never becomes a lasting rule, nor a
 * rule asking for the thing it says is not needed. Said with no word of how long, it is asked.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["hall", "pantry"], sceneId: "s1" };
const json = "Always answer in JSON with the object and the room.";
const cap = "Keep every reply under 15 words.";

describe("a reply rule not needed for this one answer", () => {
  it("keeps the rule in force as it was and stores nothing new", async () => {
    for (const [first, m] of [
      [json, "ok the json isn't necessary for this particular question"],
      [json, "You don't need the JSON format on this one."],
      [cap, "the word limit is not really needed for this specific answer"],
    ] as const) {
      const before = await taught(house, first);
      const { rules, reply } = await taught(house, first, m);
      assert.deepEqual(rules, before.rules, m);
      assert.match(reply, /this task/i, m);
    }
  });

  it("with no rule in force, stores nothing", async () => {
    const { rules } = await taught(house, "JSON output is not needed for this specific one");
    assert.deepEqual(rules, []);
  });

  it("asks whether it lasts when no word says for how long", async () => {
    const { rules, reply } = await taught(house, json, "the json is not needed");
    assert.equal(rules.length, 1);
    assert.equal(rules[0].requirement.kind, "json_fields");
    assert.match(reply, /this time, or from now on/i);
  });
});
