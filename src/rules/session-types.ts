/**
 * What a rule session (rule-session.ts) speaks: the methods the evaluation compares, a rule as
 * the session holds it, the task's context, a check's result, the events it emits and the
 * summary it leaves in the episode's record.
 */
import type { CallRecord } from "../mllm/index.ts";
import type { AppealReviewer, SemanticJudge } from "./reviewers.ts";
import type { CompiledCheck, RuleDraft, RuleSnapshot, Stage, Verdict } from "./types.ts";

export const RULE_METHODS = ["none", "text", "selected", "full"] as const;
export type RulesMethod = (typeof RULE_METHODS)[number];

export const MAX_REVISIONS_PER_INPUT = 3;
/** the selector reads rules in batches of this many (paper: 32) */
export const SELECT_BATCH = 32;

/** A rule as the session holds it: stored (a library version) or task-local (this input only). */
export interface SessionRule {
  /** `${ruleId}@${version}` for a stored rule, `task:<n>` for a task-local one */
  id: string;
  statement: string;
  draft: RuleDraft;
  check: CompiledCheck;
  taskLocal: boolean;
}

export interface RuleContext {
  /** local hour 0–23 of the request */
  hour: number;
  sceneId: string;
  instruction: string;
}

/**
 * Which rules apply to this task: a pick over one batch of at most SELECT_BATCH rules, which
 * have already passed the computable filter (selectByContext), with the model calls it made.
 */
export type SelectBatch = (
  batch: SessionRule[],
  ctx: RuleContext,
) => Promise<{ ids: Set<string>; calls: CallRecord[]; note?: string }>;

export interface RuleResult {
  id: string;
  statement: string;
  verdict: Verdict;
  reason: string;
  quotes: string[];
}

export type RuleEvent =
  | {
      type: "rules";
      method: RulesMethod;
      libraryVersion: number;
      inForce: number;
      selected: { id: string; statement: string; kind: CompiledCheck["kind"]; taskLocal: boolean; text: string }[];
    }
  | { type: "rule_check"; stage: Stage; subject: string; results: RuleResult[] }
  | {
      type: "rule_revision";
      stage: Stage;
      subject: string;
      revision: number;
      violations: RuleResult[];
    }
  | { type: "rule_block"; stage: Stage; subject: string; violations: RuleResult[]; reason: string }
  | {
      type: "rule_appeal";
      stage: Stage;
      id: string;
      statement: string;
      argument: string;
      overturn: boolean;
      reason: string;
      quotes: string[];
    };

export interface SessionOptions {
  method: RulesMethod;
  snapshot: RuleSnapshot;
  /** task-local instructions that came with this input, already compiled */
  taskLocal?: { draft: RuleDraft; check: CompiledCheck }[];
  context: RuleContext;
  judge?: SemanticJudge;
  appeals?: AppealReviewer;
  select?: SelectBatch;
  emit?: (e: RuleEvent) => void;
  onCalls?: (calls: readonly CallRecord[]) => void;
  maxRevisions?: number;
}

/** What one stage's check decided about one candidate. */
export interface StageCheck {
  results: RuleResult[];
  violations: RuleResult[];
  /** checks that could not tell (missing evidence, no judge): never a pass */
  unknown: RuleResult[];
}

/** Everything the layer did in one input, for the episode's record. */
export interface RulesSummary {
  method: RulesMethod;
  libraryVersion: number;
  inForce: number;
  selected: number;
  taskLocal: number;
  checks: number;
  violations: number;
  revisions: number;
  blocks: { stage: Stage; subject: string; ids: string[] }[];
  /** pre_action refusals: what was not done, in which room, and how */
  refused: { action: "room" | "path" | "step" | "stop"; room: string; how: "revised" | "blocked" }[];
  appeals: { id: string; overturn: boolean }[];
  /** violations left in what was done or said, after revisions and appeal */
  unresolved: RuleResult[];
  /** rules by what the compiler made of them */
  kinds: Record<CompiledCheck["kind"], number>;
  judgeCalls: number;
  checkMs: number;
  /** what the selector said about its own answer (e.g. an unusable model answer) */
  selectionNotes: string[];
}
