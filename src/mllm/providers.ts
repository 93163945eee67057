/**
 * Chat-model providers by registration: a provider is one file (its client, its pure converters,
 * and a `registerProvider` call at the bottom), and everything that needs one finds it here by
 * the backbone config's `type`: the backbone registry (an LLM policy over its chat model), the
 * key check, the rule layer's model path, the dry run. openai.ts (also any OpenAI-compatible
 * server: vLLM, Ollama) and gemini.ts register themselves; a plug-in calls registerProvider.
 */
import { Registry } from "../util/index.ts";
import type { ChatModel } from "./chat-model.ts";
import type { BackboneConfig } from "./config.ts";

export interface ProviderOptions {
  env?: NodeJS.ProcessEnv;
  /** replaces the provider's backoff wait (tests) */
  sleep?: (ms: number) => Promise<void>;
}

export interface Provider {
  /** the chat model for a backbone of this provider; checks the key when built */
  chatModel(config: BackboneConfig, options: ProviderOptions): ChatModel;
  /**
   * Why a backbone that names no apiKeyEnv cannot be used (a line that says what to set), or
   * null when a keyless server is fine (a local OpenAI-compatible server at baseUrl).
   */
  keyMissing(config: BackboneConfig): string | null;
}

const PROVIDERS = new Registry<Provider>("provider");

export function registerProvider(type: string, provider: Provider): void {
  PROVIDERS.register(type, provider);
}

/** The provider a backbone type names, or undefined (the heuristic, or a type no provider has). */
export function providerFor(type: string): Provider | undefined {
  return PROVIDERS.has(type) ? PROVIDERS.get(type) : undefined;
}

export function providerTypes(): string[] {
  return PROVIDERS.names();
}

/** The chat model of a provider backbone; undefined for a backbone that is no chat model (the heuristic). */
export function chatModelFor(config: BackboneConfig, options: ProviderOptions = {}): ChatModel | undefined {
  return providerFor(config.type)?.chatModel(config, options);
}
