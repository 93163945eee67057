/**
 * A permission that says nothing of how long, with no rule in force for it to lift ("ok you may go
 * in the porch"): nothing is kept, and the reply asks what was meant, since it may be about another
 * rule; a retraction of a rule that is not there only says so. Sentences written for this test,
 * not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "porch"], sceneId: "s1" };

describe("a permission with nothing to lift", () => {
  it("keeps nothing and asks", async () => {
    for (const m of ["ok you may go in the porch", "alright, the den is fine"]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(rules, [], m);
      assert.match(reply, /\?/, m);
    }
  });

  it("a retraction of a rule not there says so, asking nothing", async () => {
    const { rules, reply } = await taught(house, "forget the den rule");
    assert.deepEqual(rules, []);
    assert.doesNotMatch(reply, /\?/);
  });
});
