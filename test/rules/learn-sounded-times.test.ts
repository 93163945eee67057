/**
 * Hours dictated and transcribed as they sound ("ate in the mourning", "between for and six")
 * are the rule's hours, as if spelt. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { sceneId: "s-sounded", rooms: ["garage", "cellar", "den", "pantry"] };

describe("hours written as they sound", () => {
  it("keeps the hours said", async () => {
    const cases: [string, string, number, number][] = [
      ["no going in the garage from ate in the mourning till won in the after noon", "garage", 8, 13],
      ["stay out of the cellar between ate and ten at knight", "cellar", 20, 22],
      ["keep away from the pantry between for and six in the evening", "pantry", 16, 18],
    ];
    for (const [m, room, from, to] of cases) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [r.requirement, r.persistence]),
        [[{ kind: "avoid_room", room }, "persistent"]],
        m,
      );
      assert.deepEqual(
        rules[0].conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour % 24] : c.kind)),
        [[from, to]],
        m,
      );
    }
  });
});
