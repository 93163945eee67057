/**
 * Structured output shared by every provider: zod → JSON Schema for the request, parsing and
 * validating the answer with the same zod schema, and the bounded re-ask that tells the model
 * what was wrong.
 */
import { z } from "zod";
import type { FailureInfo } from "../util/index.ts";
import {
  addUsage,
  type ChatMessage,
  ChatModelError,
  type GenerateRequest,
  type GenerateResult,
  type Usage,
} from "./chat-model.ts";

export type JsonSchema = Record<string, unknown>;

/** The JSON Schema a provider receives: draft keyword and defaults dropped (servers reject them). */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as JsonSchema;
  return strip(json) as JsonSchema;
}

function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (typeof node !== "object" || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "$schema" || k === "default") continue;
    out[k] = strip(v);
  }
  return out;
}

/**
 * OpenAI's strict mode accepts a schema only when every object lists all its properties as
 * required and forbids others; anything else is sent non-strict (the answer is validated anyway).
 */
export function isStrictCompatible(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(isStrictCompatible);
  if (typeof node !== "object" || node === null) return true;
  const o = node as Record<string, unknown>;
  if (o.type === "object" || o.properties) {
    const keys = Object.keys((o.properties as object | undefined) ?? {});
    const required = new Set((o.required as string[] | undefined) ?? []);
    if (o.additionalProperties !== false) return false;
    if (!keys.every((k) => required.has(k))) return false;
  }
  return Object.values(o).every(isStrictCompatible);
}

/** For servers without schema enforcement: the schema travels in the prompt. */
export function schemaInstruction(schemaName: string, json: JsonSchema): string {
  return (
    `Answer with one JSON object only (no prose, no code fences) named "${schemaName}" ` +
    `that matches this JSON Schema:\n${JSON.stringify(json)}`
  );
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Pulls the JSON object out of a model's text (fences and <think> blocks tolerated) and validates it. */
export function parseStructured<T>(text: string, schema: z.ZodType<T>): Checked<T> {
  const cleaned = text.replace(/<think>[\s\S]*?<\/think>/g, "").trim();
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(cleaned);
  let body = fenced ? fenced[1].trim() : cleaned;
  if (!body.startsWith("{")) {
    const start = body.indexOf("{");
    const end = body.lastIndexOf("}");
    if (start >= 0 && end > start) body = body.slice(start, end + 1);
  }
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (e) {
    return { ok: false, problem: `the answer is not valid JSON (${(e as Error).message})` };
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.slice(0, 6).map((i) => `${i.path.join(".") || "(top)"}: ${i.message}`);
  return { ok: false, problem: `the answer does not match the schema: ${issues.join("; ")}` };
}

export function reaskMessages(answer: string, problem: string): ChatMessage[] {
  return [
    { role: "assistant", content: answer.slice(0, 4000) },
    {
      role: "user",
      content: `Your previous answer was rejected: ${problem}. Reply again with only a JSON object that fixes this.`,
    },
  ];
}

/** One provider request, after the client's own transport retries. */
export interface ProviderReply {
  text: string;
  usage: Usage;
  /** HTTP requests this reply took */
  requests: number;
  /** of those, the ones that got no HTTP response (reset connection, timeout) and were sent again */
  unanswered?: number;
  raw: unknown;
}

/**
 * A provider request that failed for good (retries spent, or an error not worth retrying),
 * described and classified by request-failure.ts.
 */
export class ProviderRequestError extends Error {
  readonly infrastructure: boolean;
  readonly status?: number;
  readonly url?: string;
  constructor(
    message: string,
    readonly requests: number,
    failure: Partial<FailureInfo> = {},
    /** of the requests, the ones that got no HTTP response */
    readonly unanswered = 0,
  ) {
    super(message);
    this.name = "ProviderRequestError";
    this.infrastructure = failure.infrastructure ?? false;
    if (failure.status !== undefined) this.status = failure.status;
    if (failure.url !== undefined) this.url = failure.url;
  }
}

/**
 * The schema loop: send, validate, and re-ask at most `schemaRetries` times. Transport errors
 * are not retried here: each provider has exactly one transport retry policy below this.
 */
export async function generateStructured<T>(
  request: GenerateRequest<T>,
  schemaRetries: number,
  send: (messages: ChatMessage[]) => Promise<ProviderReply>,
): Promise<GenerateResult<T>> {
  const started = performance.now();
  let messages = request.messages;
  let usage: Usage = {};
  let attempts = 0;
  let unanswered = 0;
  let lastProblem = "";
  const answers: { text: string; problem?: string }[] = [];
  for (let round = 0; round <= schemaRetries; round++) {
    let reply: ProviderReply;
    try {
      reply = await send(messages);
    } catch (e) {
      const failed = e instanceof ProviderRequestError ? e : undefined;
      throw withAnswers(
        new ChatModelError(
          `request failed: ${(e as Error).message}`,
          "transport",
          usage,
          performance.now() - started,
          attempts + (failed?.requests ?? 1),
          failed ? { infrastructure: failed.infrastructure, status: failed.status, url: failed.url } : {},
          round,
        ),
        answers,
        unanswered + (failed ? failed.unanswered : 1),
      );
    }
    attempts += reply.requests;
    unanswered += reply.unanswered ?? 0;
    usage = addUsage(usage, reply.usage);
    const checked = parseStructured(reply.text, request.schema);
    answers.push(checked.ok ? { text: reply.text } : { text: reply.text, problem: checked.problem });
    if (checked.ok) {
      return {
        value: checked.value,
        usage,
        latencyMs: performance.now() - started,
        attempts,
        ...(unanswered > 0 ? { unanswered } : {}),
        reasks: round,
        raw: reply.raw,
        answers,
      };
    }
    lastProblem = checked.problem;
    messages = [...messages, ...reaskMessages(reply.text, checked.problem)];
  }
  throw withAnswers(
    new ChatModelError(
      `output never matched schema "${request.schemaName}" after ${schemaRetries + 1} answers: ${lastProblem}`,
      "schema",
      usage,
      performance.now() - started,
      attempts,
      {},
      schemaRetries,
    ),
    answers,
    unanswered,
  );
}

function withAnswers(e: ChatModelError, answers: ChatModelError["answers"], unanswered: number): ChatModelError {
  e.answers = answers;
  e.unanswered = unanswered;
  return e;
}
