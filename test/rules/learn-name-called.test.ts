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

describe("a name not to be called, then a subordinate clause", () => {
  it("ends before the subordinator, and the clause is the rule's condition", async () => {
    for (const [m, text, cond] of [
      ["stop calling me buddy when my parents are around", "buddy", "when my parents are around"],
      ["quit calling me chief if we are in the den", "chief", "if we are in the den"],
      ["please don't call me little one while my friends visit", "little one", "while my friends visit"],
    ] as const) {
      const { rules } = await taught(house, m);
      const avoid = rules.find((r) => r.requirement.kind === "avoid_text");
      assert.deepEqual(avoid?.requirement, { kind: "avoid_text", target: "reply", text }, m);
      assert.deepEqual(
        avoid?.conditions.map((c) => c.quote),
        [cond],
        m,
      );
    }
  });
});

describe("a name not to be called, then a phrase of when", () => {
  it("ends before the preposition, and the phrase is the rule's condition", async () => {
    for (const [m, text] of [
      ["stop calling me sweetpea at night", "sweetpea"],
      ["please don't call me captain during dinner", "captain"],
      ["never call me old man on weekends", "old man"],
    ] as const) {
      const { rules } = await taught(house, m);
      const avoid = rules.find((r) => r.requirement.kind === "avoid_text");
      assert.deepEqual(avoid?.requirement, { kind: "avoid_text", target: "reply", text }, m);
      assert.equal(avoid?.conditions.length, 1, `${m}: the phrase is kept as when the rule holds`);
    }
  });
});
