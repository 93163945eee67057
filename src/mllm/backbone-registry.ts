/**
 * Backbones by name: `createPolicy` builds one from its config entry's `type`: a registered
 * backbone factory (the heuristic registers itself in heuristic/backbone.ts; a plug-in calls registerBackbone), or else the LLM policy
 * over a registered chat-model provider's model (providers.ts: openai and gemini register
 * themselves in their own files; a plug-in calls registerProvider). Backbone files in
 * configs/backbones/ are found by src/config/backbones.ts.
 */
import type { SimulatorConfig } from "../sim/index.ts";
import { Registry } from "../util/index.ts";
import type { ChatModel } from "./chat-model.ts";
import type { BackboneConfig } from "./config.ts";
import "./gemini.ts";
import { BackboneConfigError } from "./keys.ts";
import { LlmPolicy } from "./llm-policy.ts";
import "./openai.ts";
import type { Policy } from "./policy.ts";
import { chatModelFor, type ProviderOptions, providerFor, providerTypes } from "./providers.ts";

export interface CreateOptions {
  env?: NodeJS.ProcessEnv;
  /** the run's simulator settings: the heuristic measures its stop rule in this camera and these steps */
  simulator?: SimulatorConfig;
  /** replaces a provider's backoff wait (tests) */
  sleep?: ProviderOptions["sleep"];
}

export type BackboneFactory = (config: BackboneConfig, options: CreateOptions) => Policy;

const BACKBONES = new Registry<BackboneFactory>("backbone");

export function registerBackbone(type: string, factory: BackboneFactory): void {
  BACKBONES.register(type, factory);
}

export function backboneTypes(): string[] {
  return [...new Set([...BACKBONES.names(), ...providerTypes()])].sort();
}

/** An LLM backbone: the one policy over any chat model (which checks its key when built). */
export function llmBackbone(model: (config: BackboneConfig, options: CreateOptions) => ChatModel): BackboneFactory {
  return (config, options) => new LlmPolicy(model(config, options), config);
}

/** Throws BackboneConfigError when no backbone of the config's type is registered (checked before a run). */
export function checkBackboneType(config: BackboneConfig): void {
  if (!BACKBONES.has(config.type) && !providerFor(config.type))
    throw new BackboneConfigError(
      `backbone "${config.name}": unknown type "${config.type}" (known: ${backboneTypes().join(", ")})`,
    );
}

/** The policy a backbone config names; an unknown type lists the registered ones. */
export function createPolicy(config: BackboneConfig, options: CreateOptions = {}): Policy {
  if (BACKBONES.has(config.type)) return BACKBONES.get(config.type)(config, options);
  const chat = chatModelFor(config, {
    ...(options.env ? { env: options.env } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  if (chat) return new LlmPolicy(chat, config);
  return BACKBONES.get(config.type)(config, options);
}
