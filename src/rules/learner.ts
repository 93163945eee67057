/**
 * The learner as a role: one user message read against the user's rules in force, with the
 * model calls the reading cost. Offline it is the deterministic learner (learn/offline-learner.ts); with a
 * model backbone, model/model-learner.ts. Both answer in the same LearnOutcome.
 */
import type { CallRecord } from "../mllm/index.ts";
import { type LearnContext, type LearnOutcome, learn } from "./learn/offline-learner.ts";
import type { RuleVersion } from "./types.ts";

export type { LearnContext, LearnDecision, LearnItem, LearnOutcome } from "./learn/offline-learner.ts";

export interface Learner {
  readonly name?: string;
  learn(
    message: string,
    rules: RuleVersion[],
    ctx: LearnContext,
  ): Promise<{ outcome: LearnOutcome; calls: CallRecord[] }>;
}

export const deterministicLearner: Learner = {
  name: "deterministic-learner-v1",
  async learn(message, rules, ctx) {
    return { outcome: learn(message, rules, ctx), calls: [] };
  },
};
