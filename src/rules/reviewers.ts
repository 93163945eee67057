/**
 * The two reviewers of verdicts at run time (paper §4.3, appendix B.3): the semantic judge,
 * which decides the rules only a model can check, and the appeal reviewer, which decides once
 * per delivery whether a disputed verdict stands.
 *
 * Offline there is no judge (a semantic check stays unknown) and the appeal reviewer re-runs a
 * programmatic check on the same evidence. The model versions are in model/semantic-judge.ts and
 * model/appeal.ts.
 */
import type { CallRecord } from "../mllm/index.ts";
import { applicability, runCheck } from "./check.ts";
import { type Applicability, type CheckResult, type CompiledCheck, Evidence, type SemanticSpec } from "./types.ts";

/** The paper's batch: at most this many rules are judged in one model call. */
export const JUDGE_BATCH = 6;

export interface JudgeItem {
  versionId: string;
  statement: string;
  spec: SemanticSpec;
  /**
   * When the rule applies. Given, the judge decides the computable parts itself (stage, house,
   * hours, the instruction's rooms: no model call when they exclude the rule) and hands the
   * conditions only words can decide to the model.
   */
  applies?: Applicability;
}

export interface SemanticJudge {
  /** at most 6 items per model call (the paper's batch); more are split into several calls */
  judge(items: JudgeItem[], evidence: Evidence): Promise<{ results: Map<string, CheckResult>; calls: CallRecord[] }>;
}

export interface AppealInput {
  versionId: string;
  statement: string;
  check: CompiledCheck;
  evidence: Evidence;
  verdict: CheckResult;
  argument: string;
}

export interface AppealReviewer {
  review(a: AppealInput): Promise<{ overturn: boolean; reason: string; quotes: string[]; calls: CallRecord[] }>;
}

/** Items in batches of at most `size`, in order. */
export function batches<T>(items: T[], size = JUDGE_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The computable part of a semantic check's applicability: stage, house, hours and the
 * instruction's rooms. A condition in words (`text`) is left to the judge, so it does not make
 * the whole check unknown before the model has read it. null: the judge must decide.
 */
export function semanticGate(applies: Applicability, evidence: Evidence): CheckResult | null {
  const computable = {
    ...applies,
    conditions: applies.conditions.filter((c) => c.kind !== "text"),
    exceptions: applies.exceptions.filter((c) => c.kind !== "text"),
  };
  return applicability(computable, Evidence.parse(evidence));
}

/**
 * One compiled check on one stage's evidence, the judge deciding semantic checks: what the
 * compiler's execution step and a caller with a single rule need. Without a judge a semantic
 * check is unknown, as runCheck says.
 */
export async function runJudged(
  versionId: string,
  statement: string,
  check: CompiledCheck,
  evidence: Evidence,
  judge: SemanticJudge | undefined,
): Promise<{ result: CheckResult; calls: CallRecord[] }> {
  if (check.kind !== "semantic" || !judge) return { result: runCheck(check, evidence), calls: [] };
  const gate = semanticGate(check.applies, evidence);
  if (gate) return { result: gate, calls: [] };
  const j = await judge.judge([{ versionId, statement, spec: check.spec, applies: check.applies }], evidence);
  return {
    result: j.results.get(versionId) ?? { verdict: "unknown", reason: "the judge gave no verdict", quotes: [] },
    calls: j.calls,
  };
}

/**
 * The offline appeal review: a programmatic verdict is upheld unless re-running the check on
 * the same evidence disagrees; a semantic verdict cannot be re-examined without a model and is
 * upheld.
 */
export const deterministicAppealReviewer: AppealReviewer = {
  async review(a) {
    if (a.check.kind === "semantic")
      return { overturn: false, reason: "no model to review", quotes: a.verdict.quotes, calls: [] };
    const again = runCheck(a.check, a.evidence);
    if (again.verdict !== a.verdict.verdict)
      return {
        overturn: true,
        reason: `re-running the check on the same evidence gives ${again.verdict} (${again.reason}), not ${a.verdict.verdict}`,
        quotes: again.quotes,
        calls: [],
      };
    return {
      overturn: false,
      reason: `re-running the check on the same evidence gives the same verdict: ${again.reason}`,
      quotes: again.quotes,
      calls: [],
    };
  },
};
