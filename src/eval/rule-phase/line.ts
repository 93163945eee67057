/**
 * One line of the rule phase's results (rules-results.jsonl): an episode of one simulated user
 * under one method, what the scorer found and what the user said after it. The runner
 * (../rules-eval.ts) writes these; the report (report.ts) reads them.
 */
import type { MemoryMode } from "../../mllm/index.ts";
import type { RulesMethod } from "../../rules/index.ts";
import type { CaseResult, Unsafe } from "./labels.ts";
import type { PreferenceViolation } from "./score.ts";
import type { MessageKind } from "./simulated-user.ts";

export const RULE_EVAL_METHODS = ["none", "text", "selected", "full"] as const;
export const BEFORE_FINAL_REPAIR = "full_before_final_repair";
export type BankName = "dev" | "test";

/** One message the simulated user said, and how the learner read it against what it meant. */
export interface MessageLine {
  kind: MessageKind;
  say: string;
  ok: boolean;
  fields: CaseResult["fields"];
  unsafe: Unsafe[];
  problems: string[];
}

export interface RuleEvalLine {
  backbone: string;
  memory: MemoryMode;
  method: RulesMethod;
  phase: "learning" | "test";
  episodeId: string;
  /** the scenario set's user, and the simulated user who took this episode */
  userId: string;
  simUser: string;
  bank: BankName;
  sceneId: string;
  hour: number;
  success: boolean;
  spl: number;
  /** confirmed violations of the user's applicable preferences, by the scorer */
  violations: PreferenceViolation[];
  /** full only: the violations the reply had before its delivery revisions */
  draftViolations: PreferenceViolation[] | null;
  /** whether a preference about rooms / about the reply applied to this episode */
  applied: { rooms: boolean; replies: boolean };
  /** the lasting correction said after a learning episode (null: nothing to correct) */
  correction: string | null;
  /** everything the simulated user said in this episode, with the learner's reading scored */
  messages: MessageLine[];
  /** pre_action refusals, and how many of them the profile did not ask for */
  refusals: number;
  falseBlocks: number;
  checks: number;
  revisions: number;
  /** model calls of the rule layer (learner, compiler, judge, appeal) and its checks' time */
  layerCalls: number;
  checkMs: number;
  error: string | null;
}
