/**
 * A message keeps no rule it did not ask for: a window named twice in one message is one rule, a
 * door's key said in thanks or news is no JSON field, and the conduct a user complains of (its
 * subject dropped, as texting drops it) is never kept as what to do. Sentences written for this test, not taken
 * from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["library", "garage", "porch"], sceneId: "s1" };

describe("a message keeps only what it asks", () => {
  it("one window named twice is one rule", async () => {
    for (const m of [
      "Evenings, the library is for reading. Please don't come in there in the evening.",
      "In the mornings the porch is busy, so no going out there in the morning.",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules.map((r) => [r.requirement, r.conditions]))}`);
    }
  });

  it("a key of or to a room is a door's key, never a field of the reply", async () => {
    for (const m of [
      "Well done, you find the key of the garage on the porch. Many thanks.",
      "Good job, the key to the library was in the garage all along.",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(rules, [], m);
    }
  });

  it("a field named as a key is still read", async () => {
    const { rules } = await taught(house, "in your replies, add an object key and a room key");
    assert.ok(rules.some((r) => r.requirement.kind === "json_fields"));
  });

  it("the conduct complained of, its subject dropped, is asked about, never kept", async () => {
    for (const m of [
      "bot so annoying leh, always follow me around the flat",
      "robot very irritating, always come after me everywhere. can stop a bit or not",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(rules, [], m);
    }
    // a refusal beside the complaint is still read as asked
    const { rules } = await taught(house, "so annoying, never go into the garage again");
    assert.ok(rules.some((r) => r.requirement.kind === "avoid_room"));
  });
});
