/**
 * The compiler's two roles as interfaces (compile.ts drives them): a proposer writes a check and
 * its validation cases; a reviewer, blind to the expected labels, judges and labels them.
 * Offline both are deterministic; with a model backbone both are model calls.
 */
import type { CallRecord } from "../mllm/index.ts";
import type { CompiledCheck, RuleDraft, ValidationCase, Verdict } from "./types.ts";

/** A check proposal: the check (programmatic or semantic) and the cases it must get right. */
export interface Proposal {
  check: Extract<CompiledCheck, { kind: "programmatic" | "semantic" }>;
  cases: ValidationCase[];
  /** the model calls it took (the model path; none offline) */
  calls?: CallRecord[];
}

export interface Proposer {
  readonly name: string;
  /**
   * A proposal for the rule, or why none can be made (e.g. a condition only a model can judge).
   * `feedback`: the previous round's rejection reasons, for a revision.
   */
  propose(rule: RuleDraft, feedback: string[] | undefined): Promise<Proposal | { none: string; calls?: CallRecord[] }>;
}

/** What the reviewer sees of a case: no expected label, no intent. */
export type BlindCase = Pick<ValidationCase, "id" | "evidence">;

export interface Review {
  /** the check preserves the rule's meaning, scope, conditions and exceptions */
  faithful: boolean;
  /** the rule is clear enough to act on */
  clear: boolean;
  labels: Record<string, Verdict>;
  problems: string[];
  /** the model calls it took (the model path; none offline) */
  calls?: CallRecord[];
}

export interface Reviewer {
  readonly name: string;
  review(rule: RuleDraft, check: Proposal["check"], cases: BlindCase[]): Promise<Review>;
}
