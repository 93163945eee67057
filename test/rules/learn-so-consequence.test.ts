/**
 * "…, so you can …" said without a comma: what was done is the reason, and the permission after
 * "so" is its own clause, whose "there" points back at the room just named. Sentences written for
 * this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { roomsAndHours, taught } from "./taught.ts";

const house = { rooms: ["attic", "shed", "kitchen", "nursery"], sceneId: "s1" };

describe("a permission after 'so' in a run-on", () => {
  it("lifts the ban on the room the reason named", async () => {
    for (const m of [
      "my brother patched up the shed roof so you can go in there again",
      "the shed got cleared out so u may go back in there now",
    ]) {
      const { rules } = await taught(house, "keep out of the shed", "never enter the attic", m);
      assert.deepEqual(
        roomsAndHours(rules).map((r) => r.room),
        ["attic"],
        m,
      );
    }
  });

  it("'so' before a plain imperative stays in the clause it closes", async () => {
    const { rules } = await taught(house, "the attic gets aired on fridays so keep out of it then");
    assert.equal(rules.length, 1);
  });

  it("a one-off ban after 'so' stays for this task", async () => {
    const { rules, reply } = await taught(
      house,
      "the baby is napping in the nursery so dont go in there just this once",
    );
    assert.equal(rules.length, 0);
    assert.match(reply, /this task/);
  });
});
