import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { BackboneError } from "../../src/mllm/policy.ts";
import type { JudgeItem } from "../../src/rules/reviewers.ts";
import type { Evidence, SemanticSpec } from "../../src/rules/types.ts";
import { isInfrastructureFailure } from "../../src/util/failure.ts";
import { PROVIDERS, type Scripted, scripted } from "./model-scripted.ts";

const REPLY =
  "I found your blue mug on the kitchen counter, next to the kettle. Sorry it took a while; I searched the bedroom first.";
const evidence: Evidence = {
  stage: "delivery",
  context: { hour: 9, sceneId: "house_3", instruction: "where is my blue mug?" },
  reply: REPLY,
};

const spec = (requires: string): SemanticSpec => ({
  appliesWhen: "the robot replies to the user",
  requires,
  compliance: `the reply ${requires}`,
  violation: `the reply does not: ${requires}`,
  evidence: ["reply"],
});

const STATEMENTS = [
  "don't apologise to me",
  "be polite",
  "say which piece of furniture it was on",
  "never mention the bedroom",
  "tell me what's next to it",
  "no jokes",
  "keep a friendly tone",
  "don't tell me how long it took",
];
const items: JudgeItem[] = STATEMENTS.map((s, i) => ({ versionId: `R${i + 1}@1`, statement: s, spec: spec(s) }));

/** The rule ids a judge request asks about (the "- id:" lines). */
const askedIds = (text: string) => [...text.matchAll(/^- id: (\S+)$/gm)].map((m) => m[1]);

