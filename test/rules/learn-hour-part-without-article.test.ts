/**
 * An hour with its part of the day said without the article ("until 6 in morning", "2 in
 * afternoon"), as speakers of languages without articles say it, is that hour: one window, never
 * a second rule over the whole part of the day. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["nursery", "den", "study"], sceneId: "s1" };
const windows = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => [
    (r.requirement as { room: string }).room,
    r.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
  ]);

describe("an hour with its part of the day said without the article", () => {
  it("is that hour: one rule with one window", async () => {
    for (const [m, room, from, to] of [
      ["keep off the nursery from 23 o'clock till 5 in morning", "nursery", 23, 5],
      ["dont go in the den from 2 in afternoon till 4", "den", 14, 16],
      ["no going in study from 8 in evening to 11 at night please", "study", 20, 23],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(windows(rules), [[room, [[from, to]]]], m);
    }
  });
});
