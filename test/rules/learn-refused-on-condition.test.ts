/**
 * A room said alone, then a refusal with a condition the learner reads and nothing else ("cellar:
 * not after bedtime", "the attic — never during meals"), is a ban on that room while the condition
 * holds. A part that says more than the refusal and its condition is never read so. Sentences
 * written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["attic", "cellar", "garage", "den", "kitchen"], sceneId: "s1" };

describe("a room alone, then a refusal with a condition", () => {
  it("is a lasting ban on that room while the condition holds", async () => {
    for (const [m, room] of [
      ["cellar: not after bedtime", "cellar"],
      ["the attic — never during meals — thanks", "attic"],
      ["Garage, not during the party.", "garage"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [r.requirement, r.persistence, r.conditions.map((c) => c.kind), r.exceptions]),
        [[{ kind: "avoid_room", room }, "persistent", ["text"], []]],
        m,
      );
    }
  });

  it("a part that names another room as well keeps no ban on the room said first", async () => {
    const { rules } = await taught(house, "den: not the kitchen after dinner");
    assert.ok(!rules.some((r) => "room" in r.requirement && r.requirement.room === "den"), JSON.stringify(rules));
  });

  it("a refusal for today alone keeps no lasting ban", async () => {
    const { rules } = await taught(house, "attic: not today");
    assert.deepEqual(rules, []);
  });
});
