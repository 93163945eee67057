/**
 * What the user is not sure of yet, or only complains about, is asked back and never kept: doubt
 * with a word of degree ("not quite sure"), a mind that may still change, a decision put off until
 * someone else is asked; and "you are always in the way", which says where the robot is, not what
 * to do. A firm request beside them is kept as before. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "larder", "sun room", "hall"], sceneId: "s9" };

describe("a request the user is not sure of yet", () => {
  it("is asked back, never kept", async () => {
    for (const m of [
      "I'm not quite sure about this, but perhaps the larder should be off limits after 8pm? I'll ask my wife first.",
      "maybe the sun room should be out of bounds in the mornings? Let me check with the kids first.",
      "We might change our minds later, but stay out of the den on weekdays.",
      "I am not totally certain, keep out of the larder",
    ]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(rules, [], m);
      assert.match(reply, /\?/, reply);
    }
  });

  it("a firm request is kept as before", async () => {
    const { rules } = await taught(house, "I am quite sure about it: stay out of the larder after 8pm.");
    assert.equal(rules.length, 1);
  });
});

describe("a complaint that says where the robot is", () => {
  it("asks what to do, and keeps nothing", async () => {
    for (const m of [
      "you are always in the way when I'm ironing",
      "you're constantly under my feet in the mornings",
      "you are too slow in the hall",
    ]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(rules, [], m);
      assert.match(reply, /\?/, reply);
    }
  });

  it("a request said beside it is kept, and a duty said with 'are' still directs", async () => {
    for (const m of [
      "you are always in the way, so keep out of the den while I'm ironing",
      "you are not to go in the den",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
    }
  });
});
