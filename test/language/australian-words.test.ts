/**
 * Australian English's words for parts of the day are read as the English they stand for, so a
 * one-off said with them stays a one-off and a window said with them keeps its hours. Sentences
 * written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { taught } from "../rules/taught.ts";

const words = (s: string) => tokenize(s).map((t) => t.w);
const house = { rooms: ["kitchen", "tool shed", "hallway"], sceneId: "s1" };

describe("Australian words for parts of the day", () => {
  it("are read as the words they stand for, with or without the apostrophe", () => {
    assert.deepEqual(words("s'arvo"), ["this", "afternoon"]);
    assert.deepEqual(words("every arvo after brekky"), ["every", "afternoon", "after", "breakfast"]);
  });

  it("keep a one-off said with them for this task only", async () => {
    for (const m of [
      "only this arvo, steer clear of the tool shed, the dog's had pups in there",
      "s'arvo don't go near the tool shed mate",
    ]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(rules, [], m);
      assert.match(reply, /this task/, m);
    }
  });

  it("give a lasting ban said with them its hours", async () => {
    const { rules } = await taught(house, "keep out of the kitchen every arvo, I have a kip");
    assert.equal(rules.length, 1);
    assert.deepEqual(
      rules[0].conditions.map((c) => c.kind),
      ["time"],
    );
  });
});
