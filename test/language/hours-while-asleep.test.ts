/**
 * Bare hours said beside people's sleep ("while we're asleep", "once the kids are in bed") are
 * their night: an end before the start runs across midnight, not across noon, so "from 10 till
 * 6" is 22 → 6, never the day's 10 → 18 (a window widened into the wrong half of the day). A nap
 * is the day's sleep, a "sleeping room" a room, and hours said with their half of the day, or
 * that do not wrap, keep the reading they had. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { findTimes } from "../../src/language/index.ts";
import { taught } from "../rules/taught.ts";

const windows = (s: string) => findTimes(s).map((t) => [t.from, t.to]);

describe("bare hours beside people's sleep", () => {
  it("run across midnight when the end comes before the start", () => {
    assert.deepEqual(windows("while my husband is asleep, from 11 till 7"), [[23, 7]]);
    assert.deepEqual(windows("between 9 and 6 when the children sleep"), [[21, 6]]);
    assert.deepEqual(windows("after the twins have gone to bed, from 8 until 5"), [[20, 5]]);
    assert.deepEqual(windows("we are in bed from ten till six"), [[22, 6]]);
  });

  it("keep the day's reading for a nap, a room's name, and no sleep at all", () => {
    assert.deepEqual(windows("while grandpa naps, from 11 until 2"), [[11, 14]]);
    assert.deepEqual(windows("the sleeping room from 9 till 4"), [[9, 16]]);
    assert.deepEqual(windows("while I'm at the office, from 9 till 5"), [[9, 17]]);
  });

  it("keep what is said of the half of the day, or hours that do not wrap", () => {
    assert.deepEqual(windows("while we sleep, from 10 pm till 6 am"), [[22, 6]]);
    assert.deepEqual(windows("he sleeps from 0900 to 1500"), [[9, 15]]);
    assert.deepEqual(windows("when the baby sleeps, from 1 till 3"), [[13, 15]]);
  });

  it("ban a room for the night the speaker sleeps through", async () => {
    const { rules, reply } = await taught(
      { rooms: ["den", "landing"], sceneId: "s1" },
      "Once we're sleeping, keep out of the den from 11 until 6.",
    );
    const hours = rules.flatMap((r) =>
      r.conditions.flatMap((c) => (c.kind === "time" ? [[c.fromHour, c.toHour]] : [])),
    );
    assert.deepEqual(hours, [[23, 6]]);
    assert.doesNotMatch(reply, /11:00 and 18:00/);
  });
});
