/**
 * The chat-model layer under the LLM backbones: one small interface, one file per provider
 * (openai.ts, gemini.ts) with pure converters beside it, found by registration (providers.ts). A call sends messages (text and
 * images) with a zod schema, and gets back a value that passed that schema, or throws
 * ChatModelError with whatever the attempts cost.
 */
import type { z } from "zod";
import type { FailureInfo } from "../util/index.ts";

export interface TextPart {
  type: "text";
  text: string;
}

export interface ImagePart {
  type: "image";
  data: Buffer;
  mediaType: "image/jpeg" | "image/png";
}

export type ContentPart = TextPart | ImagePart;

export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string | ContentPart[] }
  | { role: "assistant"; content: string };

export interface Usage {
  /** undefined means the provider did not say */
  inputTokens?: number;
  outputTokens?: number;
}

export interface GenerateRequest<T> {
  messages: ChatMessage[];
  schema: z.ZodType<T>;
  /** a short identifier for the schema (letters, digits, _ and -), sent as its name */
  schemaName: string;
  temperature?: number;
  maxOutputTokens?: number;
}

export interface GenerateResult<T> {
  value: T;
  /** summed over every request this call made, re-asks included */
  usage: Usage;
  latencyMs: number;
  /** HTTP requests made: transport retries and schema re-asks included */
  attempts: number;
  /**
   * of the attempts, those that got no HTTP response (a reset connection, a timeout): sent, but
   * perhaps never seen by the server, so a server's own count may be lower by up to this many
   */
  unanswered?: number;
  /** answers the schema rejected and the model was asked again for (so attempts − 1 − reasks were transport retries) */
  reasks?: number;
  /** the provider's last response body, for debugging */
  raw: unknown;
  /** every answer the model gave, in order, a rejected one with the problem it was re-asked for */
  answers?: { text: string; problem?: string }[];
}

export interface ChatModel {
  /** the registered provider type it came from (providers.ts) */
  readonly provider: string;
  readonly modelId: string;
  generate<T>(request: GenerateRequest<T>): Promise<GenerateResult<T>>;
}

/**
 * A call that produced no valid value: transport failure or output that never fit the schema.
 * `infrastructure` (see src/util/failure.ts) is true only for a transport failure that was the
 * service's (no connection, timeout, 429 / 5xx after retries, 401 / 403 / 404); a "schema"
 * failure is never infrastructure: the model answered, and its answers were unusable, which is
 * the agent's outcome. `status` and `url` say what failed when there was an HTTP exchange.
 */
export class ChatModelError extends Error implements FailureInfo {
  readonly infrastructure: boolean;
  readonly status?: number;
  readonly url?: string;
  /** the answers the model gave before the call failed, each with why it was rejected */
  answers: { text: string; problem?: string }[] = [];
  /** of the attempts, those that got no HTTP response */
  unanswered = 0;
  constructor(
    message: string,
    readonly kind: "transport" | "schema",
    readonly usage: Usage,
    readonly latencyMs: number,
    readonly attempts: number,
    failure: Partial<FailureInfo> = {},
    /** answers the schema rejected before this failure */
    readonly reasks = 0,
  ) {
    super(message);
    this.name = "ChatModelError";
    this.infrastructure = kind === "transport" && (failure.infrastructure ?? false);
    if (failure.status !== undefined) this.status = failure.status;
    if (failure.url !== undefined) this.url = failure.url;
  }
}

/** undefined + undefined stays unknown; a known count plus an unknown one keeps the known part. */
export function addUsage(a: Usage, b: Usage): Usage {
  const add = (x?: number, y?: number) => (x === undefined && y === undefined ? undefined : (x ?? 0) + (y ?? 0));
  return { inputTokens: add(a.inputTokens, b.inputTokens), outputTokens: add(a.outputTokens, b.outputTokens) };
}
