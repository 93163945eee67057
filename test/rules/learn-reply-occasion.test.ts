/**
 * A reply rule's own occasion said as when ("any time you find my keys", "every time the robot
 * answers") is when every reply comes anyway: no condition the robot cannot check, and the rule is
 * checked like one said without it. A when-clause about the world stays a condition. Sentences
 * written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["study", "porch", "nursery"], sceneId: "s1" };

describe("the occasion of a reply said as when", () => {
  it("is no condition on a mention of the room", async () => {
    for (const m of [
      "any time you find my wallet, tell me what room it was in",
      "every time the robot answers, it should say which room the thing was in",
      "each time you find my stuff let me know which room you found it in",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      assert.equal(rules[0].requirement.kind, "mention", m);
      assert.deepEqual(rules[0].conditions, [], m);
    }
  });

  it("leaves a when about the world a condition", () => {
    const items = learn("anytime grandma is visiting, tell me which room you found things in", [], house).items;
    assert.ok(
      items.every((i) => i.decision !== "add" || (i.draft?.conditions ?? []).length > 0),
      JSON.stringify(items),
    );
  });
});
