/**
 * A "then" closing a request points back at a time said before it in the message: one span of
 * hours is that window; a moment or a day is kept in the user's words, never dropped into an
 * all-day ban; with no time said before, "then" is "in that case" and bounds nothing. A time that
 * points back in a later sentence ("during those hours") is read the same way. Sentences
 * written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["nursery", "study", "den"], sceneId: "s1" };
type Rule = Awaited<ReturnType<typeof taught>>["rules"][number];
const whenOf = (r: Rule) => r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind));

describe("a closing 'then'", () => {
  it("is the one span of hours said before it", async () => {
    for (const [m, w] of [
      ["The twins nap from 2 to 4 pm. Keep out of the nursery then.", "14-16"],
      ["Dinner runs 6:30 till 8 in the evening, so stay out of the den then please", "18-20"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.deepEqual(whenOf(rules[0]), [w], m);
    }
  });

  it("after a verb of going with no object ('don't come in then'), is the room's one window said before", async () => {
    for (const [m, room, w] of [
      ["In the evenings I do my yoga in the den, so please don't come in then.", "den", "17-21"],
      ["we have our lessons in the study from 9 to 11, so pls don't go inside then", "study", "9-11"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [r.requirement, whenOf(r)]),
        [[{ kind: "avoid_room", room }, [w]]],
        m,
      );
    }
    // no time said before: the "then" stays the user's words, never an all-day ban
    const { rules } = await taught(house, "I do my yoga in the den, so please don't come in then.");
    for (const r of rules) assert.ok(r.conditions.length > 0, JSON.stringify(r));
  });

  it("after a moment or a day, is kept as said, never an all-day ban", async () => {
    const { rules } = await taught(house, "My brother's tutor comes at 5 on Tuesdays, so skip the study then.");
    for (const r of rules) assert.ok(r.conditions.length > 0, JSON.stringify(r));
  });

  it("with no time said before it, bounds nothing", async () => {
    const { rules } = await taught(house, "Oh, the baby is fussing? Stay out of the nursery then.");
    for (const r of rules) assert.ok(!r.conditions.some((c) => c.kind === "time"), JSON.stringify(r));
  });

  it("a time pointing back in a later sentence ('during those hours') is the one window said before it", async () => {
    for (const [m, w] of [
      ["Grandad does his crossword in the study from 10 to 11. Please stay out of it during those hours.", "10-11"],
      ["The baby naps in the nursery 1 till 3 pm. Keep away from there at those times, thanks.", "13-15"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.deepEqual(whenOf(rules[0]), [w], m);
    }
    // two windows said before: which one is meant is the user's to say
    const two = await taught(
      house,
      "I read in the den from 8 to 9 and nap there from 1 to 2. Stay out during those hours.",
    );
    for (const r of two.rules) assert.ok(!whenOf(r).includes("20-21") || whenOf(r).length > 1, JSON.stringify(r));
  });
});
