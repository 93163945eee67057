/**
 * Gemini through @google/genai: JSON output constrained by responseJsonSchema, images as
 * inlineData. The client's own retries stay off (no retryOptions); retry.ts applies the one
 * transport policy at its fetch boundary, where retry-after headers are visible.
 *
 * The client's package loads on the first call, not when the model is built (the key and the
 * options are checked then): an evaluation with no Gemini backbone never loads it.
 */
import type { GenerateContentConfig, GenerateContentResponse, GoogleGenAI } from "@google/genai";
import type { ChatMessage, ChatModel, GenerateRequest, GenerateResult } from "./chat-model.ts";
import { type BackboneConfig, warnUnhonouredOptions } from "./config.ts";
import { THINKING_BUDGET, textFromGemini, toGeminiContents, usageFromGemini } from "./gemini-convert.ts";
import { readApiKey, redact } from "./keys.ts";
import { registerProvider } from "./providers.ts";
import {
  connectionFailed,
  describeBody,
  httpFailed,
  malformedResponse,
  type RequestFailure,
  timedOut,
  unreadableBody,
  waitRefused,
} from "./request-failure.ts";
import { FetchFailure, retryingFetch } from "./retry.ts";
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
  /** where a setting this provider cannot honour is reported (stderr when omitted) */
  warn?: (message: string) => void;
}

export class GeminiChatModel implements ChatModel {
  readonly provider = "gemini";
  readonly modelId: string;
  /** the client and the package's error class, made on the first call */
  private clientMade: Promise<{ ai: GoogleGenAI; ApiError: typeof import("@google/genai").ApiError }> | null = null;
  private readonly key: string | undefined;

  constructor(
    private readonly config: BackboneConfig,
    private readonly options: GeminiOptions = {},
  ) {
    this.modelId = config.model as string;
    warnUnhonouredOptions(config, this.provider, options.warn);
    this.key = readApiKey(config, options.env ?? process.env);
  }

  private client() {
    this.clientMade ??= import("@google/genai").then(({ GoogleGenAI, ApiError }) => ({
      ai: new GoogleGenAI({
        apiKey: this.key,
        httpOptions: this.config.baseUrl ? { baseUrl: this.config.baseUrl } : undefined,
      }),
      ApiError,
    }));
    return this.clientMade;
  }

  generate<T>(request: GenerateRequest<T>): Promise<GenerateResult<T>> {
    const json = toJsonSchema(request.schema);
    return generateStructured(request, this.config.schemaRetries, (messages) => this.send(messages, json, request));
  }

  private async send(messages: ChatMessage[], json: JsonSchema, request: GenerateRequest<unknown>) {
    const c = this.config;
    const { systemInstruction, contents } = toGeminiContents(messages);
    let requests = 0;
    let unanswered = 0;
    let url: string | undefined;
    let refusedWait: number | undefined;
    const policy = {
      maxRetries: c.maxRetries,
      timeoutMs: c.timeoutMs,
      maxRetryAfterMs: c.maxRetryAfterMs,
      onWaitRefused: (ms: number) => {
        refusedWait = ms;
      },
      sleep: this.options.sleep,
    };
    const config: GenerateContentConfig = {
      responseMimeType: "application/json",
      seed: c.seed,
      httpOptions: {
        fetch: retryingFetch(
          policy,
          (u) => {
            requests++;
            url = u;
          },
          () => {
            unanswered++;
          },
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
    const effort = c.providerOptions.gemini?.reasoningEffort;
    if (effort) config.thinkingConfig = { thinkingBudget: THINKING_BUDGET[effort] };

    const fail = (failure: RequestFailure) =>
      new ProviderRequestError(redact(failure.message, this.key), Math.max(1, requests), failure, unanswered);
    const { ai, ApiError } = await this.client();
    let response: GenerateContentResponse;
    try {
      response = await ai.models.generateContent({ model: this.modelId, contents, config });
    } catch (e) {
      const failure = describe(ApiError, e, url, Math.max(1, requests));
      throw fail(refusedWait === undefined ? failure : waitRefused(failure, refusedWait, c.maxRetryAfterMs));
    }
    // an answer has candidates, or says why it has none (a blocked prompt); anything else is not Gemini's
    if (!Array.isArray(response?.candidates) && !response?.promptFeedback)
      throw fail(malformedResponse(url, describeBody(response), Math.max(1, requests)));
    const reply: ProviderReply = {
      text: textFromGemini(response),
      usage: usageFromGemini(response),
      requests: Math.max(1, requests),
      ...(unanswered > 0 ? { unanswered } : {}),
      raw: response,
    };
    return reply;
  }
}

/**
 * The failure in words that name the URL, the wait or the status (request-failure.ts). The
 * client reports an HTTP error as ApiError whose message is the raw JSON body; its fields are
 * read out here (Google's body: {error: {code, message, status}}).
 */
function describe(
  ApiError: typeof import("@google/genai").ApiError,
  e: unknown,
  url: string | undefined,
  requests: number,
): RequestFailure {
  if (e instanceof FetchFailure) {
    return e.kind === "timeout" ? timedOut(e.url, e.timeoutMs, requests) : connectionFailed(e.url, e.cause, requests);
  }
  if (e instanceof ApiError && typeof e.status === "number") {
    let body: { error?: { message?: unknown; status?: unknown } } | undefined;
    try {
      body = JSON.parse(e.message);
    } catch {}
    const message = typeof body?.error?.message === "string" ? body.error.message : body ? undefined : e.message;
    const code =
      typeof body?.error?.status === "string" && body.error.status !== "UNKNOWN" ? body.error.status : undefined;
    return httpFailed(e.status, url, { code, message }, requests);
  }
  const body = unreadableBody(e);
  if (body) return malformedResponse(url, body, requests);
  return { message: (e as Error)?.message ?? String(e), infrastructure: false };
}

registerProvider("gemini", {
  chatModel: (config, options) => new GeminiChatModel(config, options),
  keyMissing: (config) => `backbone "${config.name}": Gemini needs a key; set apiKeyEnv (e.g. GEMINI_API_KEY)`,
});
