/**
 * The appeal review through a backbone (paper B.3): once per delivery the agent disputes a
 * verdict, and a separate call, which sees the rule, its check, the evidence, the verdict and
 * the agent's argument, upholds or overturns it. An overturn counts for the unchanged candidate
 * only and never changes the stored rule.
 *
 * A programmatic verdict is a computation, not an opinion: it is re-run (reviewers.ts's
 * deterministicAppealReviewer), with no model call. An overturn must quote the evidence
 * verbatim; one resting on words the evidence does not hold is upheld instead, with the reason.
 */
import type { ChatModel } from "../../mllm/index.ts";
import { describeCondition } from "../describe.ts";
import { type AppealInput, type AppealReviewer, deterministicAppealReviewer } from "../reviewers.ts";
import { AppealAnswer, Evidence } from "../types.ts";
import { ask, type RuleModelOptions, system, user } from "./call.ts";
import { evidenceTexts, notInEvidence } from "./verbatim-quotes.ts";

const SYSTEM = `You review an appeal against a verdict on a household robot's output. The user taught the robot a rule; a checker judged the robot's output (the evidence) against it; the robot disputes the verdict with an argument. Decide from the evidence and the rule's specification alone, not from how confident the argument sounds:
- "overturn" only if the evidence shows the verdict is wrong;
- "uphold" otherwise, or when the evidence cannot settle it.
Give a one-sentence reason and quotes: exact, character-for-character excerpts of the evidence your decision rests on (an overturn must quote the evidence that shows the verdict wrong).`;

export class ModelAppealReviewer implements AppealReviewer {
  constructor(
    private readonly chat: ChatModel,
    private readonly opts: RuleModelOptions,
  ) {}

  async review(a: AppealInput): ReturnType<AppealReviewer["review"]> {
    if (a.check.kind !== "semantic") return deterministicAppealReviewer.review(a);
    const ev = Evidence.parse(a.evidence);
    const s = a.check.spec;
    const conds = [...a.check.applies.conditions.map((c) => `only when ${describeCondition(c)}`)];
    conds.push(...a.check.applies.exceptions.map((c) => `except ${describeCondition(c)}`));
    const prompt = [
      `Rule (the user's words): "${a.statement}"`,
      `Specification: applies when ${s.appliesWhen}; requires ${s.requires}; compliance: ${s.compliance}; violation: ${s.violation}${conds.length ? `; ${conds.join("; ")}` : ""}`,
      `Evidence (${ev.stage}):\n${JSON.stringify(ev, null, 1)}`,
      `Verdict under appeal: ${a.verdict.verdict}: ${a.verdict.reason}${a.verdict.quotes.length ? ` (quoting ${a.verdict.quotes.map((q) => JSON.stringify(q)).join(", ")})` : ""}`,
      `The robot's argument: ${a.argument}`,
    ].join("\n\n");
    const r = await ask(this.chat, this.opts, [system(SYSTEM), user(prompt)], AppealAnswer, "appeal_decision");
    const calls = [r.record];
    if (!r.ok)
      return {
        overturn: false,
        reason: `upheld: the appeal review's answer was unusable (${r.problem})`,
        quotes: [],
        calls,
      };
    const bad = notInEvidence(r.value.quotes, evidenceTexts(ev));
    if (r.value.decision === "overturn") {
      if (bad.length)
        return {
          overturn: false,
          reason: `upheld: the review would overturn quoting ${bad.map((q) => JSON.stringify(q)).join(", ")}, which the evidence does not contain`,
          quotes: [],
          calls,
        };
      if (!r.value.quotes.length)
        return {
          overturn: false,
          reason: "upheld: the review would overturn without quoting the evidence",
          quotes: [],
          calls,
        };
      return { overturn: true, reason: r.value.reason, quotes: r.value.quotes, calls };
    }
    return { overturn: false, reason: r.value.reason, quotes: r.value.quotes.filter((q) => !bad.includes(q)), calls };
  }
}
