/**
 * A permission said of a ban with hours that say no half of the day ("till 11", "between 2 and
 * 4"): when reading them in the other half would lift the ban at other hours, the learner asks
 * am or pm and the rule stays as it was; hours that say their half, or whose other half lifts
 * nothing, are read. Property over random bans and said hours. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { inForce } from "../../src/language/index.ts";
import { teach } from "../../src/rules/index.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";
import type { Condition } from "../../src/rules/types.ts";

const ctx = { rooms: ["kitchen", "garage", "attic"], sceneId: "s1" };
const windows = (cs: Condition[]) =>
  cs.flatMap((c) => (c.kind === "time" ? [{ fromHour: c.fromHour, toHour: c.toHour }] : []));
const pm = (h: number) => (h === 0 ? "midnight" : h === 12 ? "noon" : h < 12 ? `${h}am` : `${h - 12}pm`);

async function teachBoth(ban: string, permission: string) {
  const lib = new SqliteRuleLibrary(":memory:");
  try {
    await teach(lib, "u", ban, { ...ctx, at: 1 });
    const before = (await lib.snapshot("u")).rules.map((r) => r.rule);
    const t = await teach(lib, "u", permission, { ...ctx, at: 2 });
    const after = (await lib.snapshot("u")).rules.map((r) => r.rule);
    return { before, after, t };
  } finally {
    await lib.close();
  }
}

const banned = (rules: { conditions: Condition[]; exceptions: Condition[] }[]) =>
  rules.length ? inForce(windows(rules[0].conditions), windows(rules[0].exceptions)) : [];

describe("a permission whose half of the day is a guess", () => {
  it("is asked when the other half would lift the ban at other hours", async () => {
    for (const [ban, permission] of [
      ["keep out of the attic from 8pm on", "ok the attic is alright until 11"],
      ["never enter the garage", "you may go in the garage between 3 and 4"],
    ]) {
      const { before, after, t } = await teachBoth(ban, permission);
      assert.deepEqual(banned(after), banned(before), `${permission}: the ban changed`);
      assert.ok(t.reply.includes("am or pm"), `${permission}: ${t.reply}`);
    }
  });

  it("never lifts a banned hour the user did not name, whatever hours are said", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 1, max: 11 }),
        fc.integer({ min: 1, max: 3 }),
        async (from, at, len) => {
          const to = (from + 15) % 24;
          const end = Math.min(at + len, 12);
          if (end === at) return;
          const { before, after } = await teachBoth(
            `stay out of the kitchen from ${pm(from)} to ${pm(to)}`,
            `you can go in the kitchen between ${at} and ${end}`,
          );
          const was = new Set(banned(before));
          const lifted = [...was].filter((h) => !banned(after).includes(h));
          // every hour lifted is one the user's words name in one half of the day or the other, and all in one half
          const am = lifted.every((h) => h >= at && h < end);
          const pmHalf = lifted.every((h) => h >= at + 12 && h < end + 12);
          assert.ok(am || pmHalf, `lifted ${lifted} of ${[...was]}`);
          // and when both halves would lift something different, nothing is lifted
          const inAm = [...was].filter((h) => h >= at && h < end);
          const inPm = [...was].filter((h) => h >= at + 12 && h < end + 12);
          if (inAm.length && inPm.length) assert.deepEqual(lifted, [], "guessed a half");
        },
      ),
      { numRuns: 40 },
    );
  });

  it("hours that say their half are read", async () => {
    const { after } = await teachBoth("keep out of the attic from 8pm on", "ok the attic is alright until 11pm");
    assert.ok(!banned(after).includes(21));
    assert.ok(banned(after).includes(23));
  });
});
