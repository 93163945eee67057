/**
 * Per-backbone rate limits that hold across every worker of a run: a token bucket in Redis per
 * backbone (requests per minute, and tokens per minute when given), taken before each request
 * to the provider. A 429 from the provider pauses that backbone for the whole run (its
 * retry-after up to a minute, or 2 s) and halves its rate for a minute, so one worker's 429
 * slows them all.
 *
 * The limiter sits at the worker process's fetch, which every provider's request passes (the
 * OpenAI client's and Gemini's retrying fetch both call the global fetch at request time): no
 * provider needs to know about the queue. A request is matched to a backbone by its model id.
 */
import type { Redis } from "ioredis";
import { z } from "zod";
import { retryAfterMs } from "../mllm/index.ts";

export const RateLimit = z.strictObject({
  requestsPerMinute: z.number().positive(),
  tokensPerMinute: z.number().positive().nullable(),
});
export type RateLimit = z.infer<typeof RateLimit>;

export class RateLimitSpecError extends Error {}

/** "NAME=RPM[:TPM],…", e.g. "gpt-4o-mini=500:200000,gemini-2.5-flash=1000". */
export function parseRateLimits(spec: string): Record<string, RateLimit> {
  const out: Record<string, RateLimit> = {};
  for (const part of spec
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([^=]+)=(\d+(?:\.\d+)?)(?::(\d+(?:\.\d+)?))?$/.exec(part);
    if (!m || Number(m[2]) <= 0 || (m[3] !== undefined && Number(m[3]) <= 0))
      throw new RateLimitSpecError(
        `--rate-limit expects NAME=REQUESTS_PER_MINUTE[:TOKENS_PER_MINUTE], comma-separated, got "${part}"`,
      );
    out[m[1].trim()] = { requestsPerMinute: Number(m[2]), tokensPerMinute: m[3] ? Number(m[3]) : null };
  }
  return out;
}

// Time comes from Redis (TIME), so workers' clocks never disagree about the bucket.
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local pause = tonumber(redis.call('GET', KEYS[2]) or '0')
if pause > now then return pause - now end
local factor = tonumber(redis.call('GET', KEYS[3]) or '1')
local rpm = tonumber(ARGV[1]) * factor
local tpm = tonumber(ARGV[2]) * factor
local cap = math.max(1, math.ceil(rpm / 60))
local tcap = math.max(1, tpm / 6)
local b = redis.call('HMGET', KEYS[1], 'req', 'tok', 'ts')
local req = tonumber(b[1] or cap)
local tok = tonumber(b[2] or tcap)
local ts = tonumber(b[3] or now)
local dt = math.max(0, now - ts)
req = math.min(cap, req + dt * rpm / 60000)
if tpm > 0 then tok = math.min(tcap, tok + dt * tpm / 60000) end
if req < 1 then return math.ceil((1 - req) * 60000 / rpm) end
if tpm > 0 and tok <= 0 then return math.ceil((1 - tok) * 60000 / tpm) end
redis.call('HSET', KEYS[1], 'req', req - 1, 'tok', tok, 'ts', now)
redis.call('PEXPIRE', KEYS[1], 300000)
return 0
`;

const SLOW_DOWN = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('SET', KEYS[1], now + tonumber(ARGV[1]), 'PX', tonumber(ARGV[1]))
local factor = tonumber(redis.call('GET', KEYS[2]) or '1')
redis.call('SET', KEYS[2], math.max(0.1, factor / 2), 'PX', 60000)
redis.call('INCR', KEYS[3])
return 0
`;

export interface LimitedBackbone {
  name: string;
  model: string | null;
  limit: RateLimit;
}

const keys = (runHash: string, backbone: string) => {
  const base = `polar:run:${runHash}:rate:${backbone}`;
  return { bucket: base, pause: `${base}:pause`, factor: `${base}:factor`, throttled: `${base}:429` };
};

/** How many 429s the run's workers met on this backbone. */
export async function throttledCount(redis: Redis, runHash: string, backbone: string): Promise<number> {
  return Number((await redis.get(keys(runHash, backbone).throttled)) ?? 0);
}

function modelOf(input: Parameters<typeof fetch>[0], init?: RequestInit): string | null {
  const url = input instanceof Request ? input.url : String(input);
  const gemini = /\/models\/([^:/?]+):/.exec(url);
  if (gemini) return decodeURIComponent(gemini[1]);
  if (typeof init?.body === "string" && init.body.startsWith("{")) {
    try {
      const model = (JSON.parse(init.body) as { model?: unknown }).model;
      return typeof model === "string" ? model : null;
    } catch {
      return null;
    }
  }
  return null;
}

function tokensOf(json: unknown): number {
  const j = json as { usage?: { total_tokens?: number }; usageMetadata?: { totalTokenCount?: number } };
  return j?.usage?.total_tokens ?? j?.usageMetadata?.totalTokenCount ?? 0;
}

/**
 * The longest one 429 pauses a backbone for the whole run. A provider asking for a day would
 * otherwise stop every worker for a day; past this each request meets the provider's answer
 * itself, and its backbone's maxRetryAfterMs makes that a failure instead of a wait.
 */
export const MAX_PAUSE_MS = 60_000;
const DEFAULT_PAUSE_MS = 2_000;

/** How long a 429 pauses its backbone: its retry-after (bounded by MAX_PAUSE_MS), else 2 s. */
export function pauseAfter429(h: Headers): number {
  const asked = retryAfterMs(h);
  return asked !== undefined && asked > 0 ? Math.min(asked, MAX_PAUSE_MS) : DEFAULT_PAUSE_MS;
}

/**
 * Wraps the process's fetch with the run's limits; returns the function that puts it back.
 * Requests to models no limited backbone uses pass untouched.
 */
export function installRateLimits(redis: Redis, runHash: string, backbones: LimitedBackbone[]): () => void {
  const byModel = new Map(backbones.filter((b) => b.model).map((b) => [b.model as string, b]));
  if (byModel.size === 0) return () => undefined;
  const original = globalThis.fetch;
  const limited: typeof fetch = async (input, init) => {
    const model = modelOf(input, init);
    const b = model ? byModel.get(model) : undefined;
    if (!b) return original(input, init);
    const k = keys(runHash, b.name);
    for (;;) {
      const wait = Number(
        await redis.eval(
          ACQUIRE,
          3,
          k.bucket,
          k.pause,
          k.factor,
          b.limit.requestsPerMinute,
          b.limit.tokensPerMinute ?? 0,
        ),
      );
      if (wait <= 0) break;
      await new Promise((r) => setTimeout(r, Math.min(wait, 10_000)));
    }
    const res = await original(input, init);
    if (res.status === 429) await redis.eval(SLOW_DOWN, 3, k.pause, k.factor, k.throttled, pauseAfter429(res.headers));
    else if (b.limit.tokensPerMinute && res.ok) {
      const used = tokensOf(
        await res
          .clone()
          .json()
          .catch(() => null),
      );
      if (used > 0) await redis.hincrbyfloat(k.bucket, "tok", -used);
    }
    return res;
  };
  globalThis.fetch = limited;
  return () => {
    if (globalThis.fetch === limited) globalThis.fetch = original;
  };
}
