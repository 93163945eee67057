/**
 * A ban with hours and exceptions, through the rule layer, as fast-check properties: the check
 * the compiler validates and the checker runs, the checker's own gate and the offline reviewer
 * forbid a room at exactly the hours the language part's algebra leaves in force (every
 * condition's window less every exception's), for random windows that wrap past midnight or
 * have equal ends; and the learner takes a rule said again with the same hours for the same rule.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { type HourWindow, hoursOf, inForce } from "../../src/language/index.ts";
import { applicability, runCheck } from "../../src/rules/check.ts";
import { compileRule } from "../../src/rules/compile.ts";
import { resolveDraft } from "../../src/rules/learn/resolve.ts";
import { labelCase } from "../../src/rules/review.ts";
import { Evidence, type RuleDraft, type RuleVersion } from "../../src/rules/types.ts";

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const sorted = (hs: number[]) => [...hs].sort((a, b) => a - b);
const hour = fc.integer({ min: 0, max: 23 });
const window: fc.Arbitrary<HourWindow> = fc.oneof(
  fc.record({ fromHour: hour, toHour: fc.integer({ min: 0, max: 24 }) }),
  hour.chain((f) => fc.constantFrom({ fromHour: f, toHour: f }, { fromHour: f, toHour: f === 0 ? 24 : f })),
  fc
    .tuple(fc.integer({ min: 1, max: 23 }), hour)
    .filter(([f, t]) => t < f)
    .map(([f, t]) => ({ fromHour: f, toHour: t })),
);
const equalEnds: fc.Arbitrary<HourWindow> = hour.chain((f) =>
  fc.constantFrom({ fromHour: f, toHour: f }, { fromHour: f, toHour: f === 0 ? 24 : f }),
);

function ban(conditions: HourWindow[], exceptions: HourWindow[]): RuleDraft {
  const time = (w: HourWindow) => ({ kind: "time" as const, ...w, quote: `from ${w.fromHour} to ${w.toHour}` });
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

const at = (h: number, room: string): Evidence => ({
  stage: "pre_action",
  context: { hour: h },
  action: { chosenRoom: room },
});

/** Each reader's verdict on entering the garage, and on entering the kitchen, at every hour. */
async function readings(conditions: HourWindow[], exceptions: HourWindow[]) {
  const rule = ban(conditions, exceptions);
  const compiled = await compileRule(rule);
  const gate = { stage: rule.stage, conditions: rule.conditions, exceptions: rule.exceptions };
  return {
    compiled,
    live: new Set(inForce(conditions, exceptions)),
    checker: HOURS.map((h) => applicability(gate, Evidence.parse(at(h, "garage")))?.verdict ?? "applies"),
    reviewer: HOURS.map((h) => labelCase(rule, at(h, "garage"))),
    run: HOURS.map((h) => runCheck(compiled, at(h, "garage")).verdict),
    runElsewhere: HOURS.map((h) => runCheck(compiled, at(h, "kitchen")).verdict),
  };
}

describe("hour windows in the rule layer, as properties", () => {
  it("the compiled check forbids the room at exactly the ban's hours less its exceptions'", async () => {
    const some = fc.array(window, { maxLength: 2 });
    await fc.assert(
      fc.asyncProperty(fc.array(window, { minLength: 1, maxLength: 2 }), some, async (conditions, exceptions) => {
        const r = await readings(conditions, exceptions);
        if (!r.live.size) {
          // a ban that never holds has no hour to validate a check at: it is never enforced
          assert.notEqual(r.compiled.kind, "programmatic");
          assert.ok(r.run.every((v) => v === "not_applicable"));
          return;
        }
        assert.equal(r.compiled.kind, "programmatic", JSON.stringify(r.compiled));
        for (const h of HOURS) {
          assert.equal(r.run[h], r.live.has(h) ? "violated" : "not_applicable", `garage at ${h}`);
          assert.equal(r.runElsewhere[h], r.live.has(h) ? "pass" : "not_applicable", `kitchen at ${h}`);
        }
      }),
    );
  });

  it("the checker's gate and the reviewer apply a ban at the same hours as the algebra", async () => {
    const some = fc.array(window, { maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(some, some, async (conditions, exceptions) => {
        const r = await readings(conditions, exceptions);
        for (const h of HOURS) {
          assert.equal(r.checker[h] === "applies", r.live.has(h), `checker at ${h}`);
          assert.equal(r.reviewer[h], r.live.has(h) ? "violated" : "not_applicable", `reviewer at ${h}`);
        }
      }),
    );
  });

  it("with equal ends, the checker, the compiled check and the reviewer agree at every hour", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.tuple(equalEnds, fc.array(window, { maxLength: 1 })),
          fc.tuple(window, fc.array(equalEnds, { minLength: 1, maxLength: 1 })),
        ),
        async ([condition, exceptions]) => {
          const r = await readings([condition], exceptions);
          for (const h of HOURS) {
            const applies = r.live.has(h);
            assert.equal(r.checker[h] === "applies", applies, `checker at ${h}`);
            assert.equal(r.reviewer[h] === "violated", applies, `reviewer at ${h}`);
            assert.equal(r.run[h] === "violated", applies, `compiled at ${h}`);
          }
          // a whole-day ban holds at every hour its exceptions leave; a whole-day exception lifts it at every hour
          if (exceptions.some((x) => x.fromHour === x.toHour % 24)) assert.equal(r.live.size, 0);
          else if (condition.fromHour === condition.toHour % 24 && !exceptions.length) assert.equal(r.live.size, 24);
        },
      ),
    );
  });
});

describe("the learner's notion of the same rule, as a property", () => {
  const version = (rule: RuleDraft): RuleVersion => ({
    userId: "u",
    ruleId: "r1",
    version: 1,
    versionId: "r1@1",
    libraryVersion: 1,
    change: "add",
    status: "active",
    createdAt: 1,
    rule,
    check: { kind: "guidance", reason: "not compiled here" },
  });

  it("a rule said again with the same hours is reused, however its window's ends are written", () => {
    fc.assert(
      fc.property(window, window, (stored, again) => {
        const same =
          sorted(hoursOf(stored.fromHour, stored.toHour)).join() ===
          sorted(hoursOf(again.fromHour, again.toHour)).join();
        const item = resolveDraft(ban([again], []), "stay out of the garage then", [version(ban([stored], []))], {});
        assert.equal(item.decision === "reuse", same, `${JSON.stringify({ stored, again })}: ${item.decision}`);
      }),
    );
  });
});
