/**
 * A part of the day with an apostrophe before its plural "s" ("mornin's", "night's,"), fronted
 * before a ban: the ban holds in those hours only, never all day. Before a noun it is a
 * possessive, and no hours of the ban. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "study", "loft"], sceneId: "s1" };
const windows = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)));

describe("a part of the day written with an apostrophe before its plural", () => {
  it("bounds the ban it opens, with its dropped g or without", async () => {
    for (const [m, hours] of [
      ["Mornin's, keep out the study, pet.", "6-12"],
      ["evenin's you stay out of the den, that's our quiet time", "17-21"],
      ["Night's, keep out the loft.", "21-6"],
    ] as const) {
      const { rules, reply } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${reply}`);
      assert.deepEqual(windows(rules), [[hours]], m);
    }
  });

  it("is a possessive before a noun, and stores no ban on the hours", async () => {
    const { rules } = await taught(house, "the evening's film is on in the den, don't go in");
    assert.ok(rules.every((r) => r.conditions.every((c) => c.kind !== "time")));
  });
});
