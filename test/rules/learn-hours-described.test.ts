/**
 * Clock hours followed by a comma and a "when"/"while" clause ("from 1 to 3, when I nap") say
 * what the hours are for: the clause is no further condition, on a ban or on the hours excepted
 * from a permission. Without the comma the clause may narrow the hours and stays a condition.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Condition } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["study", "nursery", "attic", "pantry"], sceneId: "s1" };
const kinds = (cs: Condition[]) => cs.map((c) => (c.kind === "time" ? `time:${c.fromHour}-${c.toHour}` : c.kind));

describe("hours described by a clause set off after them", () => {
  it("on a ban, the clause is no condition", async () => {
    for (const m of [
      "Keep out of the nursery from 1 to 3 pm, while the twins nap.",
      "Please avoid the study between 9 and 11 am, when I take calls.",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      assert.equal(
        kinds(rules[0].conditions).filter((k) => k === "text").length,
        0,
        `${m}: ${kinds(rules[0].conditions)}`,
      );
      assert.equal(kinds(rules[0].conditions).length, 1, m);
    }
  });

  it("on the hours excepted from a permission, the clause is no condition either", async () => {
    const { rules } = await taught(
      house,
      "You're welcome in the attic, except between 6 and 8 in the evening, when I practise drums.",
    );
    assert.equal(rules.length, 1, JSON.stringify(rules));
    assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room: "attic" });
    assert.deepEqual(kinds(rules[0].conditions), ["time:18-20"]);
  });

  it("without the comma the clause stays beside the hours", async () => {
    const { rules } = await taught(house, "Keep out of the pantry from 5 to 7 pm when the caterers are in.");
    assert.ok(rules.length === 0 || kinds(rules[0].conditions).includes("text"), JSON.stringify(rules));
  });
});
