/**
 * Two words that are no condition and no literal. "Until further notice", "till I say otherwise":
 * the rule lasts until the user lifts it, its "until" opens no clause of when, and a ban read with
 * its hours is kept. And a permission fronting its room ("the den you can use whenever, just not
 * …") whose verb of use is followed by an adverb of when: the adverb is no word allowed again,
 * so the permission's room and the hours it leaves out are read. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "cellar", "workshop", "sunroom"], sceneId: "s1" };

describe("a ban said to hold until the user lifts it", () => {
  it("is kept lasting with its hours", async () => {
    for (const m of [
      "No entry to the cellar 2-4pm, until further notice.",
      "keep out of the workshop from 9 to 11 at night till I say otherwise",
      "The den is off limits 1pm to 3pm, daily, until further notice",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.equal(rules[0].persistence, "persistent", m);
      assert.equal(rules[0].conditions.filter((c) => c.kind === "time").length, 1, m);
    }
  });

  it("keeps another until-clause, one that says when, as a bound of the ban", async () => {
    const { rules } = await taught(house, "stay out of the den until the baby wakes up, until further notice");
    assert.ok(
      rules.every((r) => r.conditions.length > 0),
      JSON.stringify(rules),
    );
  });
});

describe("a permission with its room fronted and an adverb of when after its verb", () => {
  it("bans the room only at the hours it leaves out", async () => {
    for (const [m, from, to] of [
      ["The sunroom you can use whenever, only not from 6 to 8 in the evening.", 18, 20],
      ["the workshop you may use anytime, just not between 10pm and 6am", 22, 6],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.equal(rules[0].requirement.kind, "avoid_room", m);
      const times = rules[0].conditions.flatMap((c) => (c.kind === "time" ? [[c.fromHour, c.toHour]] : []));
      assert.deepEqual(times, [[from, to]], m);
    }
  });

  it("still allows a quoted word again", async () => {
    const { rules } = await taught(house, "never say 'freely'", "you may use 'freely' again");
    assert.deepEqual(rules, [], JSON.stringify(rules));
  });
});
