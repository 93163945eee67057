/**
 * OpenAI chat completions through the official client: GPT-5, GPT-4o-mini, and any
 * OpenAI-compatible server (vLLM, Ollama) through baseUrl. Transport retries (429 honouring
 * retry-after, 5xx, timeouts) are the client's own, set from config.maxRetries; nothing here
 * retries on top of them. The client waits out any retry-after, however long: a response that
 * asks for more than config.maxRetryAfterMs is marked at the fetch boundary as not to be
 * retried (x-should-retry: false), so it fails now instead.
 *
 * The client's package loads on the first call, not when the model is built (the key and the
 * options are checked then): an evaluation with no OpenAI backbone never loads it.
 */
import type OpenAI from "openai";
import type { ChatMessage, ChatModel, GenerateRequest, GenerateResult } from "./chat-model.ts";
import { type BackboneConfig, type OpenAIProviderOptions, warnOnStderr, warnUnhonouredOptions } from "./config.ts";
import { readApiKey, redact } from "./keys.ts";
import {
  responseFormat,
  textFromCompletion,
  toOpenAIMessages,
  usageFromOpenAI,
  withSystemAddendum,
} from "./openai-convert.ts";
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
import { isRetryableStatus, retryAfterMs } from "./retry.ts";
import { generateStructured, type ProviderReply, ProviderRequestError, toJsonSchema } from "./structured.ts";

const CALL_HEADER = "x-polar-call";
/** Keyless local servers (vLLM, Ollama) ignore the key, but the client insists on one. */
const LOCAL_PLACEHOLDER_KEY = "no-key";

export class OpenAIChatModel implements ChatModel {
  readonly provider = "openai";
  readonly modelId: string;
  /** the client, made on the first call */
  private clientMade: Promise<{ client: OpenAI; sdk: typeof OpenAI }> | null = null;
  private readonly clientOptions: ConstructorParameters<typeof OpenAI>[0];
  private readonly key: string | undefined;
  private readonly options: OpenAIProviderOptions;
  /** HTTP requests per call id, counted at the fetch boundary so the client's retries show */
  private readonly requestCounts = new Map<string, number>();
  /** of those, the ones that got no HTTP response (a reset keep-alive connection, a timeout) */
  private readonly unansweredCounts = new Map<string, number>();
  /** the URL each call id last requested, for error messages */
  private readonly requestUrls = new Map<string, string>();
  /** the retry-after a call id's last response asked for when it was too long to wait out */
  private readonly refusedWaits = new Map<string, number>();
  private nextCall = 0;

  constructor(
    private readonly config: BackboneConfig,
    env: NodeJS.ProcessEnv = process.env,
    /** where a setting this provider cannot honour is reported */
    warn: (message: string) => void = warnOnStderr,
  ) {
    this.modelId = config.model as string;
    this.options = config.providerOptions.openai ?? {};
    warnUnhonouredOptions(config, this.provider, warn);
    this.key = readApiKey(config, env);
    this.clientOptions = {
      apiKey: this.key ?? LOCAL_PLACEHOLDER_KEY,
      baseURL: config.baseUrl,
      maxRetries: config.maxRetries,
      timeout: config.timeoutMs,
      fetch: async (url, init) => {
        const id = new Headers(init?.headers).get(CALL_HEADER);
        if (id) {
          this.requestCounts.set(id, (this.requestCounts.get(id) ?? 0) + 1);
          this.requestUrls.set(id, url instanceof Request ? url.url : String(url));
        }
        let response: Response;
        try {
          response = await fetch(url, init);
        } catch (e) {
          if (id) this.unansweredCounts.set(id, (this.unansweredCounts.get(id) ?? 0) + 1);
          throw e;
        }
        const asked = isRetryableStatus(response.status) ? retryAfterMs(response.headers) : undefined;
        if (asked === undefined || asked <= config.maxRetryAfterMs) return response;
        if (id) this.refusedWaits.set(id, asked);
        const headers = new Headers(response.headers);
        headers.set("x-should-retry", "false");
        return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
      },
    };
  }

