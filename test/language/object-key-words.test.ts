/**
 * Words that happen to name one of JavaScript's own object keys ("constructor", "valueof") are
 * words like any other: the word tables must find nothing for them, and a message that holds one is
 * read, not thrown on. A message with "constructor" in it once made the learner throw.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { taught } from "../rules/taught.ts";

const house = { rooms: ["kitchen", "workshop", "hallway"], sceneId: "s1" };
const KEYS = Object.getOwnPropertyNames(Object.prototype).map((k) => k.toLowerCase());

describe("words that name an object's own keys", () => {
  it("are tokens as typed, in any position", () => {
    for (const k of KEYS) {
      const words = tokenize(`${k}, the ${k} and y ${k}`).map((t) => t.w);
      assert.ok(
        words.every((w) => typeof w === "string"),
        k,
      );
    }
    assert.deepEqual(
      tokenize("the constructor, y constructor").map((t) => t.w),
      ["the", "constructor", ",", "y", "constructor"],
    );
  });

  it("are read by the learner like any other word", async () => {
    for (const k of KEYS) {
      const { rules } = await taught(house, `The ${k} stuff is in the hallway, please stay out of the kitchen.`);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "avoid_room", room: "kitchen" }],
        k,
      );
    }
  });

  it("leave the rule around them read as without them", async () => {
    const { rules } = await taught(
      house,
      "The constructor kit is all over the workshop floor, keep out of the workshop.",
    );
    assert.deepEqual(
      rules.map((r) => r.requirement),
      [{ kind: "avoid_room", room: "workshop" }],
    );
    assert.equal(rules[0].rationale, "The constructor kit is all over the workshop floor");
  });
});
