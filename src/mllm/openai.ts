/**
 * OpenAI chat completions through the official client: GPT-5, GPT-4o-mini, and any
 * OpenAI-compatible server (vLLM, Ollama) through baseUrl. Transport retries (429 honouring
 * retry-after, 5xx, timeouts) are the client's own, set from config.maxRetries; nothing here
 * retries on top of them.
 */
import OpenAI from "openai";
import type { ChatMessage, ChatModel, GenerateRequest, GenerateResult } from "./chat-model.ts";
import type { BackboneConfig } from "./config.ts";
import { readApiKey, redact } from "./keys.ts";
import {
  responseFormat,
  textFromCompletion,
  toOpenAIMessages,
  usageFromOpenAI,
  withSystemAddendum,
} from "./openai-convert.ts";
import { generateStructured, type ProviderReply, ProviderRequestError, toJsonSchema } from "./structured.ts";

const CALL_HEADER = "x-polar-call";
/** Keyless local servers (vLLM, Ollama) ignore the key, but the client insists on one. */
const LOCAL_PLACEHOLDER_KEY = "no-key";

export class OpenAIChatModel implements ChatModel {
  readonly provider = "openai" as const;
  readonly modelId: string;
  private readonly client: OpenAI;
  private readonly key: string | undefined;
  /** HTTP requests per call id, counted at the fetch boundary so the client's retries show */
  private readonly requestCounts = new Map<string, number>();
  private nextCall = 0;

  constructor(
    private readonly config: BackboneConfig,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    this.modelId = config.model as string;
    this.key = readApiKey(config, env);
    this.client = new OpenAI({
      apiKey: this.key ?? LOCAL_PLACEHOLDER_KEY,
      baseURL: config.baseUrl,
      maxRetries: config.maxRetries,
      timeout: config.timeoutMs,
      fetch: (url, init) => {
        const id = new Headers(init?.headers).get(CALL_HEADER);
        if (id) this.requestCounts.set(id, (this.requestCounts.get(id) ?? 0) + 1);
        return fetch(url, init);
      },
    });
  }

  generate<T>(request: GenerateRequest<T>): Promise<GenerateResult<T>> {
    const json = toJsonSchema(request.schema);
    const { format, systemAddendum } = responseFormat(this.config.structuredOutput, request.schemaName, json);
    return generateStructured(request, this.config.schemaRetries, (messages) =>
      this.send(withSystemAddendum(messages, systemAddendum), format, request),
    );
  }

  private async send(
    messages: ChatMessage[],
    format: OpenAI.Chat.Completions.ChatCompletionCreateParams["response_format"],
    request: GenerateRequest<unknown>,
  ): Promise<ProviderReply> {
    const c = this.config;
    const body: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming = {
      model: this.modelId,
      messages: toOpenAIMessages(messages, c.imageDetail),
      response_format: format,
      seed: c.seed,
    };
    const temperature = request.temperature ?? c.temperature;
    if (temperature !== undefined) body.temperature = temperature;
    const maxTokens = request.maxOutputTokens ?? c.maxOutputTokens;
    if (maxTokens !== undefined) body[c.maxTokensParam] = maxTokens;
    if (c.reasoningEffort) body.reasoning_effort = c.reasoningEffort;

    const id = String(this.nextCall++);
    try {
      const completion = await this.client.chat.completions.create(body, { headers: { [CALL_HEADER]: id } });
      return {
        text: textFromCompletion(completion),
        usage: usageFromOpenAI(completion.usage),
        requests: this.requestCounts.get(id) ?? 1,
        raw: completion,
      };
    } catch (e) {
      throw new ProviderRequestError(redact((e as Error).message, this.key), this.requestCounts.get(id) ?? 1);
    } finally {
      this.requestCounts.delete(id);
    }
  }
}
