/** Call accounting: every model call becomes a CallRecord; summarizeCalls sums them per episode, next to SR and SPL. */
import type { Usage } from "./chat-model.ts";
import type { Prices } from "./config.ts";
import type { CallExchange } from "./exchange.ts";
import type { CallRecord } from "./policy.ts";

/** Estimated USD cost; unknown without prices, or when a token count is unknown and that side has a price. */
export function estimateCost(prices: Prices | undefined, usage: Usage): number | undefined {
  if (!prices) return undefined;
  const side = (tokens: number | undefined, perMTok: number) =>
    perMTok === 0 ? 0 : tokens === undefined ? undefined : (tokens * perMTok) / 1e6;
  const input = side(usage.inputTokens, prices.inputPerMTok);
  const output = side(usage.outputTokens, prices.outputPerMTok);
  return input === undefined || output === undefined ? undefined : input + output;
}

export interface CallFacts {
  task: CallRecord["task"];
  backbone: string;
  model: string;
  usage: Usage;
  latencyMs: number;
  attempts: number;
  unanswered?: number;
  images?: number;
  reasks?: number;
  error?: string;
  exchange?: CallExchange;
}

export function callRecord(facts: CallFacts, prices: Prices | undefined): CallRecord {
  const record: CallRecord = {
    task: facts.task,
    backbone: facts.backbone,
    model: facts.model,
    latencyMs: Math.round(facts.latencyMs),
    attempts: facts.attempts,
  };
  if (facts.usage.inputTokens !== undefined) record.inputTokens = facts.usage.inputTokens;
  if (facts.usage.outputTokens !== undefined) record.outputTokens = facts.usage.outputTokens;
  const cost = estimateCost(prices, facts.usage);
  if (cost !== undefined) record.costUsd = cost;
  if (facts.images !== undefined) record.images = facts.images;
  if (facts.reasks !== undefined) record.reasks = facts.reasks;
  if (facts.unanswered) record.unanswered = facts.unanswered;
  if (facts.error !== undefined) record.error = facts.error;
  if (facts.exchange !== undefined) record.exchange = facts.exchange;
  return record;
}

/** Sums over calls. A token count or cost is null when some call did not report it: unknown, never counted as 0. */
export interface UsageSummary {
  calls: number;
  /** HTTP requests, retries and re-asks included */
  attempts: number;
  failures: number;
  inputTokens: number | null;
  outputTokens: number | null;
  /** calls that reported no token count at all */
  callsWithoutUsage: number;
  latencyMs: number;
  costUsd: number | null;
  byTask: Record<string, { calls: number; inputTokens: number | null; outputTokens: number | null }>;
}

/** Collects the calls of an episode (or a run) and sums them. */
export class Accountant {
  private readonly records: CallRecord[] = [];

  add(calls: readonly CallRecord[]): void {
    this.records.push(...calls);
  }

  get calls(): readonly CallRecord[] {
    return this.records;
  }

  summary(): UsageSummary {
    return summarizeCalls(this.records);
  }
}

/** A known sum plus a count; unknown as soon as one count is. */
const plus = (sum: number | null, n: number | undefined) => (sum === null || n === undefined ? null : sum + n);

export function summarizeCalls(records: readonly CallRecord[]): UsageSummary {
  const s: UsageSummary = {
    calls: 0,
    attempts: 0,
    failures: 0,
    inputTokens: 0,
    outputTokens: 0,
    callsWithoutUsage: 0,
    latencyMs: 0,
    costUsd: 0,
    byTask: {},
  };
  for (const r of records) {
    s.calls++;
    s.attempts += r.attempts;
    if (r.error !== undefined) s.failures++;
    if (r.inputTokens === undefined && r.outputTokens === undefined) s.callsWithoutUsage++;
    s.inputTokens = plus(s.inputTokens, r.inputTokens);
    s.outputTokens = plus(s.outputTokens, r.outputTokens);
    s.latencyMs += r.latencyMs;
    s.costUsd = plus(s.costUsd, r.costUsd);
    s.byTask[r.task] ??= { calls: 0, inputTokens: 0, outputTokens: 0 };
    const t = s.byTask[r.task];
    t.calls++;
    t.inputTokens = plus(t.inputTokens, r.inputTokens);
    t.outputTokens = plus(t.outputTokens, r.outputTokens);
  }
  return s;
}
