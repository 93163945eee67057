/**
 * The compiler's proposer through a backbone (paper B.2): for one learned rule, a programmatic
 * check when the requirement is directly computable, else a semantic specification for the
 * judge, with 3–9 validation cases (comply, violate, not applicable). compile.ts validates what
 * it proposes (blind review, execution) and feeds the rejection back for up to 3 revisions.
 *
 * The check's applicability (stage, house, conditions, exceptions) is the rule's own, copied
 * here rather than rewritten by the model: a check may not narrow or widen the rule it checks.
 */
import type { CallRecord, ChatModel } from "../../mllm/index.ts";
import type { Proposal, Proposer } from "../proposal.ts";
import { type Applicability, ProposerAnswer, type RuleDraft, scopeScene, type ValidationRecord } from "../types.ts";
import { ask, type RuleModelOptions, system, user } from "./call.ts";
import { EVIDENCE_FORMAT, ruleForPrompt } from "./rule-text.ts";

const SYSTEM = `You compile a household robot's learned rule into a check, and write the cases that validate it.

Choose one:
- a programmatic check, when the requirement is directly computable from the evidence. Types: {"type": "path_avoids", "rooms": [...]} (the chosen room, planned path and stop avoid these rooms); {"type": "field", "field": "stopRoom" | "chosenRoom" | a field name, "op": "equals" | "not_equals", "literal": value, "match": "room" | "exact"}; {"type": "word_limit", "target": "reply" | "artifact", "maxWords": n}; {"type": "json_fields", "target": "reply" | "artifact", "fields": [...]}; {"type": "contains", "target": "reply" | "artifact", "literal": text} or {"type": "contains", "target": ..., "field": "foundRoom"};
- a semantic check, when only a reader can tell (tone, content, what is said about something, a condition in words): {"appliesWhen", "requires", "compliance", "violation", "evidence": [the parts of the evidence it needs, e.g. "reply"]};
- none, with the reason, when no reliable check is possible from what the robot can observe at the rule's stage (the rule then guides the robot without a check).
Keep the rule's meaning: never simplify a requirement to make it easier to check. A rule with a condition or exception in words needs a semantic check. A check may only use evidence that exists at its stage.

Cases: 3 to 9, each {"id", "intent": "comply" | "violate" | "not_applicable" | "missing_evidence", "evidence", "expected": "pass" | "violated" | "not_applicable" | "unknown"}. At the rule's stage include at least one compliant (expected pass) and one violating (expected violated) case, and include at least one not-applicable case (another stage, or its conditions not holding, or an exception holding). Ids are unique. ${EVIDENCE_FORMAT}
The check will be applied only when the rule's stage, house, conditions and exceptions hold; those come from the rule, not from you.`;

export class ModelProposer implements Proposer {
  readonly name: string;
  constructor(
    private readonly chat: ChatModel,
    private readonly opts: RuleModelOptions,
  ) {
    this.name = `model-proposer:${opts.backbone}`;
  }

  async propose(
    rule: RuleDraft,
    feedback: string[] | undefined,
  ): Promise<Proposal | { none: string; calls?: CallRecord[] }> {
    const prompt = [
      `Rule:\n${ruleForPrompt(rule)}`,
      feedback?.length
        ? `Your previous proposal for this rule was rejected:\n${feedback.map((f) => `- ${f}`).join("\n")}\nRevise it.`
        : "",
    ]
      .filter(Boolean)
      .join("\n\n");
    const a = await ask(this.chat, this.opts, [system(SYSTEM), user(prompt)], ProposerAnswer, "check_proposal");
    const calls = [a.record];
    if (!a.ok) return { none: `the proposer's answer was unusable: ${a.problem}`, calls };
    const { none, check, cases } = a.value;
    if (!check) return { none: none?.trim() || "the proposer made no check and gave no reason", calls };
    const applies: Applicability = {
      stage: rule.stage,
      ...(scopeScene(rule.scope) ? { sceneId: scopeScene(rule.scope) } : {}),
      conditions: rule.conditions,
      exceptions: rule.exceptions,
    };
    // filled in by compile.ts's validation: a proposal is never active before it
    const unvalidated: ValidationRecord = { rounds: 1, cases: 0, outcome: "failed", problems: [], reviewer: "" };
    return {
      check:
        check.kind === "programmatic"
          ? { kind: "programmatic", spec: check.spec, applies, validation: unvalidated }
          : { kind: "semantic", spec: check.spec, applies, validation: unvalidated },
      cases,
      calls,
    };
  }
}
