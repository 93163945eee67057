/**
 * "quit calling me young lady": the name not to be called is the words after the verb, up to the
 * end of the clause, a joining word or a new subject; quoted, the quote. Sentences written for
 * this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "hall"], sceneId: "s1" };

describe("a name not to be called", () => {
  it("is every word of it", async () => {
    for (const [m, text] of [
      ["quit calling me young lady", "young lady"],
      ["please never call me old timer, it's rude", "old timer"],
      ["stop calling me boss i am not your boss", "boss"],
      ["don't call me kiddo and keep out of the den", "kiddo"],
    ] as const) {
      const { rules } = await taught(house, m);
      const avoid = rules.find((r) => r.requirement.kind === "avoid_text");
      assert.deepEqual(avoid?.requirement, { kind: "avoid_text", target: "reply", text }, m);
    }
  });
});
