import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import type { CallRecord } from "../../src/mllm/policy.ts";
import { compileRule } from "../../src/rules/compile.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";
import { teach } from "../../src/rules/teach.ts";
import type { RuleDraft } from "../../src/rules/types.ts";
import type { RecordedRequest, Reply } from "../mllm/scripted-server.ts";
import { PROVIDERS, type Scripted, scripted } from "./model-scripted.ts";

const FURNITURE = "Please stop describing the furniture to me.";
const furniture: RuleDraft = {
  statement: "stop describing the furniture to me",
  quotes: ["stop describing the furniture to me"],
  requirement: { kind: "behavior", text: "do not describe the furniture in replies" },
  persistence: "persistent",
  scope: "global",
  conditions: [],
  exceptions: [],
  stage: "delivery",
  clear: true,
  source: { message: FURNITURE, at: 1 },
};

const WORDS = "Keep replies under 15 words.";
const words: RuleDraft = {
  statement: "Keep replies under 15 words",
  quotes: ["under 15 words"],
  requirement: { kind: "word_limit", target: "reply", maxWords: 14 },
  persistence: "persistent",
  scope: "global",
  conditions: [],
  exceptions: [],
  stage: "delivery",
  clear: true,
  source: { message: WORDS, at: 1 },
};

const semanticProposal = {
  none: null,
  check: {
    kind: "semantic",
    spec: {
      appliesWhen: "the robot replies to the user",
      requires: "the reply does not describe furniture",
      compliance: "furniture is not described (the room may be named)",
      violation: "the reply describes a piece of furniture (material, colour, shape, fittings)",
      evidence: ["reply"],
    },
  },
  cases: [
    {
      id: "c1",
      intent: "comply",
      evidence: { stage: "delivery", context: {}, reply: "Your keys are in the bedroom." },
      expected: "pass",
    },
    {
      id: "c2",
      intent: "violate",
      evidence: {
        stage: "delivery",
        context: {},
        reply: "Your keys are on the oak dresser with brass handles in the bedroom.",
      },
      expected: "violated",
    },
    {
      id: "c3",
      intent: "not_applicable",
      evidence: { stage: "pre_action", context: {}, action: { chosenRoom: "bedroom" } },
      expected: "not_applicable",
    },
  ],
};

type Role = "learner" | "proposer" | "reviewer" | "judge";
function roleOf(text: string): Role {
  if (text.includes("You maintain the rules a user teaches")) return "learner";
  if (text.includes("You compile a household robot's learned rule")) return "proposer";
  if (text.includes("You review a proposed check")) return "reviewer";
  if (text.includes("You check a household robot against rules")) return "judge";
  throw new Error(`no role in: ${text.slice(0, 200)}`);
}

/** Answers by role; records which role each request went to. */
function byRole(s: Scripted, answers: Partial<Record<Role, (text: string, n: number) => unknown>>, log: Role[]) {
  const count: Record<string, number> = {};
  s.server.setResponder((r: RecordedRequest): Reply => {
    const text = s.text(r);
    const role = roleOf(text);
    log.push(role);
    count[role] = (count[role] ?? 0) + 1;
    const f = answers[role];
    if (!f) throw new Error(`no scripted answer for ${role}`);
    return s.answer(f(text, count[role]));
  });
}

/** The judge's verdict on the two delivery cases: the oak dresser breaks the rule. */
const judgeFurniture = (text: string) => {
  const id = /^- id: (\S+)$/m.exec(text)![1];
  return text.includes("oak dresser")
    ? {
        results: [
          {
            id,
            verdict: "violated",
            reason: "describes the dresser",
            quotes: ["on the oak dresser with brass handles"],
          },
        ],
      }
    : { results: [{ id, verdict: "pass", reason: "no furniture described", quotes: ["in the bedroom"] }] };
};

const reviewAll = (labels: Record<string, string>, faithful = true, problems: string[] = []) => ({
  faithful,
  clear: true,
  problems,
  labels: Object.entries(labels).map(([id, verdict]) => ({ id, verdict, reason: "" })),
});

