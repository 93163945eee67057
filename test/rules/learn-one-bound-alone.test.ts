/**
 * A revision that gives one bound alone ("can we make it from 9 instead?", "make that until 8")
 * moves that end of the rule's hours and keeps the other; asked as "could we …", it is still a
 * revision, never a permission. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["nursery", "hall", "garage"], sceneId: "s1" };
type Rule = Awaited<ReturnType<typeof taught>>["rules"][number];
const hours = (r: Rule) => r.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind));

describe("one bound of a rule's hours said alone", () => {
  it("moves the start and keeps the end", async () => {
    const { rules } = await taught(
      house,
      "Keep out of the nursery from 7pm to 7am.",
      "hmm, can we make it from 9 instead? the baby sleeps later now",
    );
    assert.equal(rules.length, 1);
    assert.deepEqual(hours(rules[0]), [[21, 7]]);
  });

  it("moves the end and keeps the start", async () => {
    const { rules } = await taught(
      house,
      "Keep out of the garage from 10pm to 6am.",
      "Actually make that until 8 instead.",
    );
    assert.equal(rules.length, 1);
    assert.deepEqual(hours(rules[0]), [[22, 8]]);
  });
});
