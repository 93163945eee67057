/**
 * Two requests joined in one clause, each with its own verb: a condition said after the first
 * request's words and before the join is the first request's only; said before both, it stays on
 * both (the narrower reading); a list of rooms under one verb shares it. "if I may" is politeness,
 * no condition. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { RuleVersion } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["loft", "pantry", "garage"], sceneId: "s1" };
const byKind = (rules: RuleVersion["rule"][]) =>
  Object.fromEntries(rules.map((r) => [r.requirement.kind, r.conditions.map((c) => c.kind)]));

describe("conditions of two requests joined in one clause", () => {
  it("a condition trailing the first request is its own", async () => {
    const { rules } = await taught(house, "keep out of the loft after 9pm and stop saying 'mate'");
    assert.deepEqual(byKind(rules), { avoid_room: ["time"], avoid_text: [] });
    const second = await taught(house, "stop saying 'mate' and keep out of the loft after 9pm");
    assert.deepEqual(byKind(second.rules), { avoid_room: ["time"], avoid_text: [] });
  });

  it("a condition said before both stays on both", async () => {
    const { rules } = await taught(house, "after 9pm keep out of the loft and quit calling me buddy");
    assert.deepEqual(byKind(rules), { avoid_room: ["time"], avoid_text: ["time"] });
  });

  it("rooms listed under one verb share it", async () => {
    const { rules } = await taught(house, "keep out of the pantry and the garage after 9pm");
    assert.deepEqual(
      rules.map((r) => r.conditions.map((c) => c.kind)),
      [["time"], ["time"]],
    );
  });

  it("'if I may' is no condition", async () => {
    const { rules } = await taught(house, "One thing, if I may: please don't stop in the pantry.");
    assert.equal(rules.length, 1, JSON.stringify(rules));
    assert.deepEqual(rules[0].conditions, []);
  });
});
