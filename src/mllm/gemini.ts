/**
 * Gemini through @google/genai: JSON output constrained by responseJsonSchema, images as
 * inlineData. The client's own retries stay off (no retryOptions); retry.ts applies the one
 * transport policy at its fetch boundary, where retry-after headers are visible.
 */
import { type GenerateContentConfig, GoogleGenAI } from "@google/genai";
import type { ChatMessage, ChatModel, GenerateRequest, GenerateResult } from "./chat-model.ts";
import type { BackboneConfig } from "./config.ts";
import { THINKING_BUDGET, textFromGemini, toGeminiContents, usageFromGemini } from "./gemini-convert.ts";
import { readApiKey, redact } from "./keys.ts";
import { retryingFetch } from "./retry.ts";
import {
  generateStructured,
  type JsonSchema,
  type ProviderReply,
  ProviderRequestError,
  schemaInstruction,
  toJsonSchema,
} from "./structured.ts";

export interface GeminiOptions {
  env?: NodeJS.ProcessEnv;
  /** replaces the backoff wait (tests record the delays instead of sleeping) */
  sleep?: (ms: number) => Promise<void>;
}

export class GeminiChatModel implements ChatModel {
  readonly provider = "gemini" as const;
  readonly modelId: string;
  private readonly ai: GoogleGenAI;
  private readonly key: string | undefined;

  constructor(
    private readonly config: BackboneConfig,
    private readonly options: GeminiOptions = {},
  ) {
    this.modelId = config.model as string;
    this.key = readApiKey(config, options.env ?? process.env);
    this.ai = new GoogleGenAI({
      apiKey: this.key,
      httpOptions: config.baseUrl ? { baseUrl: config.baseUrl } : undefined,
    });
  }

  generate<T>(request: GenerateRequest<T>): Promise<GenerateResult<T>> {
    const json = toJsonSchema(request.schema);
    return generateStructured(request, this.config.schemaRetries, (messages) => this.send(messages, json, request));
  }

  private async send(messages: ChatMessage[], json: JsonSchema, request: GenerateRequest<unknown>) {
    const c = this.config;
    const { systemInstruction, contents } = toGeminiContents(messages);
    let requests = 0;
    const config: GenerateContentConfig = {
      responseMimeType: "application/json",
      seed: c.seed,
      httpOptions: {
        fetch: retryingFetch(
          { maxRetries: c.maxRetries, timeoutMs: c.timeoutMs, sleep: this.options.sleep },
          () => requests++,
        ),
      },
    };
    if (c.structuredOutput === "json_schema") config.responseJsonSchema = json;
    const prompt = c.structuredOutput === "json_object" ? schemaInstruction(request.schemaName, json) : undefined;
    const system = [systemInstruction, prompt].filter(Boolean).join("\n\n");
    if (system) config.systemInstruction = system;
    const temperature = request.temperature ?? c.temperature;
    if (temperature !== undefined) config.temperature = temperature;
    const maxTokens = request.maxOutputTokens ?? c.maxOutputTokens;
    if (maxTokens !== undefined) config.maxOutputTokens = maxTokens;
    if (c.reasoningEffort) config.thinkingConfig = { thinkingBudget: THINKING_BUDGET[c.reasoningEffort] };

    try {
      const response = await this.ai.models.generateContent({ model: this.modelId, contents, config });
      const reply: ProviderReply = {
        text: textFromGemini(response),
        usage: usageFromGemini(response),
        requests: Math.max(1, requests),
        raw: response,
      };
      return reply;
    } catch (e) {
      throw new ProviderRequestError(redact((e as Error).message, this.key), Math.max(1, requests));
    }
  }
}
