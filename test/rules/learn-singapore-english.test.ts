/**
 * Colloquial Singapore English the grammar did not read: sentence particles (lah, leh, lor, hor,
 * "ah" after a topic, "one" ending a clause) say only stance, "anyhow" before a verb of going adds
 * no condition, and a bare "cannot" after a said time or opening a clause before a verb of going
 * is a ban then. An English "one" after an article, and a "cannot" with its own subject, stay as
 * they are. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/tokens.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "garage", "veranda", "study"], sceneId: "s1" };
const words = (m: string) => tokenize(m).map((t) => t.w);
const read = async (m: string) =>
  (await taught(house, m)).rules.map((r) => [
    r.requirement.kind,
    (r.requirement as { room?: string }).room,
    r.conditions.length,
  ]);

describe("a ban said in Singapore English", () => {
  it("is read through its particles", async () => {
    assert.deepEqual(await read("The garage leh, don't anyhow walk in lor, Papa fixing car one."), [
      ["avoid_room", "garage", 0],
    ]);
    assert.deepEqual(await read("Study cannot go in hor, very messy one."), [["avoid_room", "study", 0]]);
  });

  it("keeps the time a bare cannot is said with", async () => {
    assert.deepEqual(await read("The veranda ah, after 10pm cannot lah."), [["avoid_room", "veranda", 1]]);
  });
});

describe("particles and the bare modal as words", () => {
  it("drops the particles and gives the bare cannot its listener and its going", () => {
    assert.deepEqual(words("pantry ah, after 7 pm cannot lah"), [
      ...["pantry", ",", "after", "7", "pm", "you", "can", "not", "go", "in"],
    ]);
    assert.deepEqual(words("cannot enter leh, baby napping one"), [
      ...["you", "can", "not", "enter", ",", "baby", "napping"],
    ]);
  });

  it("leaves an English one, ah or cannot as it is", () => {
    assert.deepEqual(words("take the sleeping one"), ["take", "the", "sleeping", "one"]);
    assert.deepEqual(words("ah, I see"), ["ah", ",", "i", "see"]);
    assert.deepEqual(words("the dog cannot go in"), ["the", "dog", "can", "not", "go", "in"]);
  });
});
