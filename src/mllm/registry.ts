/**
 * Backbones by name: `createPolicy` builds one from its config entry's `type` through the
 * registered factory (heuristic, openai, gemini here; a plug-in calls registerBackbone). Backbone
 * files in configs/backbones/ are found by src/config/backbones.ts.
 */
import type { SimulatorConfig } from "../sim/config.ts";
import { Registry } from "../util/registry.ts";
import type { ChatModel } from "./chat-model.ts";
import type { BackboneConfig } from "./config.ts";
import { GeminiChatModel, type GeminiOptions } from "./gemini.ts";
import { stopRuleFor as heuristicStopRule, type StopRule } from "./heuristic/steering.ts";
import { HeuristicPolicy } from "./heuristic.ts";
import { BackboneConfigError } from "./keys.ts";
import { LlmPolicy } from "./llm-policy.ts";
import { OpenAIChatModel } from "./openai.ts";
import type { Policy } from "./policy.ts";

export interface CreateOptions {
  env?: NodeJS.ProcessEnv;
  /** the run's simulator settings: the heuristic measures its stop rule in this camera and these steps */
  simulator?: SimulatorConfig;
  /** Gemini only: replaces the backoff wait */
  sleep?: GeminiOptions["sleep"];
}

export type BackboneFactory = (config: BackboneConfig, options: CreateOptions) => Policy;

const BACKBONES = new Registry<BackboneFactory>("backbone");

export function registerBackbone(type: string, factory: BackboneFactory): void {
  BACKBONES.register(type, factory);
}

export function backboneTypes(): string[] {
  return BACKBONES.names();
}

/** An LLM backbone: the one policy over any chat model (which checks its key when built). */
export function llmBackbone(model: (config: BackboneConfig, options: CreateOptions) => ChatModel): BackboneFactory {
  return (config, options) => new LlmPolicy(model(config, options), config);
}

registerBackbone("heuristic", (config, { simulator: sim }) => {
  return new HeuristicPolicy({ name: config.name, ...(sim ? { stop: stopRuleFor(sim) } : {}) });
});
registerBackbone(
  "openai",
  llmBackbone((config, o) => new OpenAIChatModel(config, o.env)),
);
registerBackbone(
  "gemini",
  llmBackbone((config, o) => new GeminiChatModel(config, { env: o.env, sleep: o.sleep })),
);

/** Throws BackboneConfigError when no backbone of the config's type is registered (checked before a run). */
export function checkBackboneType(config: BackboneConfig): void {
  if (!BACKBONES.has(config.type))
    throw new BackboneConfigError(
      `backbone "${config.name}": unknown type "${config.type}" (known: ${backboneTypes().join(", ")})`,
    );
}

/** The policy a backbone config names; an unknown type lists the registered ones. */
export function createPolicy(config: BackboneConfig, options: CreateOptions = {}): Policy {
  return BACKBONES.get(config.type)(config, options);
}

/** The heuristic's stop rule under a run's simulator (derived in heuristic/steering.ts, the one place). */
export function stopRuleFor(sim: SimulatorConfig): StopRule {
  return heuristicStopRule({
    camera: sim.camera,
    successDistance: sim.successDistance,
    stepLength: sim.agent.stepLength,
  });
}
