/**
 * A permission with a clause of when said under a negation ("you can use X, just not while …"):
 * with no ban in force, what a careful person keeps is the ban at those times (labelled so in the
 * correction sets: add, avoid the room, the condition in words); with a ban in force, the ban now
 * holds only then. Never an exception that lets the robot in at the times the user kept it out,
 * never the whole ban lifted, never the clause of when kept as a rule of its own. Sentences
 * written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { RuleVersion } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "study", "garage", "attic", "laundry room"], sceneId: "s1" };
type Rule = RuleVersion["rule"];
const said = (r: Rule) => ({
  requirement: r.requirement,
  conditions: r.conditions.map((c) => (c.kind === "text" ? c.text : c.kind)),
  exceptions: r.exceptions.length,
});

describe("a permission, just not at some times", () => {
  it("with no ban in force, keeps the ban at those times", async () => {
    for (const [m, room, when] of [
      ["you can use the den any time, but not when the baby is asleep", "den", "when the baby is asleep"],
      ["you're welcome in the study, but not while I'm on a call", "study", "while I'm on a call"],
      ["the garage is fine, just not when the car is in", "garage", "when the car is in"],
      ["feel free to pop into the attic, only not if the hatch is shut", "attic", "if the hatch is shut"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map(said),
        [{ requirement: { kind: "avoid_room", room }, conditions: [when], exceptions: 0 }],
        m,
      );
    }
  });

  it("with a ban in force, the ban holds only then: never lifted whole, never lifted then", async () => {
    for (const m of [
      "you can go in the attic again, just not while the painters are here",
      "you may use the attic again, but not when it's raining",
    ]) {
      const { rules } = await taught(house, "Keep out of the attic.", m);
      assert.equal(rules.length, 1, `${m}: the ban is kept, changed`);
      assert.equal(rules[0].requirement.kind, "avoid_room", m);
      assert.equal(rules[0].exceptions.length, 0, `${m}: no exception lets the robot in then`);
      assert.equal(rules[0].conditions.length, 1, `${m}: the ban holds when said`);
    }
  });

  it("the clause of when is never kept as a rule of its own", async () => {
    const { rules } = await taught(house, "you can use the den whenever, but not when guests are over");
    assert.ok(!rules.some((r) => r.requirement.kind === "behavior"), JSON.stringify(rules.map((r) => r.requirement)));
  });
});
