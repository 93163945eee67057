/**
 * The rule layer's model path: every role that needs judgment (learner, compiler's proposer
 * and blind reviewer, semantic judge, appeal reviewer) through one backbone's chat model.
 * Offline the same roles are deterministicLearner, DeterministicProposer / DeterministicReviewer,
 * no judge, and deterministicAppealReviewer.
 */
import type { BackboneConfig, ChatModel } from "../../mllm/index.ts";
import { BackboneConfigError, chatModelFor, providerTypes } from "../../mllm/index.ts";
import type { Learner } from "../learner.ts";
import type { Proposer, Reviewer } from "../proposal.ts";
import type { AppealReviewer, SemanticJudge } from "../reviewers.ts";
import { ModelAppealReviewer } from "./appeal.ts";
import type { RuleModelOptions } from "./call.ts";
import { ModelLearner } from "./model-learner.ts";
import { ModelProposer } from "./proposer.ts";
import { ModelReviewer } from "./reviewer.ts";
import { ModelSelector } from "./selector.ts";
import { ModelJudge } from "./semantic-judge.ts";

export type { RuleModelOptions } from "./call.ts";

/** The least output a rule-layer call is allowed (a backbone's own larger limit stands). */
export const RULE_OUTPUT_TOKENS = 4096;

export interface ModelRuleLayer {
  learner: Learner;
  proposer: Proposer;
  reviewer: Reviewer;
  judge: SemanticJudge;
  appeals: AppealReviewer;
  /** which active rules bear on a task, in batches of at most 32 */
  selector: ModelSelector;
}

export function modelRuleLayer(chat: ChatModel, opts: RuleModelOptions): ModelRuleLayer {
  return {
    learner: new ModelLearner(chat, opts),
    proposer: new ModelProposer(chat, opts),
    reviewer: new ModelReviewer(chat, opts),
    judge: new ModelJudge(chat, opts),
    appeals: new ModelAppealReviewer(chat, opts),
    selector: new ModelSelector(chat, opts),
  };
}

/**
 * The rule layer of a backbone config: undefined for the offline heuristic (no model: the
 * deterministic path), the model path for a chat-model backbone. The chat model checks its key
 * when built, so a missing key is a BackboneConfigError before any call.
 */
export function ruleLayerFor(config: BackboneConfig, env: NodeJS.ProcessEnv = process.env): ModelRuleLayer | undefined {
  // a proposal is a check and up to 9 cases of evidence: more than a navigation decision's budget
  const maxOutputTokens = Math.max(config.maxOutputTokens ?? 0, RULE_OUTPUT_TOKENS);
  const opts: RuleModelOptions = { backbone: config.name, prices: config.prices, maxOutputTokens };
  if (config.type === "heuristic") return undefined;
  const chat = chatModelFor(config, { env });
  if (!chat)
    throw new BackboneConfigError(
      `backbone "${config.name}": the rule layer has no model path for type "${config.type}" (a registered provider: ${providerTypes().join(", ")}; or heuristic)`,
    );
  return modelRuleLayer(chat, opts);
}
