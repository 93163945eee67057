/**
 * A verbless "not for robots" / "not for you either" said in a sentence of its own after a ban
 * names whom the ban binds: it only stresses the ban, asks nothing new, and a "never" after it
 * still says the ban lasts. Without that "never" how long is still asked. Sentences written for
 * this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["study", "cellar"], sceneId: "s1" };

describe("a fragment naming whom a ban binds", () => {
  it("stresses the ban before it, said in its own sentence", async () => {
    for (const m of ["Cellar no. Not for machines. Never!", "cellar: never. not for you either."]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [(r.requirement as { room?: string }).room, r.conditions.length]),
        [["cellar", 0]],
        m,
      );
    }
  });

  it("adds no lasting word of its own", async () => {
    const { rules, reply } = await taught(house, "Cellar no. Not for robots.");
    assert.deepEqual(rules, []);
    assert.match(reply, /\?/);
  });
});
