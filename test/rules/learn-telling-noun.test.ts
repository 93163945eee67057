/**
 * A word of telling after a determiner is a noun ("the name of the room", "the report"): a question
 * about the house asks for an answer now and sets no way of replying; the verb ("name the room when
 * you answer") still does. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["kitchen", "study", "sunroom", "cellar"], sceneId: "s1" };

describe("a word of telling used as a noun", () => {
  it("keeps no reply rule from a question about a room's name", async () => {
    for (const m of [
      "Do you know the name of that room by the long table?",
      "what would the name of this room by the stairs be? just curious",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(rules, [], m);
    }
  });

  it("still reads the verb as a way of replying", async () => {
    const { rules, reply } = await taught(house, "From now on, name the room in your answer.");
    assert.equal(rules.length, 1, reply);
    assert.equal(rules[0].requirement.kind, "mention");
  });
});
