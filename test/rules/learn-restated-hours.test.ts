/**
 * A permission said with hours and with the hours it leaves out, when those are the rest of the
 * day ("you can use the garage in the daytime, only not at night"), says one thing twice: the ban
 * holds at the hours said no to, as a condition in the user's words, with or without a ban in force.
 * Hours permitted that share none with those said no to are never a condition of the new ban. And
 * whatever the hours, the ban in force afterwards never permits an hour the message said no to.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { hoursOf, inForce } from "../../src/language/index.ts";
import type { Condition } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["garage", "workshop", "attic", "pantry"], sceneId: "s1" };
const windows = (cs: Condition[]) =>
  cs.flatMap((c) => (c.kind === "time" ? [{ fromHour: c.fromHour, toHour: c.toHour }] : []));
const clock = (h: number) => (h === 0 ? "midnight" : h === 12 ? "noon" : h < 12 ? `${h} am` : `${h - 12} pm`);

describe("hours permitted and the rest of the day said no to", () => {
  it("bans the room at the hours said no to, as a condition", async () => {
    for (const m of [
      "you may go into the workshop in the daytime, only not at night",
      "feel free to use the workshop during the day but not at night",
    ])
      for (const before of [[], ["keep out of the workshop"]]) {
        const { rules } = await taught(house, ...before, m);
        assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
        assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room: "workshop" });
        assert.deepEqual(windows(rules[0].conditions), [{ fromHour: 21, toHour: 6 }], m);
        assert.deepEqual(rules[0].exceptions, [], m);
      }
  });

  it("with no ban in force, hours permitted apart from those said no to are no condition of the ban", async () => {
    const { rules } = await taught(house, "it's ok to go in the attic in the mornings, but never at night");
    assert.equal(rules.length, 1, JSON.stringify(rules));
    assert.deepEqual(windows(rules[0].conditions), [{ fromHour: 21, toHour: 6 }]);
  });

  it("hours permitted less a part said in words (a day, a state) are asked, and the ban stays whole", async () => {
    for (const m of [
      "you can go in the garage in the mornings except on sundays",
      "the garage is fine in the evenings from now on, except when we have guests",
    ]) {
      const { rules, reply } = await taught(house, "stay out of the garage", m);
      assert.equal(rules.length, 1, m);
      assert.deepEqual([rules[0].conditions, rules[0].exceptions], [[], []], m);
      assert.ok(reply.includes("?"), `${m}: ${reply}`);
    }
  });

  it("the ban in force holds at exactly the hours said no to, for any clock window (property)", async () => {
    const hour = fc.integer({ min: 0, max: 23 });
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(hour, hour).filter(([a, b]) => a !== b),
        async ([a, b]) => {
          const m = `you can go in the garage from ${clock(a)} to ${clock(b)}, just not from ${clock(b)} to ${clock(a)}`;
          const { rules } = await taught(house, "stay out of the garage", m);
          assert.equal(rules.length, 1, m);
          const r = rules[0];
          assert.deepEqual(
            inForce(windows(r.conditions), windows(r.exceptions)),
            hoursOf(b, a).sort((x, y) => x - y),
            m,
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it("never permits an hour said no to, whatever hours are permitted beside it (property)", async () => {
    const hour = fc.integer({ min: 0, max: 23 });
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(hour, hour, hour, hour).filter(([a, b, c, d]) => a !== b && c !== d),
        async ([a, b, c, d]) => {
          const m = `you can go in the garage from ${clock(a)} to ${clock(b)}, just not from ${clock(c)} to ${clock(d)}`;
          const { rules } = await taught(house, "stay out of the garage", m);
          const bans = rules.filter((r) => r.requirement.kind === "avoid_room");
          const banned = new Set(bans.flatMap((r) => inForce(windows(r.conditions), windows(r.exceptions))));
          for (const h of hoursOf(c, d)) assert.ok(banned.has(h), `${m}: ${h}:00 permitted`);
        },
      ),
      { numRuns: 25 },
    );
  });
});
