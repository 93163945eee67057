/**
 * A discourse particle that closes a clause ("lah", "leh", "lor", "po") gives the speaker's stance
 * and is never part of the word the user asks not to be called; one with a word after it may open
 * a name ("Ah Boy"). Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["kitchen"], sceneId: "s1" };
const avoided = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.flatMap((r) => (r.requirement.kind === "avoid_text" ? [r.requirement.text] : []));

describe("a discourse particle after a name the user refuses", () => {
  it("is left out of the avoided word", async () => {
    const { rules } = await taught(house, "Don't call me uncle lor, I'm not that old.");
    assert.deepEqual(avoided(rules), ["uncle"]);
  });

  it("is left out at the end of the message too", async () => {
    const { rules } = await taught(house, "Stop calling me boss lah");
    assert.deepEqual(avoided(rules), ["boss"]);
  });

  it("stays part of a name when a word follows it", async () => {
    const { rules } = await taught(house, "Stop calling me Ah Girl.");
    assert.deepEqual(avoided(rules), ["ah girl"]);
  });
});
