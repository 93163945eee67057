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

describe("a rule named by the part of the day it holds in", () => {
  it("is the rule whose hours the part shares, its words no condition left unread", async () => {
    for (const m of [
      "The evening rule for the pantry. Its end, make it 23:00, not 22:00.",
      "The evening ban on the pantry: have it end at 11 instead of 10.",
    ]) {
      const { rules, reply } = await taught(
        house,
        "Stay out of the loft from 1pm to 3pm.",
        "Stay out of the pantry from 6pm to 10pm.",
        m,
      );
      const pantry = rules.find((r) => (r.requirement as { room?: string }).room === "pantry");
      assert.deepEqual(window(pantry!), [[18, 23]], `${m}: ${reply}`);
      assert.deepEqual(window(rules.find((r) => r !== pantry)!), [[13, 15]], m);
    }
  });

  it("asks when the part shares no hour with the rule named", async () => {
    const { rules, reply } = await taught(
      house,
      "Stay out of the pantry from 6pm to 10pm.",
      "The morning rule for the pantry. Its end, make it 23:00, not 22:00.",
    );
    assert.deepEqual(window(rules[0]), [[18, 22]]);
    assert.match(reply, /\?/);
  });
});
