/**
 * A one-off and a condition however they are said: a task noun typed with two letters swapped
 * ("on this visti only"), "only now" after a request, and a condition opened by a word of proviso
 * ("provided", "assuming", "so long as"), which is kept as the condition it is, never dropped to
 * leave a ban for all time. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "nursery", "garage", "hall"], sceneId: "s3" };

describe("a one-off however it is typed", () => {
  it("keeps nothing for later", async () => {
    for (const m of [
      "on this visti only: skip the garage",
      "Brief please. Eight words. Only now.",
      "on this tirp only, avoid the hall",
    ]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(rules, [], m);
      assert.match(reply, /this task/, reply);
    }
  });
});

describe("a condition opened by a word of proviso", () => {
  it("stays on the rule", async () => {
    for (const m of [
      "Provided the baby is asleep, don't go into the nursery.",
      "Assuming my husband is working in the garage (only then), I'd ask you to keep out of it.",
      "so long as the dog is in the pantry, keep out of the pantry",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      assert.ok(
        rules[0].conditions.some((c) => c.kind === "text"),
        m,
      );
    }
  });
});
