/**
 * A part after a ban that opens with a subject of its own, a noun phrase and its verb
 * ("raccoons get in when the flap is open"), says why: it is kept as the rule's reason, and a
 * "when" inside it is no condition of the ban. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["mudroom", "hall"], sceneId: "s1" };

describe("a reason with a subject of its own after a ban", () => {
  it("is the rule's reason, not its condition", async () => {
    const { rules } = await taught(
      house,
      "From now on keep out of the mudroom after 8pm, raccoons get in when the flap is open",
    );
    assert.equal(rules.length, 1);
    assert.deepEqual(
      rules[0].conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
      [[20, 6]],
    );
    assert.match(rules[0].rationale ?? "", /raccoons/);
  });
});

describe("a person's own fact after a ban with its hours", () => {
  it("is never a second window of the ban", () => {
    for (const m of [
      "never enter the pantry in the evenings, i bake at night",
      "in the mornings keep out of the study, we do our calls at noon",
    ]) {
      const out = learn(m, [], { rooms: ["pantry", "study"], sceneId: "s1" });
      const kept = out.items.filter((i) => i.decision === "add");
      assert.ok(kept.length <= 1, m);
      for (const i of kept) assert.equal(i.draft?.conditions.length, 1, m);
    }
  });

  it("leaves hours told beside a ban with none its window", async () => {
    const { rules } = await taught(house, "keep out of the mudroom, she naps there from 1 to 3");
    assert.deepEqual(
      rules.map((r) => r.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind))),
      [[[13, 15]]],
    );
  });
});
