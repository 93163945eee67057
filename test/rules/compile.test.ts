/**
 * Programmatic checks and their four verdicts; compilation with validation (3–9 cases, a blind
 * reviewer, execution must match, up to 3 revisions, then guidance or inactive).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { clears, countWords, hourOf, runCheck } from "../../src/rules/check.ts";
import {
  type BlindCase,
  compileRule,
  countByKind,
  DeterministicProposer,
  generateCases,
  type Proposal,
  type Proposer,
  type Review,
  type Reviewer,
} from "../../src/rules/compile.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { DeterministicReviewer, labelCase } from "../../src/rules/review.ts";
import type { CompiledCheck, RuleDraft } from "../../src/rules/types.ts";

const draft = (m: string, sceneId = "house_7"): RuleDraft => {
  const d = learn(m, [], { sceneId, at: 1 }).items[0]?.draft;
  assert.ok(d, m);
  return d;
};
const programmatic = async (m: string) => {
  const c = await compileRule(draft(m));
  assert.equal(c.kind, "programmatic", `${m}: ${"reason" in c ? c.reason : ""}`);
  return c;
};

describe("programmatic checks", () => {
  it("path avoids a region: the chosen room, the path's rooms, the stop", async () => {
    const c = await programmatic("stay out of the garage");
    const pre = (action: object) => runCheck(c, { stage: "pre_action", action });
    assert.equal(pre({ chosenRoom: "kitchen", pathRooms: ["hallway", "kitchen"] }).verdict, "pass");
    const v = pre({ chosenRoom: "kitchen", pathRooms: ["hallway", "Garage 2", "kitchen"] });
    assert.equal(v.verdict, "violated");
    assert.deepEqual(v.quotes, ["Garage 2"]);
    assert.equal(pre({ chosenRoom: "garage" }).verdict, "violated");
    assert.equal(pre({ stopRoom: "garage" }).verdict, "violated");
    assert.equal(pre({}).verdict, "unknown", "no rooms: unknown, never a pass");
    assert.equal(runCheck(c, { stage: "delivery", reply: "garage" }).verdict, "not_applicable");
  });

  it("a ban on the room its pass cases walk through still compiles: they walk through another", async () => {
    for (const m of ["keep out of the hallway", "never go into the hallway after 7 pm", "avoid the corridor"]) {
      const c = await programmatic(m);
      const v = runCheck(c, {
        stage: "pre_action",
        action: { chosenRoom: "kitchen", pathRooms: ["Hallway", "kitchen"] },
      });
      assert.notEqual(v.verdict, "pass", m);
    }
  });

  it("a ban on a house's room named in another word for the kitchen compiles: its pass cases go elsewhere", async () => {
    for (const m of ["never go in the cocina", "dont stop in the cuisine after 8pm"]) {
      const d = learn(m, [], { sceneId: "house_7", rooms: ["cocina", "cuisine", "salon", "patio"], at: 1 }).items[0]
        ?.draft;
      assert.ok(d, m);
      const c = await compileRule(d);
      assert.equal(c.kind, "programmatic", `${m}: ${"reason" in c ? c.reason : ""}`);
    }
  });

  it("conditions and exceptions: at night only; unless the user asks", async () => {
    const night = await programmatic("never go into the bedroom at night");
    const at = (hour?: number) =>
      runCheck(night, { stage: "pre_action", context: { hour }, action: { chosenRoom: "bedroom" } });
    assert.equal(at(23).verdict, "violated");
    assert.equal(at(3).verdict, "violated");
    assert.equal(at(14).verdict, "not_applicable");
    assert.equal(at(undefined).verdict, "unknown", "no time known: unknown");
    const ask = await programmatic("Don't go in the bedroom unless I ask you to");
    const with_ = (instruction: string) =>
      runCheck(ask, { stage: "pre_action", context: { instruction }, action: { chosenRoom: "Bedroom" } }).verdict;
    assert.equal(with_("bring me my glasses from the bedroom"), "not_applicable");
    assert.equal(with_("bring me my glasses"), "violated");
  });

  it("scene scope: only in that house", async () => {
    const c = await programmatic("In this house, stay out of the garage.");
    const in_ = (sceneId?: string) =>
      runCheck(c, { stage: "pre_action", context: { sceneId }, action: { chosenRoom: "garage" } }).verdict;
    assert.equal(in_("house_7"), "violated");
    assert.equal(in_("house_8"), "not_applicable");
    assert.equal(in_(undefined), "unknown");
  });

  it("stop room ≠ literal", async () => {
    const c = await programmatic("Never park in the hallway.");
    assert.equal(runCheck(c, { stage: "pre_action", action: { stopRoom: "hallway" } }).verdict, "violated");
    assert.equal(runCheck(c, { stage: "pre_action", action: { stopRoom: "kitchen" } }).verdict, "pass");
    assert.equal(runCheck(c, { stage: "pre_action", action: { chosenRoom: "kitchen" } }).verdict, "unknown");
  });

  it("word limit on the reply", async () => {
    const c = await programmatic("keep your replies under 5 words");
    assert.equal(runCheck(c, { stage: "delivery", reply: "Your mug is here." }).verdict, "pass");
    const v = runCheck(c, { stage: "delivery", reply: "I found your blue mug in the kitchen." });
    assert.equal(v.verdict, "violated");
    assert.match(v.reason, /8 words, over the limit of 4/);
    assert.deepEqual(v.quotes, ["I found your blue mug in the kitchen."]);
    assert.equal(runCheck(c, { stage: "delivery" }).verdict, "unknown");
    assert.equal(countWords("  — it's   here, 2 m away — "), 5);
  });

  it("required JSON fields", async () => {
    const c = await programmatic("Please answer in JSON with the fields room and object.");
    assert.equal(runCheck(c, { stage: "delivery", reply: '{"room":"kitchen","object":"mug"}' }).verdict, "pass");
    assert.equal(
      runCheck(c, { stage: "delivery", reply: '```json\n{"room":"kitchen","object":"mug"}\n```' }).verdict,
      "pass",
    );
    assert.match(runCheck(c, { stage: "delivery", reply: '{"room":"kitchen"}' }).reason, /lacks object/);
    assert.equal(runCheck(c, { stage: "delivery", reply: "It is in the kitchen." }).verdict, "violated");
    assert.equal(runCheck(c, { stage: "delivery", reply: "[1,2]" }).verdict, "violated");
  });

  it("mention the found room; nothing found is not applicable", async () => {
    const c = await programmatic("always tell me which room it was in");
    const d = (reply: string, fields: Record<string, string | boolean>) =>
      runCheck(c, { stage: "delivery", reply, fields }).verdict;
    assert.equal(d("Here is your mug, it was in the kitchen.", { foundRoom: "kitchen" }), "pass");
    assert.equal(d("Found it in the bedroom.", { foundRoom: "Bedroom 2" }), "pass");
    assert.equal(d("Here is your mug.", { foundRoom: "kitchen" }), "violated");
    assert.equal(d("I could not find it.", { found: false }), "not_applicable");
    assert.equal(d("Here is your mug.", {}), "unknown");
  });

  it("guidance and inactive rules are never checked; unknown never clears a violation", async () => {
    const g: CompiledCheck = { kind: "guidance", reason: "x" };
    assert.equal(runCheck(g, { stage: "delivery", reply: "hi" }).verdict, "not_applicable");
    assert.equal(clears("unknown"), false);
    assert.equal(clears("pass"), true);
    assert.equal(clears("not_applicable"), true);
  });

  it("local hours from a timestamp", () => {
    assert.equal(hourOf(Date.parse("2025-05-01T23:30:00Z"), "UTC"), 23);
    assert.equal(hourOf(Date.parse("2025-05-01T23:30:00Z"), "Asia/Tokyo"), 8);
  });
});

describe("compilation and validation", () => {
  it("generated cases: 3–9, comply and violate at the stage, at least one not applicable", () => {
    for (const m of [
      "stay out of the garage",
      "never go into the bedroom at night",
      "In this house, stay out of the garage.",
      "Stay out of the bedroom except in the morning.",
      "Don't go in the bedroom unless I ask you to",
      "keep your replies under 15 words",
      "Always reply in JSON.",
      'Please always mention "done" at the end.',
      "Stop calling me 'sir'",
      "always tell me which room it was in",
      "Never park in the hallway.",
      "Keep your summary under 50 words.",
    ]) {
      const d = draft(m);
      const cs = generateCases(d);
      assert.ok(cs.length >= 3 && cs.length <= 9, `${m}: ${cs.length}`);
      assert.ok(
        cs.some((c) => c.expected === "pass" && c.evidence.stage === d.stage),
        m,
      );
      assert.ok(
        cs.some((c) => c.expected === "violated" && c.evidence.stage === d.stage),
        m,
      );
      assert.ok(
        cs.some((c) => c.expected === "not_applicable"),
        m,
      );
      // the reviewer, blind, agrees with every label
      for (const c of cs) assert.equal(labelCase(d, c.evidence), c.expected, `${m} ${c.id} (${c.intent})`);
    }
  });

  it("common forms become validated programmatic checks; the rest guidance or inactive", async () => {
    const kinds: [string, CompiledCheck["kind"]][] = [
      ["stay out of the garage", "programmatic"],
      ["keep your replies under 15 words", "programmatic"],
      ["Don't go in the garage when I have guests", "guidance"],
      ["Keep your answers short.", "guidance"],
      ["from now on always greet me politely before answering", "guidance"],
      ["When the baby's asleep, stay out of the nursery.", "guidance"],
      ["Stop calling me 'sir'", "programmatic"],
      // a reading not clear enough to guide (the model learner may say so)
      ["Keep your answers short.", "inactive"],
    ];
    const out: CompiledCheck[] = [];
    for (const [m, kind] of kinds) {
      const d = draft(m);
      const c = await compileRule(kind === "inactive" ? { ...d, clear: false } : d);
      assert.equal(c.kind, kind, m);
      out.push(c);
      if (c.kind === "programmatic") {
        assert.equal(c.validation.outcome, "validated");
        assert.equal(c.validation.rounds, 1);
      }
    }
    assert.deepEqual(countByKind(out), { programmatic: 3, semantic: 0, guidance: 4, inactive: 1 });
  });

  it("a reviewer that disagrees rejects; the proposer revises; after 3 revisions, guidance", async () => {
    const d = draft("stay out of the garage");
    let seen = 0;
    const grumpy: Reviewer = {
      name: "grumpy",
      async review(_r, _c, cases: BlindCase[]): Promise<Review> {
        seen++;
        return {
          faithful: true,
          clear: true,
          labels: Object.fromEntries(cases.map((c) => [c.id, "pass"])),
          problems: [],
        };
      },
    };
    const c = await compileRule(d, { reviewer: grumpy });
    assert.equal(c.kind, "guidance");
    assert.equal(seen, 4, "one proposal and three revisions");
    assert.equal(c.validation?.rounds, 4);
    assert.match(c.validation?.problems.join("\n") ?? "", /reviewer labels c2 pass, the proposal expects violated/);

    const unclear = { ...d, clear: false };
    assert.equal((await compileRule(unclear, { reviewer: grumpy })).kind, "inactive");
  });

  it("a revision that fixes the check is activated in a later round", async () => {
    const d = draft("stay out of the garage");
    const base = new DeterministicProposer();
    const feedbacks: (string[] | undefined)[] = [];
    const sloppy: Proposer = {
      name: "sloppy-then-fixed",
      async propose(rule, feedback) {
        feedbacks.push(feedback);
        const p = (await base.propose(rule)) as Proposal;
        if (feedback === undefined && p.check.kind === "programmatic")
          return { ...p, check: { ...p.check, spec: { type: "path_avoids", rooms: ["kitchen"] } } };
        return p;
      },
    };
    const c = await compileRule(d, { proposer: sloppy, reviewer: new DeterministicReviewer() });
    assert.equal(c.kind, "programmatic");
    assert.equal(c.kind === "programmatic" && c.validation.rounds, 2);
    assert.ok(
      feedbacks[1]?.some((f) => /never named the room "kitchen"/.test(f)),
      JSON.stringify(feedbacks),
    );
  });

  it("a check whose execution disagrees with its own cases is not activated", async () => {
    const d = draft("keep your replies under 15 words");
    const base = new DeterministicProposer();
    const wrong: Proposer = {
      name: "wrong-limit",
      async propose(rule) {
        const p = (await base.propose(rule)) as Proposal;
        // the checker would let 20 words through, the cases say 15 is the limit
        return p.check.kind === "programmatic"
          ? { ...p, check: { ...p.check, spec: { type: "word_limit", target: "reply", maxWords: 20 } } }
          : p;
      },
    };
    const lenient: Reviewer = {
      name: "lenient",
      async review(r, _c, cases) {
        return {
          faithful: true,
          clear: true,
          labels: Object.fromEntries(cases.map((c) => [c.id, labelCase(r, c.evidence)])),
          problems: [],
        };
      },
    };
    const c = await compileRule(d, { proposer: wrong, reviewer: lenient });
    assert.equal(c.kind, "guidance");
    assert.match(c.validation?.problems.join(" ") ?? "", /c2 runs pass .* expected violated/);
  });

  it("a task-local reading is compiled for its own task (it is never stored: teach.ts)", async () => {
    const d = learn("not the bathroom this time", [], { at: 1 }).items[0].draft!;
    assert.equal(d.persistence, "task_local");
    const c = await compileRule(d);
    assert.equal(c.kind, "programmatic", JSON.stringify(c));
  });
});
