import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { type AppealInput, deterministicAppealReviewer } from "../../src/rules/reviewers.ts";
import type { CompiledCheck, Evidence } from "../../src/rules/types.ts";
import { PROVIDERS, type Scripted, scripted } from "./model-scripted.ts";

const validation = { rounds: 1, cases: 3, outcome: "validated" as const, problems: [], reviewer: "test" };
const semantic: CompiledCheck = {
  kind: "semantic",
  spec: {
    appliesWhen: "the robot replies",
    requires: "no description of furniture",
    compliance: "furniture not described",
    violation: "a piece of furniture is described",
    evidence: ["reply"],
  },
  applies: { stage: "delivery", conditions: [], exceptions: [] },
  validation,
};
const wordLimit: CompiledCheck = {
  kind: "programmatic",
  spec: { type: "word_limit", target: "reply", maxWords: 5 },
  applies: { stage: "delivery", conditions: [], exceptions: [] },
  validation,
};
const REPLY = "Your keys are in the bedroom, by the window.";
const evidence: Evidence = { stage: "delivery", context: { instruction: "where are my keys?" }, reply: REPLY };
const appeal = (o: Partial<AppealInput> = {}): AppealInput => ({
  versionId: "R3@1",
  statement: "stop describing the furniture to me",
  check: semantic,
  evidence,
  verdict: { verdict: "violated", reason: "describes the window", quotes: ["by the window"] },
  argument: "a window is not furniture; the reply names only the room and where in it",
  ...o,
});

describe("offline appeal review", () => {
  it("a programmatic verdict is upheld when re-running agrees, overturned when it does not", async () => {
    const over = { verdict: "violated" as const, reason: "9 words, over the limit of 5", quotes: [REPLY] };
    const upheld = await deterministicAppealReviewer.review(appeal({ check: wordLimit, verdict: over }));
    assert.equal(upheld.overturn, false);
    assert.match(upheld.reason, /same verdict: 9 words, over the limit of 5/);
    const stale = await deterministicAppealReviewer.review(
      appeal({ check: wordLimit, verdict: over, evidence: { ...evidence, reply: "In the bedroom." } }),
    );
    assert.equal(stale.overturn, true);
    assert.match(stale.reason, /gives pass \(3 words \(limit 5\)\), not violated/);
    assert.equal(stale.calls.length, 0);
  });

  it("a semantic verdict without a model is upheld", async () => {
    const r = await deterministicAppealReviewer.review(appeal());
    assert.deepEqual([r.overturn, r.reason], [false, "no model to review"]);
  });
});

for (const provider of PROVIDERS) {
  describe(`appeal review through ${provider}`, () => {
    let s: Scripted;
    before(async () => {
      s = await scripted(provider);
    });
    after(() => s.server.close());
    beforeEach(() => s.server.reset());

    it("overturns a semantic verdict on verbatim evidence; the review sees rule, verdict and argument", async () => {
      s.server.push(
        s.answer({ decision: "overturn", reason: "a window is part of the room", quotes: ["by the window"] }),
      );
      const r = await s.layer.appeals.review(appeal());
      assert.equal(r.overturn, true);
      assert.deepEqual(r.quotes, ["by the window"]);
      assert.equal(r.calls.length, 1);
      assert.equal(r.calls[0].task, "rules");
      const text = s.text(s.server.requests[0]);
      for (const part of [
        "stop describing the furniture to me",
        REPLY,
        "describes the window",
        "a window is not furniture",
      ])
        assert.ok(text.includes(part), part);
    });

    it("upholds when the review upholds", async () => {
      s.server.push(
        s.answer({ decision: "uphold", reason: "the window sill holds the keys", quotes: ["by the window"] }),
      );
      const r = await s.layer.appeals.review(appeal());
      assert.equal(r.overturn, false);
      assert.equal(r.reason, "the window sill holds the keys");
    });

    it("an overturn quoting words the evidence does not hold is upheld instead, saying why", async () => {
      s.server.push(
        s.answer({ decision: "overturn", reason: "only the room", quotes: ["Your keys are in the bedroom."] }),
      );
      const r = await s.layer.appeals.review(appeal());
      assert.equal(r.overturn, false);
      assert.match(r.reason, /upheld: .*"Your keys are in the bedroom\.", which the evidence does not contain/);
    });

    it("an unusable answer upholds the verdict", async () => {
      s.server.push(s.answer("overturn!"), s.answer({ decision: "maybe", reason: "", quotes: [] }));
      const r = await s.layer.appeals.review(appeal());
      assert.equal(r.overturn, false);
      assert.match(r.reason, /upheld: the appeal review's answer was unusable/);
      assert.equal(r.calls[0].attempts, 2);
    });

    it("a programmatic verdict is re-run, not asked about", async () => {
      const r = await s.layer.appeals.review(
        appeal({ check: wordLimit, verdict: { verdict: "violated", reason: "9 words", quotes: [REPLY] } }),
      );
      assert.equal(r.overturn, false);
      assert.equal(s.server.requests.length, 0);
      assert.equal(r.calls.length, 0);
    });
  });
}
