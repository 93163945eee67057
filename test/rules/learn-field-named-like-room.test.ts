/**
 * A JSON field whose name is also a word of mentioning ("the room field", "the where key"): said
 * with "field" or "key" it is a field of the JSON rule in force, dropped from it, never a mention
 * rule to retract. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "porch"], sceneId: "s1" };

describe("a field named like a room", () => {
  it("is dropped from the JSON rule in force", async () => {
    for (const m of [
      "you can remove the room key",
      "no need for the room field anymore",
      "drop the room field please",
    ]) {
      const { rules } = await taught(house, "answer in json with the room and the object", m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "json_fields", target: "reply", fields: ["object"] }],
        m,
      );
    }
  });
});
