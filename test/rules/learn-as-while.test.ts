/**
 * "as" before something going on may say when a ban holds, as "while" does: the rule keeps it as a
 * condition (and asks for its hours), never widened to every hour; a state after "as" says why,
 * and the ban stands at every hour with it as the reason. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["kitchen", "garage", "hallway"], sceneId: "s1" };

describe("a ban with an 'as' clause", () => {
  it("keeps 'as' before something going on as a condition", async () => {
    for (const m of [
      "Please don't hang about in the garage as it gets dark.",
      "Keep out of the hallway as the varnish dries.",
      "Don't go into the kitchen as it is being retiled.",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      assert.deepEqual(
        rules[0].conditions.map((c) => c.kind),
        ["text"],
        m,
      );
    }
  });

  it("reads a state after 'as' as the reason, with no condition", async () => {
    const { rules } = await taught(house, "Keep out of the garage as it is rather cramped.");
    assert.equal(rules.length, 1);
    assert.deepEqual(rules[0].conditions, []);
  });
});
