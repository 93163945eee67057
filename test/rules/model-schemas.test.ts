import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isStrictCompatible, toJsonSchema } from "../../src/mllm/structured.ts";
import { AppealAnswer, judgeAnswer, LearnerAnswer, ProposerAnswer, reviewerAnswer } from "../../src/rules/types.ts";

/** Keywords outside OpenAI's strict structured-output subset: a strict request carrying one is refused. */
const OUTSIDE_STRICT = ["minLength", "maxLength", "oneOf", "allOf", "not"];

function keywords(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const n of node) keywords(n, out);
  else if (node && typeof node === "object")
    for (const [k, v] of Object.entries(node)) {
      if (k !== "properties") out.add(k);
      keywords(v, out);
    }
  return out;
}

describe("the rule layer's answer schemas as a model receives them", () => {
  const strict = {
    rule_reading: LearnerAnswer,
    rule_verdicts: judgeAnswer(["R1@1", "R2@1"]),
    check_review: reviewerAnswer(["c1", "c2"]),
    appeal_decision: AppealAnswer,
  };
  for (const [name, schema] of Object.entries(strict))
    it(`${name} is within OpenAI's strict subset`, () => {
      const json = toJsonSchema(schema);
      assert.ok(isStrictCompatible(json), `${name} would be sent non-strict`);
      const used = keywords(json);
      for (const k of OUTSIDE_STRICT) assert.ok(!used.has(k), `${name} uses ${k}`);
    });

  it("the proposal (evidence with optional parts) is sent non-strict, and validated all the same", () => {
    assert.equal(isStrictCompatible(toJsonSchema(ProposerAnswer)), false);
  });

  it('"not empty" is checked on the answer though the schema sent does not say it', () => {
    const bad = { results: [{ id: "R1@1", verdict: "pass", reason: "", quotes: ["  "] }] };
    const r = judgeAnswer(["R1@1"]).safeParse(bad);
    assert.equal(r.success, false);
    assert.match(JSON.stringify(r.error?.issues), /must not be empty/);
    assert.equal(
      LearnerAnswer.safeParse({
        signal: true,
        items: [
          {
            decision: "add",
            clause: "x",
            reason: "",
            statement: "x",
            quotes: ["x"],
            requirement: { kind: "avoid_room", room: "" },
            scope: "global",
            conditions: [],
            exceptions: [],
            stage: "pre_action",
            clear: true,
            ruleId: null,
          },
        ],
      }).success,
      false,
    );
  });
});
