/**
 * "In the day", "through the day" (and "in the days", as some say it) are the daytime, as "during the day" is: a permission said for
 * that part of the day on a room banned all day gives way only then, and never takes the ban
 * back whole. An hour before "in the day" ("2 in the day") stays a clock hour. Phrasings written
 * for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { findTimes } from "../../src/language/index.ts";
import { roomsAndHours, taught } from "./taught.ts";

const house = { rooms: ["den", "attic", "porch"], sceneId: "s1" };

describe("the daytime said as in or through the day", () => {
  it("is read as the daytime, unless an hour comes right before it", () => {
    for (const s of [
      "keep out of the porch in the day",
      "no attic through the day please",
      "no porch during the days",
    ]) {
      const t = findTimes(s);
      assert.deepEqual(
        t.map((x) => [x.from, x.to]),
        [[6, 21]],
        s,
      );
    }
    const clock = findTimes("stay out of the den from 2 in the day until 4");
    // days of a time are no part of the day
    assert.deepEqual(findTimes("keep out of the den in the days before a party"), []);
    assert.ok(!clock.some((x) => x.from === 6 && x.to === 21));
  });

  it("makes a permission on a room banned all day give way only then, keeping the ban", async () => {
    const { rules } = await taught(house, "never go into the den", "the den is alright now in the day");
    assert.equal(rules.length, 1);
    assert.equal((rules[0].requirement as { room?: string }).room, "den");
    assert.ok(rules[0].exceptions.length + rules[0].conditions.length > 0);
  });

  it("never takes the ban back whole", async () => {
    for (const m of [
      "You can use the den in the day now. Not at night though.",
      "den's fine through the day now",
      "the den is ok in the days now",
    ]) {
      const { rules } = await taught(house, "never go into the den", m);
      assert.deepEqual(
        rules.map((r) => (r.requirement as { room?: string }).room),
        ["den"],
        m,
      );
    }
  });

  it("is the daytime beside hours said no to, not a bound of how long", async () => {
    for (const m of [
      "you may use the attic through the day now, only not at night",
      "the attic you can go in now through the day, just not at night",
    ]) {
      const { rules } = await taught(house, "never go into the attic", m);
      assert.deepEqual(roomsAndHours(rules), [{ room: "attic", when: ["21-6"] }], m);
    }
  });
});
