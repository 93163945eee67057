/**
 * A bare softener ("maybe", "perhaps", "I guess") before a firm request (a room, hours the robot
 * can check, a reply length) is politeness: the rule is kept. It is still asked where doubt is
 * said outright anywhere in the message, where a vague measure makes what is wanted a guess, or
 * where a condition is one only people can judge. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "loft", "cellar", "study", "garage"], sceneId: "s1" };

describe("a bare softener before a firm request", () => {
  it("keeps the rule with what it says", async () => {
    for (const [m, room, hours] of [
      ["maybe don't go into the cellar", "cellar", []],
      ["Perhaps keep out of the loft between 2 and 4 in the afternoon? The baby naps.", "loft", [[14, 16]]],
      ["i guess dont stop in the garage", "garage", []],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.equal((rules[0].requirement as { room: string }).room, room, m);
      assert.deepEqual(
        rules[0].conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
        hours,
        m,
      );
    }
  });

  it("asks where doubt, a vague measure or a condition only people judge goes with it", async () => {
    for (const m of [
      "maybe don't go into the cellar, I don't know",
      "perhaps stay out of the study so much",
      "maybe avoid the pantry when my mum is cooking",
      "maybe try not to be so loud in the loft",
    ]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(rules, [], m);
      assert.match(reply, /\?/, m);
    }
  });
});
