/**
 * "about the den its only when the baby naps": a room said as the topic, then "it is only …",
 * narrows the rule in force on that room to when it says, as "the den rule is only …" does; the
 * rule is revised in place, never left as it was nor doubled. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "pantry", "garage"], sceneId: "s1" };

describe("a topic room, then 'it is only …'", () => {
  it("narrows the rule on that room", async () => {
    for (const [before, m, kind, cond] of [
      ["Don't stop in the pantry.", "regarding the pantry its only when i am baking", "no_stop_in_room", "text"],
      ["Never go into the garage.", "about the garage it is only after 8pm", "avoid_room", "time"],
    ] as const) {
      const { rules } = await taught(house, before, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.equal(rules[0].requirement.kind, kind, m);
      assert.deepEqual(
        rules[0].conditions.map((c) => c.kind),
        [cond],
        m,
      );
    }
  });
});
