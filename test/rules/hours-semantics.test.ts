/**
 * One hour-window semantics across the rule layer, as properties over random windows: the
 * checker, the offline reviewer and the language part's algebra agree on when a ban with an
 * exception applies (equal ends included), and the learner's revisions of hours change exactly
 * the hours they name.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type HourWindow, inForce } from "../../src/language/index.ts";
import { applicability } from "../../src/rules/check.ts";
import { teach } from "../../src/rules/index.ts";
import { labelCase } from "../../src/rules/review.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";
import type { RuleDraft } from "../../src/rules/types.ts";
import { mulberry32 } from "../../src/util/index.ts";
import { randomWindow, said, saidWindow } from "../language/windows.ts";

const RUNS = 300;

function draft(conditions: HourWindow[], exceptions: HourWindow[]): RuleDraft {
  const time = (w: HourWindow) => ({ kind: "time" as const, ...w, quote: `${w.fromHour}-${w.toHour}` });
  return {
    statement: "stay out of the garage",
    quotes: ["stay out of the garage"],
    requirement: { kind: "avoid_room", room: "garage" },
    persistence: "persistent",
    scope: "global",
    conditions: conditions.map(time),
    exceptions: exceptions.map(time),
    stage: "pre_action",
    clear: true,
    source: { message: "stay out of the garage", at: 1 },
  };
}

describe("hour windows in the rule layer", () => {
  it("the checker and the reviewer apply a ban exactly at its hours less its exception's", () => {
    const next = mulberry32(11);
    for (let k = 0; k < RUNS; k++) {
      const ban = randomWindow(next);
      const exc = randomWindow(next);
      const d = draft([ban], [exc]);
      const live = new Set(inForce([ban], [exc]));
      for (let h = 0; h < 24; h++) {
        const ev = { stage: "pre_action" as const, context: { hour: h }, action: { chosenRoom: "garage" } };
        const checked = applicability({ stage: "pre_action", conditions: d.conditions, exceptions: d.exceptions }, ev);
        assert.equal(checked === null, live.has(h), `checker: ${JSON.stringify({ ban, exc, h })}`);
        assert.equal(
          labelCase(d, ev) !== "not_applicable",
          live.has(h),
          `reviewer: ${JSON.stringify({ ban, exc, h })}`,
        );
      }
    }
  });

  it("a revision of hours replaces the rule's own and changes nothing else", async () => {
    const next = mulberry32(12);
    for (let k = 0; k < 40; k++) {
      const old = saidWindow(next);
      const now = saidWindow(next);
      const lib = new SqliteRuleLibrary(":memory:");
      try {
        const ctx = { rooms: ["garage", "kitchen"], at: 1 };
        await teach(lib, "u", `Stay out of the garage between ${said(old.fromHour)} and ${said(old.toHour)}.`, ctx);
        await teach(lib, "u", "Never stop in the kitchen.", ctx);
        const [before] = (await lib.snapshot("u")).rules.filter((v) => v.rule.requirement.kind === "avoid_room");
        const msg = `make the garage one between ${said(now.fromHour)} and ${said(now.toHour)} instead`;
        const t = await teach(lib, "u", msg, { ...ctx, at: 2 });
        assert.deepEqual(
          t.items.map((x) => [x.decision, x.ruleId]),
          [["revise", before.ruleId]],
          `${msg}: ${t.reply}`,
        );
        const after = (await lib.snapshot("u")).rules;
        const garage = after.find((v) => v.ruleId === before.ruleId)!;
        assert.deepEqual(garage.rule.requirement, before.rule.requirement);
        assert.deepEqual(garage.rule.exceptions, before.rule.exceptions);
        assert.deepEqual(
          garage.rule.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour % 24] : c.kind)),
          [[now.fromHour, now.toHour % 24]],
          msg,
        );
        // the other rule is untouched
        assert.equal(after.filter((v) => v.rule.requirement.kind === "no_stop_in_room" && v.version === 1).length, 1);
      } finally {
        await lib.close();
      }
    }
  });
});
