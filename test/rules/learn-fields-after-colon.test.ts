/**
 * "Answer in JSON. Keys: item, place.": a list of fields said after a colon, in a sentence with no
 * verb of its own, is the JSON rule's, for as long as that rule is kept. Sentences written for
 * this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["hall"], sceneId: "s1" };

describe("fields listed after a colon", () => {
  it("are the JSON rule's fields", async () => {
    const { rules } = await taught(house, "From now on answer in JSON. Keys: item, place.");
    assert.deepEqual(
      rules.map((r) => r.requirement),
      [{ kind: "json_fields", target: "reply", fields: ["item", "place"] }],
    );
  });

  it("last only as long as the JSON rule does", async () => {
    const { rules } = await taught(house, "For this one only, answer in JSON. Fields: item, place.");
    assert.deepEqual(rules, []);
  });
});