  private client(): Promise<{ client: OpenAI; sdk: typeof OpenAI }> {
    this.clientMade ??= import("openai").then(({ default: sdk }) => ({ client: new sdk(this.clientOptions), sdk }));
    return this.clientMade;
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
    const o = this.options;
    const body: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming = {
      model: this.modelId,
      messages: toOpenAIMessages(messages, o.imageDetail ?? "auto"),
      response_format: format,
      seed: c.seed,
    };
    const temperature = request.temperature ?? c.temperature;
    if (temperature !== undefined) body.temperature = temperature;
    const maxTokens = request.maxOutputTokens ?? c.maxOutputTokens;
    if (maxTokens !== undefined) body[o.maxTokensParam ?? "max_completion_tokens"] = maxTokens;
    if (o.reasoningEffort) body.reasoning_effort = o.reasoningEffort;

    const id = String(this.nextCall++);
    const fail = (failure: RequestFailure, requests: number, unanswered = 0) =>
      new ProviderRequestError(redact(failure.message, this.key), requests, failure, unanswered);
    const { client, sdk } = await this.client();
    try {
      let completion: unknown;
      try {
        completion = await client.chat.completions.create(body, { headers: { [CALL_HEADER]: id } });
      } catch (e) {
        const requests = this.requestCounts.get(id) ?? 1;
        throw fail(
          this.describe({ client, sdk }, e, this.requestUrls.get(id), requests, this.refusedWaits.get(id)),
          requests,
          this.unansweredCounts.get(id) ?? 0,
        );
      }
      const requests = this.requestCounts.get(id) ?? 1;
      const unanswered = this.unansweredCounts.get(id) ?? 0;
      // The client hands back whatever a 200 held: text for an HTML page, any JSON at all.
      if (!isCompletion(completion))
        throw fail(
          malformedResponse(this.requestUrls.get(id), describeBody(completion), requests),
          requests,
          unanswered,
        );
      return {
        text: textFromCompletion(completion),
        usage: usageFromOpenAI(completion.usage),
        requests,
        ...(unanswered > 0 ? { unanswered } : {}),
        raw: completion,
      };
    } finally {
      this.requestCounts.delete(id);
      this.unansweredCounts.delete(id);
      this.requestUrls.delete(id);
      this.refusedWaits.delete(id);
    }
  }

  /** The client's error in words that name the URL, the wait or the status (request-failure.ts). */
  private describe(
    { client, sdk }: { client: OpenAI; sdk: typeof OpenAI },
    e: unknown,
    url: string | undefined,
    requests: number,
    refusedWait?: number,
  ): RequestFailure {
    const where = url ?? `${client.baseURL.replace(/\/$/, "")}/chat/completions`;
    // the timeout error is a connection error too: test it first
    if (e instanceof sdk.APIConnectionTimeoutError) return timedOut(where, this.config.timeoutMs, requests);
    if (e instanceof sdk.APIConnectionError) return connectionFailed(where, e, requests);
    if (e instanceof sdk.APIError && typeof e.status === "number") {
      const body = e.error as { message?: unknown } | undefined;
      const message = typeof body?.message === "string" ? body.message : e.message.replace(/^\d{3}\s*/, "");
      const code = typeof e.code === "string" ? e.code : typeof e.type === "string" ? e.type : undefined;
      const failed = httpFailed(e.status, where, { code, message }, requests);
      return refusedWait === undefined ? failed : waitRefused(failed, refusedWait, this.config.maxRetryAfterMs);
    }
    const body = unreadableBody(e);
    if (body) return malformedResponse(where, body, requests);
    // not a transport error: a bug
    return { message: (e as Error)?.message ?? String(e), infrastructure: false };
  }
}

/** The one part of a chat completion every reader relies on: a list of choices. */
function isCompletion(v: unknown): v is OpenAI.Chat.Completions.ChatCompletion {
  const choices = (v as { choices?: unknown } | null)?.choices;
  return typeof v === "object" && v !== null && Array.isArray(choices) && choices.length > 0;
}

registerProvider("openai", {
  chatModel: (config, options) => new OpenAIChatModel(config, options.env),
  keyMissing: (config) =>
    config.baseUrl
      ? null
      : `backbone "${config.name}": the OpenAI API needs a key; set apiKeyEnv (e.g. OPENAI_API_KEY), ` +
        "or a baseUrl for a keyless OpenAI-compatible server",
});
