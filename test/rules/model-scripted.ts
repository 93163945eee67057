/**
 * The rule layer's model path against the scripted servers: one backbone per provider (the
 * real `openai` and `@google/genai` clients, speaking to test/mllm/scripted-server.ts), replies
 * in each provider's wire format, and the request text each role sent.
 */
import { BackboneConfig } from "../../src/mllm/config.ts";
import { GeminiChatModel } from "../../src/mllm/gemini.ts";
import { OpenAIChatModel } from "../../src/mllm/openai.ts";
import { type ModelRuleLayer, modelRuleLayer } from "../../src/rules/model/layer.ts";
import {
  geminiError,
  geminiResponse,
  geminiText,
  openaiCompletion,
  openaiError,
  openaiText,
  type RecordedRequest,
  type Reply,
  ScriptedServer,
} from "../mllm/scripted-server.ts";

export const PROVIDERS = ["openai", "gemini"] as const;
export type Provider = (typeof PROVIDERS)[number];

export const PRICES = { inputPerMTok: 0.15, outputPerMTok: 0.6 };

export function backboneConfig(provider: Provider, url: string): BackboneConfig {
  return BackboneConfig.parse(
    provider === "openai"
      ? {
          name: "scripted-gpt",
          type: "openai",
          model: "gpt-4o-mini",
          apiKeyEnv: "OPENAI_API_KEY",
          baseUrl: `${url}/v1`,
          maxRetries: 0,
          schemaRetries: 1,
          prices: PRICES,
        }
      : {
          name: "scripted-gemini",
          type: "gemini",
          model: "gemini-2.5-flash",
          apiKeyEnv: "GEMINI_API_KEY",
          baseUrl: url,
          maxRetries: 0,
          schemaRetries: 1,
          prices: PRICES,
        },
  );
}

export const ENV = { OPENAI_API_KEY: "sk-rules-test", GEMINI_API_KEY: "gm-rules-test" };

export interface Scripted {
  provider: Provider;
  server: ScriptedServer;
  layer: ModelRuleLayer;
  /** a reply carrying this JSON (or raw text) in the provider's format */
  answer(value: unknown, usage?: { input: number; output: number }): Reply;
  /** an HTTP error in the provider's format, not retried */
  failure(status: number, message: string): Reply;
  /** every text a request carried (system, user, re-asks), joined */
  text(r: RecordedRequest): string;
}

export async function scripted(provider: Provider): Promise<Scripted> {
  const server = await ScriptedServer.start();
  const config = backboneConfig(provider, server.url);
  const chat =
    provider === "openai"
      ? new OpenAIChatModel(config, ENV)
      : new GeminiChatModel(config, { env: ENV, sleep: async () => {} });
  const layer = modelRuleLayer(chat, { backbone: config.name, prices: config.prices });
  return {
    provider,
    server,
    layer,
    answer(value, usage = { input: 300, output: 60 }) {
      const text = typeof value === "string" ? value : JSON.stringify(value);
      return provider === "openai"
        ? openaiCompletion(text, { prompt_tokens: usage.input, completion_tokens: usage.output })
        : geminiResponse(text, { promptTokenCount: usage.input, candidatesTokenCount: usage.output });
    },
    failure(status, message) {
      const h = { "x-should-retry": "false" };
      return provider === "openai" ? openaiError(status, message, h) : geminiError(status, message, h);
    },
    text(r) {
      return provider === "openai" ? openaiText(r.body) : geminiText(r.body);
    },
  };
}
