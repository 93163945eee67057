/**
 * A room put right after the fact, closing the part ("…, the pantry I mean"): the room said just
 * before the cut is taken back and the repair's room kept; with words between the room taken back
 * and the cut (hours, a word of when) what is meant is asked. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["workshop", "pantry", "study"], sceneId: "s1" };
const kept = (rules: { requirement: { kind: string } }[]) =>
  rules.map((r) => `${r.requirement.kind}:${"room" in r.requirement ? r.requirement.room : ""}`).sort();

describe("a room repaired after the cut", () => {
  it("replaces the room said right before it", async () => {
    const { rules, reply } = await taught(house, "Please don't wander into the study, the workshop I mean.");
    assert.deepEqual(kept(rules), ["avoid_room:workshop"], reply);
  });

  it("keeps nothing of the room taken back when a reason follows", async () => {
    const { rules, reply } = await taught(house, "never stop in the pantry, the study I meant, the floor is wet");
    assert.deepEqual(kept(rules), ["no_stop_in_room:study"], reply);
  });

  it("is asked when words stand between the room and the cut", async () => {
    const { rules, reply } = await taught(house, "keep out of the pantry at lunch, the workshop i mean");
    assert.equal(
      rules.filter((r) => "room" in r.requirement && r.requirement.room === "pantry").length,
      0,
      `${JSON.stringify(rules)} ${reply}`,
    );
  });

  it("is no repair when the room is added", async () => {
    const { rules, reply } = await taught(house, "Stay out of the study, the workshop too.");
    assert.deepEqual(kept(rules), ["avoid_room:study", "avoid_room:workshop"], reply);
  });
});
