/**
 * A room said alone, then a verdict on it: a refusal ("pantry - nope") or a verb of avoiding with
 * no object of its own ("the attic. stay out."), bans that room from now on, as "the attic is off
 * limits" does. Only a room said alone is such a topic: a room inside a sentence that tells
 * something ("I cleaned the attic. keep out.") leaves which room is meant to be asked.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["pantry", "attic", "workshop", "nursery", "guest room"], sceneId: "s1" };

describe("a room said alone, then a verdict on it", () => {
  it("bans that room from now on", () => {
    for (const [m, room] of [
      ["pantry - nope.", "pantry"],
      ["Guest room: no", "guest room"],
      ["the attic. stay out.", "attic"],
      ["Workshop: keep out please", "workshop"],
    ] as const) {
      const out = learn(m, [], ctx);
      assert.deepEqual(
        out.items.map((i) => [i.decision, i.draft?.requirement, i.draft?.persistence]),
        [["add", { kind: "avoid_room", room }, "persistent"]],
        m,
      );
    }
  });

  it("a room inside a sentence that tells something is no topic: which room is asked", () => {
    for (const m of ["I just cleaned the attic. keep out.", "the nursery got painted. stay out"]) {
      const out = learn(m, [], ctx);
      assert.ok(
        out.items.every((i) => i.decision === "unclear"),
        `${m}: ${JSON.stringify(out.items.map((i) => i.decision))}`,
      );
    }
  });
});
