/** What the learner answers, offline or through a model: one item per reading of a message. */
import type { Persistence, RuleDraft } from "../types.ts";

export interface LearnContext {
  /** the house the conversation happens in: "in this house" needs it */
  sceneId?: string;
  /** the house's region labels: rooms are read as the house names them, misspellings against them */
  rooms?: readonly string[];
  taskId?: string;
  /** ms since the epoch; the draft's source time */
  at?: number;
}

export type LearnDecision =
  /** not a correction: a task request, a question, thanks */
  | "none"
  /** a correction whose requirement, reference or scope cannot be determined: no rule, a question back */
  | "unclear"
  /** acts in the current task only; never stored */
  | "task_local"
  /** a reusable behaviour whose activation is underspecified; not stored, a question back */
  | "defer"
  | "add"
  | "reuse"
  | "revise"
  | "replace"
  | "retract"
  /** a retraction of something the library does not hold */
  | "nothing_to_retract";

export interface LearnItem {
  decision: LearnDecision;
  reason: string;
  /** the clause of the message this item comes from, verbatim */
  clause: string;
  persistence?: Persistence;
  /** the reading, for add / reuse / revise / replace / task_local / defer */
  draft?: RuleDraft;
  /** the existing rule a reuse, revision, replacement or retraction is about */
  ruleId?: string;
  /** that rule's version in force when the decision was made */
  base?: string;
  /** for a retraction: the words that retract */
  quote?: string;
  /** what to ask the user back: an unclear or deferred reading, a room the house does not have */
  question?: string;
}

export interface LearnOutcome {
  message: string;
  /** whether the message holds a correction signal at all */
  signal: boolean;
  items: LearnItem[];
}
