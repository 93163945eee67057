/**
 * Updates act on the rule in force (issue 30, deliverable 3), as fast-check properties over
 * random hours a person can say (wrapping past midnight included): a permission for some hours
 * lifts a ban at those hours and nowhere else, and never at an hour the same message bans; a
 * revision of hours replaces the hours of the rule it names and keeps its exceptions; a
 * retraction removes only the rule it names. Each update goes through the offline learner into
 * a real (in-memory) library.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { hoursOf, inForce } from "../../src/language/index.ts";
import { teach } from "../../src/rules/index.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";
import type { RuleDraft } from "../../src/rules/types.ts";
import { between, saidWindow, windows } from "./said-hours.ts";

/** The hours a rule holds at, in order (none when there is no rule). */
const live = (r: RuleDraft | undefined) => (r ? inForce(windows(r.conditions), windows(r.exceptions)) : []);
const ctx = { rooms: ["garage", "kitchen"] };
// the runs each teach a few messages to a fresh library: fewer than fast-check's default keep it quick
const RUNS = { numRuns: 40 };

async function withLibrary<T>(go: (lib: SqliteRuleLibrary) => Promise<T>): Promise<T> {
  const lib = new SqliteRuleLibrary(":memory:");
  try {
    return await go(lib);
  } finally {
    await lib.close();
  }
}

const rules = async (lib: SqliteRuleLibrary) => (await lib.snapshot("u")).rules;
const garage = async (lib: SqliteRuleLibrary) =>
  (await rules(lib)).find((v) => v.rule.requirement.kind === "avoid_room");
const kitchen = async (lib: SqliteRuleLibrary) =>
  (await rules(lib)).filter((v) => v.rule.requirement.kind === "no_stop_in_room");

describe("updates act on the rule in force, as properties", () => {
  it("a permission for some hours lifts a timed ban at exactly those hours, and touches no other rule", async () => {
    await fc.assert(
      fc.asyncProperty(saidWindow, saidWindow, (ban, permit) =>
        withLibrary(async (lib) => {
          await teach(lib, "u", `Stay out of the garage ${between(ban)}.`, { ...ctx, at: 1 });
          await teach(lib, "u", "Never stop in the kitchen.", { ...ctx, at: 2 });
          const before = (await garage(lib))!;
          const [kept] = await kitchen(lib);
          const msg = `you can go into the garage ${between(permit)}`;
          const t = await teach(lib, "u", msg, { ...ctx, at: 3 });
          const after = await garage(lib);
          const named = new Set(hoursOf(permit.fromHour, permit.toHour));
          const want = live(before.rule).filter((h) => !named.has(h));
          // the permission is an exception to the ban in force: the ban's hours less the permitted ones
          assert.deepEqual(
            t.items.map((x) => [x.decision, x.ruleId]),
            [["revise", before.ruleId]],
            `${msg}: ${t.reply}`,
          );
          assert.deepEqual(live(after?.rule), want, `${msg}: ${t.reply}`);
          assert.deepEqual(await kitchen(lib), [kept], "the other rule is untouched");
        }),
      ),
      RUNS,
    );
  });

  it("a permission with hours banned beside it never permits a banned hour", async () => {
    await fc.assert(
      fc.asyncProperty(saidWindow, saidWindow, (permit, banned) =>
        withLibrary(async (lib) => {
          await teach(lib, "u", "Stay out of the garage.", { ...ctx, at: 1 });
          const before = (await garage(lib))!;
          const msg = `you can go into the garage ${between(permit)} but never ${between(banned)}`;
          const t = await teach(lib, "u", msg, { ...ctx, at: 2 });
          const stillBanned = new Set(hoursOf(banned.fromHour, banned.toHour));
          const permitted = hoursOf(permit.fromHour, permit.toHour).filter((h) => !stillBanned.has(h));
          const after = (await garage(lib))!;
          // no hour left to permit: asked, and the ban stays whole
          if (!permitted.length) {
            assert.deepEqual(
              t.items.map((x) => x.decision),
              ["unclear"],
              `${msg}: ${t.reply}`,
            );
            assert.equal(after.versionId, before.versionId);
            return;
          }
          assert.deepEqual(
            t.items.map((x) => [x.decision, x.ruleId]),
            [["revise", before.ruleId]],
            `${msg}: ${t.reply}`,
          );
          const allowed = new Set(permitted);
          assert.deepEqual(
            live(after.rule),
            live(before.rule).filter((h) => !allowed.has(h)),
            `${msg}: ${t.reply}`,
          );
        }),
      ),
      RUNS,
    );
  });

  it("a revision of hours replaces the ban's hours and keeps its exception", async () => {
    await fc.assert(
      fc.asyncProperty(saidWindow, saidWindow, saidWindow, (ban, permit, now) =>
        withLibrary(async (lib) => {
          await teach(lib, "u", `Stay out of the garage ${between(ban)}.`, { ...ctx, at: 1 });
          await teach(lib, "u", `you can go into the garage ${between(permit)}`, { ...ctx, at: 2 });
          const before = (await garage(lib))!;
          const msg = `make the garage one ${between(now)} instead`;
          const t = await teach(lib, "u", msg, { ...ctx, at: 3 });
          assert.deepEqual(
            t.items.map((x) => [x.decision, x.ruleId]),
            [["revise", before.ruleId]],
            `${msg}: ${t.reply}`,
          );
          const after = (await garage(lib))!;
          assert.deepEqual(after.rule.requirement, before.rule.requirement);
          assert.deepEqual(after.rule.exceptions, before.rule.exceptions, msg);
          assert.deepEqual(
            windows(after.rule.conditions).map((w) => [w.fromHour, w.toHour % 24]),
            [[now.fromHour, now.toHour % 24]],
            msg,
          );
          assert.deepEqual(live(after.rule), inForce([now], windows(before.rule.exceptions)), msg);
        }),
      ),
      RUNS,
    );
  });

  it("a retraction removes the rule it names and nothing else", async () => {
    await fc.assert(
      fc.asyncProperty(saidWindow, fc.boolean(), (ban, garageFirst) =>
        withLibrary(async (lib) => {
          const timed = `Stay out of the garage ${between(ban)}.`;
          const order = garageFirst ? [timed, "Never stop in the kitchen."] : ["Never stop in the kitchen.", timed];
          for (const [k, m] of order.entries()) await teach(lib, "u", m, { ...ctx, at: k + 1 });
          const [kept] = await kitchen(lib);
          const t = await teach(lib, "u", "you can go into the garage again", { ...ctx, at: 3 });
          assert.deepEqual(
            t.items.map((x) => x.decision),
            ["retract"],
            t.reply,
          );
          assert.equal(await garage(lib), undefined);
          assert.deepEqual(await kitchen(lib), [kept]);
        }),
      ),
      RUNS,
    );
  });
});
