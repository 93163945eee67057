/**
 * A ban said in the passive ("the loft must never be entered") forbids its subject, the room said
 * before the verb, as "the loft is off limits" does; the same verb in the active after a
 * negation ("don't be in the den") still reads as before. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import type { Condition } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const rooms = ["pantry", "loft", "attic", "garage", "study", "guest room"];
const house = { rooms, sceneId: "s1" };
const windows = (cs: Condition[]) => cs.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour % 24] : c.kind));

describe("a ban in the passive", () => {
  it("forbids the room it is said of, in every negated passive frame", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...rooms),
        fc.constantFrom(
          "is not to be entered",
          "must never be entered",
          "should not be gone into",
          "is never to be used",
        ),
        async (room, frame) => {
          const m = `The ${room} ${frame}.`;
          const { rules } = await taught(house, m);
          assert.deepEqual(
            rules.map((r) => r.requirement),
            [{ kind: "avoid_room", room }],
            m,
          );
        },
      ),
      { numRuns: 20 },
    );
  });

  it("keeps the hours and the day said with it", async () => {
    const { rules } = await taught(house, "On weekdays, between 6 and 9 pm, the study is not to be entered.");
    assert.equal(rules.length, 1);
    assert.deepEqual(windows(rules[0].conditions).sort(), [[18, 21], "text"].sort());
  });

  it("said of a room named just before, alone", async () => {
    const { rules } = await taught(house, "The attic. Never to be entered.");
    assert.deepEqual(
      rules.map((r) => r.requirement),
      [{ kind: "avoid_room", room: "attic" }],
    );
  });
});