for (const provider of PROVIDERS) {
  describe(`compiler's model proposer and blind reviewer through ${provider}`, () => {
    let s: Scripted;
    before(async () => {
      s = await scripted(provider);
    });
    after(() => s.server.close());
    beforeEach(() => {
      s.server.reset();
      s.server.setResponder(undefined);
    });

    it("validates a semantic check: blind review, then every case run through the model judge", async () => {
      const log: Role[] = [];
      byRole(
        s,
        {
          proposer: () => semanticProposal,
          reviewer: () => reviewAll({ c1: "pass", c2: "violated", c3: "not_applicable" }),
          judge: judgeFurniture,
        },
        log,
      );
      const calls: CallRecord[] = [];
      const { proposer, reviewer, judge } = s.layer;
      const c = await compileRule(furniture, { proposer, reviewer, judge, calls });
      assert.equal(c.kind, "semantic", JSON.stringify(c));
      if (c.kind !== "semantic") return;
      assert.equal(c.validation.outcome, "validated");
      assert.equal(c.validation.rounds, 1);
      assert.equal(c.validation.cases, 3);
      assert.match(c.validation.reviewer, /^model-reviewer:scripted-/);
      assert.deepEqual(c.applies, { stage: "delivery", conditions: [], exceptions: [] });
      // c3 is another stage: decided by the rule's applicability, no judge call
      assert.deepEqual(log, ["proposer", "reviewer", "judge", "judge"]);
      assert.equal(calls.length, 4);
      assert.ok(calls.every((r) => r.task === "rules" && r.error === undefined));
      // the reviewer is blind: no expected label, no intent, in what it was sent
      const review = s.text(s.server.requests[1]);
      assert.ok(review.includes("oak dresser"));
      assert.doesNotMatch(review, /"expected"|"intent"|"violate"|"comply"/);
    });

    it("execution must match: a judge verdict against the expected label costs a revision round", async () => {
      const log: Role[] = [];
      byRole(
        s,
        {
          proposer: () => semanticProposal,
          reviewer: () => reviewAll({ c1: "pass", c2: "violated", c3: "not_applicable" }),
          // the first time the judge sees the violating case it misses it
          judge: (text, n) =>
            n === 2
              ? { results: [{ id: /^- id: (\S+)$/m.exec(text)![1], verdict: "pass", reason: "", quotes: [] }] }
              : judgeFurniture(text),
        },
        log,
      );
      const c = await compileRule(furniture, { ...s.layer });
      assert.equal(c.kind, "semantic");
      assert.equal(c.validation?.rounds, 2);
      const second = s.server.requests.filter((r) => roleOf(s.text(r)) === "proposer")[1];
      assert.match(s.text(second), /rejected:\n- c2 runs pass/);
    });

    it("a check the blind reviewer finds unfaithful for 4 rounds leaves the rule guidance, with the reasons", async () => {
      const log: Role[] = [];
      const sloppy = {
        none: null,
        check: { kind: "programmatic", spec: { type: "word_limit", target: "reply", maxWords: 20 } },
        cases: [
          {
            id: "a",
            intent: "comply",
            evidence: { stage: "delivery", context: {}, reply: "Found it." },
            expected: "pass",
          },
          {
            id: "b",
            intent: "violate",
            evidence: { stage: "delivery", context: {}, reply: Array(25).fill("word").join(" ") },
            expected: "violated",
          },
          {
            id: "c",
            intent: "not_applicable",
            evidence: { stage: "pre_action", context: {} },
            expected: "not_applicable",
          },
        ],
      };
      byRole(
        s,
        {
          proposer: () => sloppy,
          reviewer: () =>
            reviewAll({ a: "pass", b: "violated", c: "not_applicable" }, false, [
              "the user said under 15 words; the check allows 20",
            ]),
        },
        log,
      );
      const calls: CallRecord[] = [];
      const c = await compileRule(words, { ...s.layer, calls });
      assert.equal(c.kind, "guidance");
      assert.equal(c.validation?.outcome, "failed");
      assert.equal(c.validation?.rounds, 4);
      assert.match(
        c.validation?.problems.join("\n") ?? "",
        /reviewer: the user said under 15 words; the check allows 20/,
      );
      assert.deepEqual(log, Array(4).fill(["proposer", "reviewer"]).flat());
      assert.equal(calls.length, 8);
      assert.match(s.text(s.server.requests[2]), /Your previous proposal for this rule was rejected/);
    });

    it("a reviewer label that disagrees rejects the proposal; a programmatic check runs locally, no judge", async () => {
      const log: Role[] = [];
      const good = {
        none: null,
        check: { kind: "programmatic", spec: { type: "word_limit", target: "reply", maxWords: 14 } },
        cases: [
          {
            id: "a",
            intent: "comply",
            evidence: { stage: "delivery", context: {}, reply: "Found it." },
            expected: "pass",
          },
          {
            id: "b",
            intent: "violate",
            evidence: { stage: "delivery", context: {}, reply: Array(15).fill("word").join(" ") },
            expected: "violated",
          },
          {
            id: "c",
            intent: "not_applicable",
            evidence: { stage: "pre_action", context: {} },
            expected: "not_applicable",
          },
        ],
      };
      byRole(
        s,
        {
          proposer: () => good,
          reviewer: (_t, n) => reviewAll({ a: "pass", b: n === 1 ? "pass" : "violated", c: "not_applicable" }),
        },
        log,
      );
      const c = await compileRule(words, { ...s.layer });
      assert.equal(c.kind, "programmatic");
      assert.equal(c.validation?.rounds, 2);
      assert.deepEqual(log, ["proposer", "reviewer", "proposer", "reviewer"]);
      assert.match(s.text(s.server.requests[2]), /reviewer labels b pass, the proposal expects violated/);
    });

    it("an unusable proposer answer makes no check: guidance when clear, inactive when not", async () => {
      s.server.setResponder(() => s.answer("I would check the word count."));
      const calls: CallRecord[] = [];
      const c = await compileRule(words, { ...s.layer, calls });
      assert.equal(c.kind, "guidance");
      assert.match(c.kind === "guidance" ? c.reason : "", /the proposer's answer was unusable/);
      assert.equal(calls.length, 1);
      assert.equal(calls[0].attempts, 2);
      const u = await compileRule({ ...words, clear: false }, { ...s.layer });
      assert.equal(u.kind, "inactive");
      assert.match(u.kind === "inactive" ? u.reason : "", /^unclear, and the proposer's answer was unusable/);
    });

    it("teach on the model path: read, propose, review, judge, store; every call accounted", async () => {
      const log: Role[] = [];
      byRole(
        s,
        {
          learner: () => ({
            signal: true,
            items: [
              {
                decision: "add",
                clause: FURNITURE,
                reason: "a lasting preference about replies",
                statement: "stop describing the furniture to me",
                quotes: ["stop describing the furniture to me"],
                requirement: { kind: "behavior", text: "do not describe the furniture in replies" },
                scope: "global",
                conditions: [],
                exceptions: [],
                stage: "delivery",
                clear: true,
                ruleId: null,
              },
            ],
          }),
          proposer: () => semanticProposal,
          reviewer: () => reviewAll({ c1: "pass", c2: "violated", c3: "not_applicable" }),
          judge: judgeFurniture,
        },
        log,
      );
      const lib = new SqliteRuleLibrary(":memory:");
      const { learner, proposer, reviewer, judge } = s.layer;
      const r = await teach(lib, "u1", FURNITURE, { at: 5 }, { learner, proposer, reviewer, judge });
      assert.deepEqual(log, ["learner", "proposer", "reviewer", "judge", "judge"]);
      assert.equal(r.calls.length, 5);
      assert.equal(r.items[0].check?.kind, "semantic");
      const stored = (await lib.snapshot("u1")).rules[0];
      assert.equal(stored.check.kind, "semantic");
      assert.equal(stored.rule.requirement.kind, "behavior");
      await lib.close();
    });
  });
}
