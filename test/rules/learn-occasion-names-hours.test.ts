/**
 * A short run of words whose one part of the day names an occasion ("my night shift", "the
 * morning walk"), said beside clock hours that fall in that part, names those hours again: the ban
 * is kept at the clock hours. With hours outside that part, or a word that says more (a day, a
 * negation, "too"), it is left as it was read. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { namesHoursBeside } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "cellar", "workshop"], sceneId: "s1" };

describe("a part of the day naming an occasion beside clock hours", () => {
  it("names hours within that part, and nothing else", () => {
    assert.equal(namesHoursBeside("my night shift", [{ from: 22, to: 6 }]), true);
    assert.equal(namesHoursBeside("the morning walk", [{ from: 7, to: 8 }]), true);
    assert.equal(namesHoursBeside("the morning walk", [{ from: 13, to: 15 }]), false);
    assert.equal(namesHoursBeside("mornings too", [{ from: 7, to: 8 }]), false);
    assert.equal(namesHoursBeside("sunday mornings", [{ from: 7, to: 8 }]), false);
    assert.equal(namesHoursBeside("not in the morning", [{ from: 7, to: 8 }]), false);
    assert.equal(namesHoursBeside("the morning walk", []), false);
  });

  it("leaves the ban kept at the clock hours", async () => {
    const { rules } = await taught(house, "Resting days for me. 9am to 4pm, the workshop is off limits.");
    assert.equal(rules.length, 1, JSON.stringify(rules));
    const times = rules[0].conditions.flatMap((c) => (c.kind === "time" ? [[c.fromHour, c.toHour]] : []));
    assert.deepEqual(times, [[9, 16]]);
  });
});
