/**
 * A new hour for a rule's window said with the hour it replaces ("make it 10 rather than 9"): the
 * end at the replaced hour moves and the other stays; when both ends are at that hour on the
 * clock, or neither is, which end is asked. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { RuleVersion } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["loft", "pantry"], sceneId: "s1" };
const window = (r: RuleVersion["rule"]) =>
  r.conditions.flatMap((c) => (c.kind === "time" ? [[c.fromHour, c.toHour]] : []));

describe("a new hour said with the hour it replaces", () => {
  it("moves the end at the replaced hour", async () => {
    for (const [m, want] of [
      ["could you make it 10 rather than nine?", [22, 6]],
      ["change that to 8 instead of 6", [21, 8]],
    ] as const) {
      const { rules } = await taught(house, "Stay out of the loft from 9pm to 6am.", m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.deepEqual(window(rules[0]), [want], m);
    }
  });

  it("asks when the replaced hour is at both ends or neither", async () => {
    for (const m of ["make it 6 instead of 7", "make it 6 instead of 3"]) {
      const { rules, reply } = await taught(house, "Stay out of the pantry from 7pm to 7am.", m);
      assert.deepEqual(window(rules[0]), [[19, 7]], m);
      assert.match(reply, /\?/, m);
    }
  });
});
