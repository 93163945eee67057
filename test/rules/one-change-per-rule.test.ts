/**
 * A message that would change one rule twice (a permission for some hours and a ban window for the
 * same room, both against the ban in force) is read against one version of that rule: teaching it
 * never fails on a stale version, never writes two changes to the rule, and never leaves an hour
 * the message bans permitted. What the learner cannot fold into one change it asks about.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { hoursOf, inForce } from "../../src/language/index.ts";
import { teach } from "../../src/rules/index.ts";
import { oneChangePerRule } from "../../src/rules/learn/one-change.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";
import type { RuleDraft, RuleVersion } from "../../src/rules/types.ts";
import { between, saidWindow, windows } from "./said-hours.ts";

const live = (r: RuleDraft) => inForce(windows(r.conditions), windows(r.exceptions));
const ctx = { rooms: ["pantry", "porch"] };

describe("one message changes a rule once", () => {
  it("a permission and a ban window for a banned room: no stale write, one change at most, the banned hours stay banned", async () => {
    await fc.assert(
      fc.asyncProperty(saidWindow, saidWindow, async (allowed, banned) => {
        const lib = new SqliteRuleLibrary(":memory:");
        try {
          await teach(lib, "u", "never go into the pantry", { ...ctx, at: 1 });
          const t = await teach(
            lib,
            "u",
            `You can use the pantry ${between(allowed)}. Stay out of it ${between(banned)}.`,
            { ...ctx, at: 2 },
          );
          const changed = t.items.filter((i) => (i.decision === "revise" || i.decision === "replace") && i.ruleId);
          assert.ok(new Set(changed.map((i) => i.ruleId)).size === changed.length, "one change per rule");
          const rules = (await lib.snapshot("u")).rules.filter(
            (v) => v.status === "active" && "room" in v.rule.requirement && v.rule.requirement.room === "pantry",
          );
          const held = new Set(rules.flatMap((v) => live(v.rule)));
          for (const h of hoursOf(banned.fromHour, banned.toHour % 24))
            assert.ok(held.has(h), `hour ${h} is banned by the message and must stay banned`);
        } finally {
          await lib.close();
        }
      }),
      { numRuns: 30 },
    );
  });

  it("two changes read for one rule become one question that reads both back, and nothing is changed", () => {
    const rule = (room: string, from?: number, to?: number): RuleDraft => ({
      statement: `keep out of the ${room}`,
      quotes: [room],
      requirement: { kind: "avoid_room", room },
      persistence: "persistent",
      scope: "global",
      conditions: from === undefined ? [] : [{ kind: "time", fromHour: from, toHour: to!, quote: "then" }],
      exceptions: [],
      stage: "pre_action",
      clear: true,
      source: { message: "m", at: 1 },
    });
    const inForceNow = [{ ruleId: "R1", rule: rule("porch"), status: "active" }] as unknown as RuleVersion[];
    const out = oneChangePerRule(
      [
        {
          decision: "revise",
          reason: "hours",
          clause: "only at night",
          ruleId: "R1",
          base: "R1@1",
          draft: rule("porch", 21, 6),
        },
        {
          decision: "revise",
          reason: "hours",
          clause: "and mornings too",
          ruleId: "R1",
          base: "R1@1",
          draft: rule("porch", 6, 9),
        },
        { decision: "add", reason: "new", clause: "no stopping in the pantry", draft: rule("pantry") },
      ],
      inForceNow,
    );
    assert.deepEqual(
      out.map((i) => i.decision),
      ["unclear", "add"],
    );
    assert.match(out[0].question ?? "", /21:00.*06:00.*06:00.*09:00/s);
    assert.match(out[0].question ?? "", /left it as it was/);
    const single = oneChangePerRule([out[1]], inForceNow);
    assert.deepEqual(single, [out[1]]);
  });
});
