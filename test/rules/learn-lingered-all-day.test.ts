/**
 * "All day" right after a verb of lingering and where it is done ("don't hang about in the
 * scullery all day") says how long a stop lasts, not when the ban holds: the ban on stopping is
 * kept with no condition. Said of staying out, or as a bound of days ("all week"), it is still
 * kept as the user's words. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { lingeredFor } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["scullery", "porch", "games room", "garage"], sceneId: "s1" };

describe("all day said of lingering", () => {
  for (const m of [
    "you're fine to cross the scullery, just don't be hanging about in it all day",
    "Pass through the porch if you must, but please don't linger there all day long.",
    "no loitering in the games room all day, thanks",
  ])
    it(`is how long, and the ban on stopping holds always: ${m}`, async () => {
      const { rules, reply } = await taught(house, m);
      assert.equal(rules.length, 1, reply);
      assert.equal(rules[0].requirement.kind, "no_stop_in_room", reply);
      assert.deepEqual(rules[0].conditions, [], reply);
    });

  it("said of staying out, or as a week, is still when the rule holds", async () => {
    for (const m of ["keep out of the garage all day", "don't wait in the porch all week"]) {
      const { rules, reply } = await taught(house, m);
      assert.equal(rules.length, 1, reply);
      assert.ok(rules[0].conditions.length > 0, m);
    }
  });

  it("is read only after the verb and its place, in one clause", () => {
    assert.ok(lingeredFor("don't hang around in there", "all day"));
    assert.ok(!lingeredFor("don't hang around in there and", "all day"));
    assert.ok(!lingeredFor("stay out of it", "all day"));
    assert.ok(!lingeredFor("don't stop there", "all week"));
  });
});
