/**
 * What a model call said and heard, for a researcher debugging a backbone (the dashboard's call
 * inspector): the request's messages as text, its images by a short hash of their bytes (never
 * the bytes: the page finds the stored view with the same hash), every answer in order with why
 * a rejected one was re-asked, and the value that passed the schema. Kept within
 * EXCHANGE_BUDGET characters a call; what was cut is counted, never silently dropped.
 */
import { createHash } from "node:crypto";
import type { ChatMessage } from "./chat-model.ts";

/** characters of text one call's exchange keeps, request and answers together */
export const EXCHANGE_BUDGET = 24_000;
/** at most this much of one message or one answer */
const PART_BUDGET = 8_000;

export interface ExchangeImage {
  /** the first 16 hex digits of the bytes' SHA-1 */
  hash: string;
  mediaType: string;
  bytes: number;
}

export interface CallExchange {
  schemaName: string;
  /** the request's messages; an image part reads [image N], N its index in `images` */
  messages: { role: string; text: string }[];
  images: ExchangeImage[];
  /** the model's answers in order: each rejected one with the problem it was re-asked for */
  answers: { text: string; problem?: string }[];
  /** the value that passed the schema (absent when none did) */
  parsed?: unknown;
  /** characters left out to stay within EXCHANGE_BUDGET */
  cut: number;
}

export const imageHash = (data: Uint8Array): string => createHash("sha1").update(data).digest("hex").slice(0, 16);

/**
 * The bytes of the images an exchange names, by hash: held beside the exchange, never in it, so
 * no serialisation of a call (its event, a rule log) can carry them; the episode stores the ones
 * that are not views of the run (the user's photo, the candidates' photos) in the run folder.
 */
const sentBytes = new WeakMap<CallExchange, Map<string, { data: Buffer; mediaType: string }>>();

/** The bytes an exchange's images were, by hash (empty for an exchange not made here). */
export function exchangeImageBytes(x: CallExchange): ReadonlyMap<string, { data: Buffer; mediaType: string }> {
  return sentBytes.get(x) ?? new Map();
}

/** The exchange of one call, its text cut to the budget. */
export function describeExchange(
  schemaName: string,
  messages: readonly ChatMessage[],
  answers: readonly { text: string; problem?: string }[],
  parsed?: unknown,
): CallExchange {
  let left = EXCHANGE_BUDGET;
  let cut = 0;
  const take = (text: string): string => {
    const n = Math.min(text.length, PART_BUDGET, left);
    left -= n;
    cut += text.length - n;
    return n < text.length ? `${text.slice(0, n)}… [${text.length - n} characters cut]` : text;
  };
  const images: ExchangeImage[] = [];
  const bytes = new Map<string, { data: Buffer; mediaType: string }>();
  // answers first in the budget: a long prompt must not hide what the model said
  const said = answers.map((a) => ({ ...a, text: take(a.text) }));
  const sent = messages.map((m) => {
    const parts =
      typeof m.content === "string"
        ? [m.content]
        : m.content.map((p) => {
            if (p.type === "text") return p.text;
            const hash = imageHash(p.data);
            images.push({ hash, mediaType: p.mediaType, bytes: p.data.length });
            bytes.set(hash, { data: p.data, mediaType: p.mediaType });
            return `[image ${images.length - 1}]`;
          });
    return { role: m.role, text: take(parts.join("\n")) };
  });
  // the parsed value repeats what an answer said: its strings come out of the same budget
  const within = (v: unknown): unknown => {
    if (typeof v === "string") return take(v);
    if (Array.isArray(v)) return v.map(within);
    if (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, within(x)]));
    return v;
  };
  const kept = parsed === undefined ? undefined : within(parsed);
  const out: CallExchange = {
    schemaName,
    messages: sent,
    images,
    answers: said,
    ...(kept !== undefined ? { parsed: kept } : {}),
    cut,
  };
  if (bytes.size) sentBytes.set(out, bytes);
  return out;
}