for (const provider of PROVIDERS) {
  describe(`semantic judge through ${provider}`, () => {
    let s: Scripted;
    before(async () => {
      s = await scripted(provider);
    });
    after(() => s.server.close());
    beforeEach(() => s.server.reset());

    it("8 rules are 2 calls (6 + 2), each verdict mapped back by version id, quotes verbatim", async () => {
      // the model answers every rule it is asked about; R1 and R4 are broken by the reply
      const verdict = (id: string) =>
        id === "R1@1"
          ? { id, verdict: "violated", reason: "it apologises", quotes: ["Sorry it took a while"] }
          : id === "R4@1"
            ? { id, verdict: "violated", reason: "the bedroom is named", quotes: ["I searched the bedroom first"] }
            : id === "R3@1"
              ? { id, verdict: "pass", reason: "the counter is named", quotes: ["on the kitchen counter"] }
              : { id, verdict: "pass", reason: "fine", quotes: [] };
      s.server.setResponder((r) => s.answer({ results: askedIds(s.text(r)).reverse().map(verdict) }));
      const j = await s.layer.judge.judge(items, evidence);
      s.server.setResponder(undefined);

      assert.equal(s.server.requests.length, 2);
      assert.equal(j.calls.length, 2);
      const [first, second] = s.server.requests.map((r) => s.text(r));
      assert.deepEqual(askedIds(first), ["R1@1", "R2@1", "R3@1", "R4@1", "R5@1", "R6@1"]);
      assert.deepEqual(askedIds(second), ["R7@1", "R8@1"]);
      // the other rules on the same reply are context, so one rule's demand is no violation of another
      assert.match(second, /Other rules checked on the same evidence[\s\S]*"don't apologise to me"/);
      assert.ok(first.includes(REPLY));
      assert.equal(j.results.size, 8);
      assert.equal(j.results.get("R1@1")?.verdict, "violated");
      assert.deepEqual(j.results.get("R1@1")?.quotes, ["Sorry it took a while"]);
      assert.equal(j.results.get("R4@1")?.verdict, "violated");
      assert.equal(j.results.get("R3@1")?.verdict, "pass");
      for (const id of ["R2@1", "R5@1", "R6@1", "R7@1", "R8@1"]) assert.equal(j.results.get(id)?.verdict, "pass", id);
      for (const c of j.calls) {
        assert.equal(c.task, "rules");
        assert.equal(c.backbone, s.provider === "openai" ? "scripted-gpt" : "scripted-gemini");
        assert.equal(c.inputTokens, 300);
        assert.equal(c.outputTokens, 60);
        assert.ok(c.costUsd !== undefined && c.costUsd > 0);
        assert.equal(c.error, undefined);
      }
    });

    it("a quote that is not in the evidence makes that verdict unknown, and says why", async () => {
      s.server.push(
        s.answer({
          results: [
            { id: "R1@1", verdict: "violated", reason: "apology", quotes: ["Sorry for the delay"] },
            { id: "R4@1", verdict: "violated", reason: "bedroom", quotes: ["I searched the bedroom first"] },
            { id: "R2@1", verdict: "violated", reason: "rude", quotes: [] },
          ],
        }),
      );
      const j = await s.layer.judge.judge([items[0], items[3], items[1], items[4]], evidence);
      const r1 = j.results.get("R1@1")!;
      assert.equal(r1.verdict, "unknown");
      assert.match(r1.reason, /"Sorry for the delay", which the evidence does not contain/);
      assert.equal(j.results.get("R4@1")?.verdict, "violated");
      assert.equal(j.results.get("R2@1")?.verdict, "unknown");
      assert.match(j.results.get("R2@1")!.reason, /without quoting/);
      assert.equal(j.results.get("R5@1")?.verdict, "unknown");
      assert.match(j.results.get("R5@1")!.reason, /no verdict/);
    });

    it("a bad answer is re-asked once; still bad, every rule of the batch is unknown with the reason", async () => {
      s.server.push(
        s.answer("The reply looks fine to me."),
        s.answer({ results: [{ id: "R9@1", verdict: "pass", reason: "", quotes: [] }] }),
      );
      const j = await s.layer.judge.judge(items.slice(0, 2), evidence);
      assert.equal(s.server.requests.length, 2);
      assert.match(s.text(s.server.requests[1]), /Your previous answer was rejected: the answer is not valid JSON/);
      assert.equal(j.calls.length, 1);
      assert.equal(j.calls[0].attempts, 2);
      assert.match(j.calls[0].error ?? "", /never matched schema "rule_verdicts"/);
      for (const id of ["R1@1", "R2@1"]) {
        assert.equal(j.results.get(id)?.verdict, "unknown");
        assert.match(j.results.get(id)!.reason, /the judge's answer was unusable/);
      }
    });

    it("a re-ask that fixes the answer counts", async () => {
      s.server.push(
        s.answer({ results: [{ id: "R1", verdict: "pass", reason: "", quotes: [] }] }),
        s.answer({ results: [{ id: "R1@1", verdict: "pass", reason: "no apology", quotes: [] }] }),
      );
      const j = await s.layer.judge.judge(items.slice(0, 1), evidence);
      assert.equal(j.results.get("R1@1")?.verdict, "pass");
      assert.equal(j.calls[0].attempts, 2);
      assert.equal(j.calls[0].inputTokens, 600);
    });

    it("what the rule's applicability rules out needs no call; a condition in words goes to the model", async () => {
      s.server.push(s.answer({ results: [{ id: "R2@1", verdict: "not_applicable", reason: "guests?", quotes: [] }] }));
      const j = await s.layer.judge.judge(
        [
          {
            ...items[0],
            applies: { stage: "pre_action", conditions: [], exceptions: [] },
          },
          {
            ...items[1],
            applies: {
              stage: "delivery",
              conditions: [{ kind: "text", text: "when guests are over", quote: "when guests are over" }],
              exceptions: [],
            },
          },
        ],
        evidence,
      );
      assert.equal(j.results.get("R1@1")?.verdict, "not_applicable");
      assert.match(j.results.get("R1@1")!.reason, /checked at pre_action/);
      assert.equal(s.server.requests.length, 1);
      const text = s.text(s.server.requests[0]);
      assert.deepEqual(askedIds(text), ["R2@1"]);
      assert.match(text, /only when: "when guests are over"/);
      assert.equal(j.results.get("R2@1")?.verdict, "not_applicable");
    });

    it("a service that cannot be used is a BackboneError with its call record, never an unknown verdict", async () => {
      s.server.push(s.failure(503, "overloaded"));
      const e = await s.layer.judge.judge(items.slice(0, 1), evidence).then(
        () => assert.fail("no error"),
        (x: unknown) => x,
      );
      assert.ok(e instanceof BackboneError, String(e));
      assert.ok(isInfrastructureFailure(e));
      assert.match(e.message, /rule_verdicts/);
      assert.equal(e.calls.length, 1);
      assert.equal(e.calls[0].task, "rules");
      assert.ok(e.calls[0].error);
    });

    it("the model sees only the evidence the specifications name", async () => {
      const more: Evidence = { ...evidence, artifact: { name: "notes.md", text: "Checked the bedroom at 9." } };
      s.server.push(
        s.answer({ results: [{ id: "R1@1", verdict: "pass", reason: "", quotes: [] }] }),
        s.answer({ results: [{ id: "R9@1", verdict: "pass", reason: "", quotes: [] }] }),
      );
      await s.layer.judge.judge(items.slice(0, 1), more);
      const onlyReply = s.text(s.server.requests[0]);
      assert.ok(onlyReply.includes(REPLY));
      assert.ok(onlyReply.includes("where is my blue mug?"), "the context always travels");
      assert.ok(!onlyReply.includes("Checked the bedroom at 9."), "the artifact is not asked for");
      await s.layer.judge.judge(
        [{ versionId: "R9@1", statement: "be kind", spec: { ...spec("be kind"), evidence: ["the overall tone"] } }],
        more,
      );
      assert.ok(s.text(s.server.requests[1]).includes("Checked the bedroom at 9."), "an unnamed part: everything");
    });

    it("no items, no call; a version listed twice is refused", async () => {
      const j = await s.layer.judge.judge([], evidence);
      assert.equal(j.results.size, 0);
      assert.equal(s.server.requests.length, 0);
      await assert.rejects(s.layer.judge.judge([items[0], items[0]], evidence), /R1@1 is listed twice/);
    });
  });
}
