/**
 * A permission naming a room, said with a retraction that points back ("drop that rule", "scrap
 * it"), lifts that room's rule for good: the pointing retraction is about the rule the permission
 * names, and says it lasts. A pointing retraction alone is still asked. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "garage", "loft", "study"], sceneId: "s1" };

describe("a permission with 'drop that rule'", () => {
  it("lifts the room's rule, and only it", async () => {
    for (const [m, room] of [
      ["fine, you may enter the loft. forget that rule", "loft"],
      ["ok ok you can use the garage again, scrap that rule", "garage"],
    ] as const) {
      const { rules } = await taught(
        house,
        "never go into the loft",
        "keep out of the garage",
        "stay out of the study",
        m,
      );
      const left = rules.map((r) => (r.requirement as { room: string }).room).sort();
      assert.deepEqual(
        left,
        ["garage", "loft", "study"].filter((x) => x !== room),
        m,
      );
    }
  });

  it("a pointing retraction alone, with several rules, is asked", async () => {
    const { rules, reply } = await taught(
      house,
      "never go into the loft",
      "keep out of the garage",
      "forget that rule",
    );
    assert.equal(rules.length, 2);
    assert.match(reply, /\?/);
  });
});
