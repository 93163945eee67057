/**
 * A number alone set as a new value ("switch it to 12", "set that to 35") changes the one rule in
 * force it can be the value of: a word limit's count when no rule with hours is in force; with a
 * rule with hours and a word limit both in force, which one is asked and both stay as they were.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["garage", "pantry", "attic"], sceneId: "s1" };
const limitOf = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.flatMap((r) => (r.requirement.kind === "word_limit" ? [r.requirement.maxWords] : []));

describe("a number alone, set as a new value", () => {
  it("is a word limit's new count when that is the one rule it can be", async () => {
    for (const [m, n] of [
      ["switch it to 12", 12],
      ["ok change it to 18 then", 18],
      ["set that to 35", 35],
    ] as const) {
      const { rules } = await taught(house, "answer in no more than 20 words", m);
      assert.deepEqual(limitOf(rules), [n], m);
      assert.equal(rules.length, 1, m);
    }
  });

  it("is asked when a rule with hours could take it as well, and nothing changes", async () => {
    const { rules, reply } = await taught(
      house,
      "answer in no more than 20 words",
      "stay out of the attic after 8 pm",
      "switch it to 11",
    );
    assert.deepEqual(limitOf(rules), [20]);
    const ban = rules.find((r) => r.requirement.kind === "avoid_room");
    assert.deepEqual(
      ban?.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : [])),
      [[20, 6]],
    );
    assert.ok(reply.includes("?"), reply);
  });
});
