/**
 * New hours for a rule in force said with bare clock numbers ("make it 8 to 10"): a range after a
 * verb of change is a window, and when neither end says its half of the day the rule's own hours
 * say it, so an evening ban stays in the evening. Sentences written for this test, not taken from
 * a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { RuleDraft } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "workshop", "attic"], sceneId: "s1" };
const hoursOf = (r: RuleDraft) =>
  r.conditions.flatMap((c) => (c.kind === "time" ? [`${c.fromHour}-${c.toHour % 24}`] : []));

describe("new bare hours for a rule in force", () => {
  it("reads a bare range after a verb of change as the rule's new window", async () => {
    for (const m of ["make that 8 to 10 instead", "actually make it 8 to 10", "ok change it to 8 to 10"]) {
      const { rules } = await taught(house, "Keep out of the den from 7 to 9 in the evening.", m);
      assert.equal(rules.length, 1, m);
      assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room: "den" }, m);
      assert.deepEqual(hoursOf(rules[0]), ["20-22"], m);
    }
  });

  it("takes the half of the day from the rule's own hours", async () => {
    const evening = await taught(house, "No going in the workshop between 7 and 9 pm.", "make it from 9 to 11 instead");
    assert.deepEqual(hoursOf(evening.rules[0]), ["21-23"]);
    const morning = await taught(house, "Keep out of the attic from 6 to 9 in the morning.", "make it 7 to 10");
    assert.deepEqual(hoursOf(morning.rules[0]), ["7-10"]);
  });

  it("a half of the day said outright is kept", async () => {
    const { rules } = await taught(house, "Keep out of the den from 7 to 9 in the evening.", "make it 8 to 10 am");
    assert.deepEqual(hoursOf(rules[0]), ["8-10"]);
  });
});
