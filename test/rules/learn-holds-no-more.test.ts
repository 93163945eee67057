/**
 * A rule said to hold no more ("the den rule no longer applies", "that ban doesn't apply any
 * more", "the den thing is off now") is taken back, the room's rule only; with two rules in force
 * and none named, which one is asked. "is off" is read only of a rule's own noun, never of a
 * room ("the den is off" may be "off limits"). Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "study", "cellar"], sceneId: "s1" };
const rooms = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => (r.requirement as { room?: string }).room);

describe("a rule said to hold no more", () => {
  it("is taken back, that room's rule alone", async () => {
    for (const m of [
      "The cellar rule no longer applies.",
      "the rule about the cellar doesn't apply anymore",
      "ok the cellar ban does not apply any longer",
      "the cellar thing is off now",
      "the cellar rule is off now you can go down there",
    ]) {
      const { rules } = await taught(house, "never go into the cellar", "keep out of the study", m);
      assert.deepEqual(rooms(rules), ["study"], m);
    }
  });

  it("with no rule named beside two, it asks and keeps both", async () => {
    const { rules, reply } = await taught(
      house,
      "never go into the cellar",
      "keep out of the study",
      "that rule no longer applies",
    );
    assert.equal(rules.length, 2);
    assert.match(reply, /\?/);
  });

  it("a room said to be off is no rule taken back", async () => {
    const { rules } = await taught(house, "never go into the cellar", "keep out of the study", "the cellar is off now");
    assert.equal(rules.length, 2);
  });
});
