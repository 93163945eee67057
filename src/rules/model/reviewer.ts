/**
 * The compiler's blind reviewer through a backbone (paper B.2): it sees the rule, the proposed
 * check and the cases' evidence, never the proposer's expected labels or intents (compile.ts
 * hands it BlindCases), judges whether the check is faithful to the rule and whether the rule is
 * clear, and labels every case itself. An unusable answer rejects the proposal, with the reason.
 */
import type { ChatModel } from "../../mllm/index.ts";
import type { BlindCase, Proposal, Review, Reviewer } from "../proposal.ts";
import { type RuleDraft, reviewerAnswer, type Verdict } from "../types.ts";
import { ask, type RuleModelOptions, system, user } from "./call.ts";
import { EVIDENCE_FORMAT, ruleForPrompt } from "./rule-text.ts";

const SYSTEM = `You review a proposed check for a household robot's learned rule, independently of whoever proposed it.
1. faithful: does the check preserve the rule's meaning, scope, conditions and exceptions (not simplified, not widened, not narrowed)? List every problem.
2. clear: is the rule clear enough to act on?
3. Label every case yourself from its evidence, by what the rule means (not by what the check happens to compute): "pass" (the rule applies and is kept), "violated" (it applies and is broken), "not_applicable" (another stage, or its conditions do not hold, or an exception holds), "unknown" (the evidence needed is missing).
${EVIDENCE_FORMAT}`;

export class ModelReviewer implements Reviewer {
  readonly name: string;
  constructor(
    private readonly chat: ChatModel,
    private readonly opts: RuleModelOptions,
  ) {
    this.name = `model-reviewer:${opts.backbone}`;
  }

  async review(rule: RuleDraft, check: Proposal["check"], cases: BlindCase[]): Promise<Review> {
    const rejected = (problem: string, calls: Review["calls"] = []): Review => ({
      faithful: false,
      clear: rule.clear,
      labels: {},
      problems: [problem],
      calls,
    });
    if (cases.length === 0) return rejected("there are no cases to label");
    const { validation: _v, ...shown } = check;
    const prompt = [
      `Rule:\n${ruleForPrompt(rule)}`,
      `Proposed check:\n${JSON.stringify(shown, null, 1)}`,
      `Cases:\n${cases.map((c) => JSON.stringify({ id: c.id, evidence: c.evidence })).join("\n")}`,
    ].join("\n\n");
    const ids = cases.map((c) => c.id) as [string, ...string[]];
    const a = await ask(this.chat, this.opts, [system(SYSTEM), user(prompt)], reviewerAnswer(ids), "check_review");
    if (!a.ok) return rejected(`the reviewer's answer was unusable: ${a.problem}`, [a.record]);
    const labels: Record<string, Verdict> = {};
    const problems = [...a.value.problems];
    const twice = new Set<string>();
    for (const l of a.value.labels) {
      if (l.id in labels && labels[l.id] !== l.verdict) twice.add(l.id);
      labels[l.id] = l.verdict;
    }
    // two different labels for one case are no label: compile.ts rejects a case without one
    for (const id of twice) {
      delete labels[id];
      problems.push(`the reviewer gave ${id} two different labels`);
    }
    return { faithful: a.value.faithful, clear: a.value.clear, labels, problems, calls: [a.record] };
  }
}
