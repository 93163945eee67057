/**
 * A "no" said after permitted hours says no to them only when it closes their phrase ("mornings,
 * no"); one that leads into hours of its own ("in the mornings just not at night") says no to
 * those, and the hours before it stay permitted. An assent opening the message ("yeah", Scots
 * "aye") carries nothing, as "ok" does. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { roomsAndHours, taught } from "./taught.ts";

const house = { rooms: ["boot room", "study", "loft"], sceneId: "s1" };
const ban = "Never go in the study.";

describe("a no before hours of its own", () => {
  it("keeps the hours before it permitted, never banned", async () => {
    for (const m of [
      "you can use the study in the mornings just not at night",
      "ok the study is fine in the afternoons but never in the evenings",
    ]) {
      const { rules } = await taught(house, ban, m);
      assert.equal(rules.length, 1, m);
      // the permitted hours are an exception to the ban, never a condition it holds at
      assert.deepEqual(roomsAndHours(rules), [{ room: "study", when: [] }], m);
      assert.ok(rules[0].exceptions.length > 0, m);
    }
  });

  it("still says no to the hours it closes", async () => {
    const { rules } = await taught(house, ban, "the study is fine by day now. at night, still no.");
    assert.deepEqual(roomsAndHours(rules), [{ room: "study", when: ["21-6"] }]);
  });
});

describe("an assent opening the message", () => {
  it("carries nothing: the permission after it is read", async () => {
    for (const m of ["yeah the study you can go in now", "aye, the study, you can go in again"]) {
      const { rules } = await taught(house, "Stay out of the loft.", ban, m);
      assert.deepEqual(
        rules.map((r) => (r.requirement as { room?: string }).room),
        ["loft"],
        m,
      );
    }
  });
});
