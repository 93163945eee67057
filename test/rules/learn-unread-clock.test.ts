/**
 * Hours are never silently dropped or misread: "up to" and "reach" (as Nigerian and Ghanaian
 * English says "until") join the two ends of a window after "from"; a number of the clock left
 * unread beside hours read is asked about, never dropped; and a permission "when I call you" is
 * the user asking, the "asked" exception, never a condition in words. Sentences written for this
 * test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { RuleVersion } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["workshop", "pantry", "den", "guest room"], sceneId: "s1" };
const hours = (r: RuleVersion["rule"]) =>
  r.conditions.flatMap((c) => (c.kind === "time" ? [[c.fromHour, c.toHour]] : []));

describe("the end of a window said after 'from'", () => {
  it("joins 'up to' and 'reach' as it joins 'till'", async () => {
    for (const [m, from, to] of [
      ["from 7 in the evening up to ten, keep out of the workshop", 19, 22],
      ["no going in the pantry from 2 in the afternoon reach 5", 14, 17],
      ["stay out of the den from nine at night up until eleven", 21, 23],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.deepEqual(hours(rules[0]), [[from, to]], m);
    }
  });
});

describe("a number of the clock left unread beside hours read", () => {
  it("makes the ban a question", async () => {
    for (const m of [
      "keep out of the den after 9 pm, or say ten",
      "From 8 in the evening, latest 11, no entering the workshop",
    ]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(rules, [], `${m}: ${JSON.stringify(rules)}`);
      assert.match(reply, /\?/, m);
    }
  });

  it("a number that counts something is no hour", async () => {
    const { rules } = await taught(house, "after 9pm keep out of the den, 2 kids sleep in there");
    assert.equal(rules.length, 1, JSON.stringify(rules));
    assert.deepEqual(hours(rules[0]), [[21, 6]]);
  });
});

describe("a permission when the user calls for the robot", () => {
  it("is the 'asked' exception to the ban in force", async () => {
    for (const m of ["you may go in the pantry when I call you", "the pantry is ok whenever we summon you"]) {
      const { rules } = await taught(house, "Don't go into the pantry.", m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.deepEqual(
        rules[0].exceptions.map((e) => e.kind),
        ["instruction_mentions"],
        m,
      );
    }
  });
});

describe("a span of the clock begun and never finished", () => {
  it("is asked, never dropped into an all-day ban", async () => {
    for (const m of [
      "keep out of the workshop from ten to",
      "no going in the pantry from 3 until uh",
      "stay out of the guest room between nine and",
    ]) {
      const { rules, reply } = await taught(house, m);
      assert.ok(
        rules.every((r) => r.conditions.length > 0),
        `${m}: ${JSON.stringify(rules.map((r) => r.conditions))}`,
      );
      assert.match(reply, /\?/, m);
    }
  });
});
