/**
 * A ban said with hours and then again, later in the same message, with no hours ("…after nine.
 * Just keep out.") is the same ban stressed: one rule with its hours, never a second one at every
 * hour. Said again with a word of every hour ("all day"), it is left as read. A lasting rule that
 * says the day it starts ("starting tonight", "effective today") is no one-off. Sentences written
 * for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { saysEveryHour } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "cellar", "workshop"], sceneId: "s1" };
const hours = (r: { conditions: { kind: string }[] }) => r.conditions.filter((c) => c.kind === "time").length;

describe("a ban said again without its hours", () => {
  it("stays one ban with the hours first said", async () => {
    for (const m of [
      "Keep out of the workshop after 9pm. Just keep out.",
      "Don't go into the cellar between 6 and 8 in the morning. Stay out, please.",
      "No entering the den from 10 p.m. to 5 a.m. Keep away, I mean it.",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.equal(hours(rules[0]), 1, m);
    }
  });

  it("is left as read when it says every hour", async () => {
    const { rules } = await taught(house, "Keep out of the den after 9pm. Actually, stay out of it all day.");
    assert.ok(
      rules.some((r) => hours(r) === 0),
      JSON.stringify(rules),
    );
    for (const s of ["all day", "at any time", "round the clock", "24/7", "always"]) assert.ok(saysEveryHour(s), s);
    for (const s of ["just keep out", "every night", "please"]) assert.ok(!saysEveryHour(s), s);
  });
});

describe("the day a lasting rule starts", () => {
  it("is no one-off", async () => {
    for (const m of [
      "Starting tonight, never go in the cellar.",
      "Effective today, the workshop is off limits to you.",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
    }
  });

  it("while tonight alone still marks this task only", async () => {
    const { rules } = await taught(house, "Don't go in the cellar tonight.");
    assert.equal(rules.length, 0, JSON.stringify(rules));
  });
});
