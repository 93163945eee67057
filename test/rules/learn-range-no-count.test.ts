/**
 * A number that opens a range ("make it 4 to 6", "make that 7 till 9 instead") is the start of a
 * window of hours, never a reply's word count: said of a rule in force with hours, it gives them
 * new hours (in the half of the day of the rule's own when the range does not say), or, with no
 * rule in force with hours, it is asked, the rules kept as they are;
 * a range said with "words" ("keep it to 10 to 12 words") is still about length.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "den"], sceneId: "s1" };
type Rule = Awaited<ReturnType<typeof taught>>["rules"][number];
const hours = (r: Rule) => r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind));

describe("a number opening a range", () => {
  it("is no word count", () => {
    for (const m of ["make it 4 to 6", "ok make that 7 till 9 instead"]) {
      const items = learn(m, [], house).items;
      assert.ok(!items.some((i) => i.draft?.requirement.kind === "word_limit"), m);
    }
  });

  it("gives a rule in force with hours its new hours, or asks", async () => {
    const moved = await taught(house, "stay out of the pantry from 3 till 5 in the afternoon", "make it 4 till 6");
    assert.deepEqual(moved.rules.map(hours), [["16-18"]]);
    // "to" joins numbers of anything, but said to change a rule with hours it gives hours
    const joined = await taught(house, "stay out of the pantry from 3 till 5 in the afternoon", "make it 4 to 6");
    assert.deepEqual(joined.rules.map(hours), [["16-18"]]);
    // with no rule with hours in force, nothing takes them: asked, the limit kept as it is
    const asked = await taught(house, "keep answers to 30 words", "make it 4 to 6");
    assert.deepEqual(
      asked.rules.map((r) => r.requirement.kind),
      ["word_limit"],
    );
    assert.ok(asked.reply.includes("?"));
  });

  it("leaves a range of words a length", () => {
    const items = learn("from now on keep it to 10 to 12 words", [], house).items;
    assert.ok(items.some((i) => i.draft?.requirement.kind === "word_limit"));
  });
});
