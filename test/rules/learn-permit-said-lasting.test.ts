/**
 * A permission said to last in words of its own lifts the named room's rule for good: "from today"
 * (from this day forward, unless an end is said), and how often left to the robot's will ("as much
 * as you like", "all you want"), as "whenever you like" is. A bounded "from today until friday"
 * lifts nothing for good. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["cellar", "workshop", "loft", "nursery"], sceneId: "s1" };
const roomsLeft = async (...messages: string[]) => {
  const { rules, reply } = await taught(house, ...messages);
  return { left: rules.map((r) => (r.requirement as { room: string }).room).sort(), reply };
};

describe("a permission said to last", () => {
  for (const m of [
    "The cellar's been pumped dry, so from today you can go down there again.",
    "from today you may enter the cellar",
    "The cellar is dry now. You may go in there as much as you like.",
    "cellar's sorted, go in there all you want",
    "you can use the cellar as often as you want now",
  ])
    it(`lifts the named room's rule and no other: ${m}`, async () => {
      const { left, reply } = await roomsLeft("never go into the cellar", "keep out of the loft", m);
      assert.deepEqual(left, ["loft"], reply);
    });

  it("with an end said, lifts nothing for good", async () => {
    const { left, reply } = await roomsLeft(
      "never go into the cellar",
      "from today until friday you can go in the cellar",
    );
    assert.deepEqual(left, ["cellar"], reply);
  });

  it("with no rule in force, stores nothing", async () => {
    const { left, reply } = await roomsLeft("go in the nursery all you want");
    assert.deepEqual(left, [], reply);
  });

  it("'from today' before a ban makes it last", async () => {
    const { rules, reply } = await taught(house, "from today don't go in the workshop");
    assert.equal(rules.length, 1, reply);
    assert.equal(rules[0].persistence, "persistent", reply);
  });
});
