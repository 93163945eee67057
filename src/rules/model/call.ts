/**
 * One model call of the rule layer: messages and a zod schema to the backbone's chat model
 * (re-asks on a malformed answer are the chat model's, generateStructured), accounted as a
 * CallRecord. A malformed answer that survives the re-asks is returned as a problem for the
 * caller to turn into its own "could not tell" (unclear, unknown, upheld); a service that could
 * not be reached is thrown as a BackboneError, never mistaken for the model's answer.
 */
import type { z } from "zod";
import type { Prices } from "../../mllm/index.ts";
import {
  BackboneError,
  type CallRecord,
  type ChatMessage,
  type ChatModel,
  ChatModelError,
  callRecord,
  describeExchange,
} from "../../mllm/index.ts";

export interface RuleModelOptions {
  /** the backbone's name, as CallRecords carry it */
  backbone: string;
  /** for the cost estimate (none: unknown cost) */
  prices?: Prices;
  temperature?: number;
  maxOutputTokens?: number;
}

export type Asked<T> = { ok: true; value: T; record: CallRecord } | { ok: false; problem: string; record: CallRecord };

const NO_PRICES: Prices = { inputPerMTok: 0, outputPerMTok: 0 };

export async function ask<T>(
  chat: ChatModel,
  opts: RuleModelOptions,
  messages: ChatMessage[],
  schema: z.ZodType<T>,
  schemaName: string,
): Promise<Asked<T>> {
  const base = { task: "rules" as const, backbone: opts.backbone, model: chat.modelId };
  // a zero price would claim the call was free: without prices the cost stays unknown
  const prices = opts.prices ?? NO_PRICES;
  const priced = (r: CallRecord) => {
    if (!opts.prices) delete r.costUsd;
    return r;
  };
  try {
    const r = await chat.generate({
      messages,
      schema,
      schemaName,
      ...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
      ...(opts.maxOutputTokens !== undefined ? { maxOutputTokens: opts.maxOutputTokens } : {}),
    });
    const record = priced(
      callRecord(
        {
          ...base,
          usage: r.usage,
          latencyMs: r.latencyMs,
          attempts: r.attempts,
          unanswered: r.unanswered,
          exchange: describeExchange(schemaName, messages, r.answers ?? [], r.value),
        },
        prices,
      ),
    );
    return { ok: true, value: r.value, record };
  } catch (e) {
    if (!(e instanceof ChatModelError)) throw e;
    const record = priced(
      callRecord(
        {
          ...base,
          usage: e.usage,
          latencyMs: e.latencyMs,
          attempts: e.attempts,
          unanswered: e.unanswered,
          error: e.message,
          exchange: describeExchange(schemaName, messages, e.answers),
        },
        prices,
      ),
    );
    if (e.kind === "transport")
      throw new BackboneError(`${opts.backbone} rules (${schemaName}): ${e.message}`, [record], {
        infrastructure: e.infrastructure,
        status: e.status,
        url: e.url,
      });
    return { ok: false, problem: e.message, record };
  }
}

export const system = (content: string): ChatMessage => ({ role: "system", content });
export const user = (content: string): ChatMessage => ({ role: "user", content });
