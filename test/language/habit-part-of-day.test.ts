/**
 * A part of the day said as a habit ("of an evening", "of a night", as British and Australian
 * voices say "in the evenings") is that part of the day; said after an hour it names the hour's
 * half of the day. Phrases written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { findTimes } from "../../src/language/index.ts";
import { taught } from "../rules/taught.ts";

const hours = (s: string) => findTimes(s).map((t) => [t.from, t.to]);

describe("a part of the day said as a habit", () => {
  it("is the hours of that part", () => {
    assert.deepEqual(hours("keep the noise down of an evening"), [[17, 21]]);
    assert.deepEqual(hours("the hall is busy of a morning"), [[6, 12]]);
    assert.deepEqual(hours("of a night the dog sleeps there"), [[21, 6]]);
    assert.deepEqual(hours("a friend of a friend"), []);
  });

  it("keeps a ban said with it at those hours", async () => {
    const house = { rooms: ["workshop", "sunroom"], sceneId: "s1" };
    const { rules, reply } = await taught(house, "Of an afternoon I paint in the sunroom, so stay out of it then.");
    assert.equal(rules.length, 1, reply);
    const t = rules[0].conditions.find((c) => c.kind === "time");
    assert.deepEqual(t?.kind === "time" ? [t.fromHour, t.toHour] : undefined, [12, 17]);
  });
});
