/** Call accounting: every model call becomes a CallRecord; an Accountant sums them per episode. */
import type { Usage } from "./chat-model.ts";
import type { Prices } from "./config.ts";
import type { CallRecord } from "./policy.ts";

/** Estimated USD cost; unknown when a token count is unknown and that side has a price. */
export function estimateCost(prices: Prices, usage: Usage): number | undefined {
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
  error?: string;
}

export function callRecord(facts: CallFacts, prices: Prices): CallRecord {
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
  if (facts.error !== undefined) record.error = facts.error;
  return record;
}

export interface UsageSummary {
  calls: number;
  /** HTTP requests, retries and re-asks included */
  attempts: number;
  failures: number;
  /** sums of the known counts; callsWithoutUsage says how many calls reported none */
  inputTokens: number;
  outputTokens: number;
  callsWithoutUsage: number;
  latencyMs: number;
  /** undefined when some call's cost could not be estimated */
  costUsd: number | undefined;
  byTask: Record<string, { calls: number; inputTokens: number; outputTokens: number }>;
}

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
    s.inputTokens += r.inputTokens ?? 0;
    s.outputTokens += r.outputTokens ?? 0;
    s.latencyMs += r.latencyMs;
    s.costUsd = s.costUsd === undefined || r.costUsd === undefined ? undefined : s.costUsd + r.costUsd;
    s.byTask[r.task] ??= { calls: 0, inputTokens: 0, outputTokens: 0 };
    const t = s.byTask[r.task];
    t.calls++;
    t.inputTokens += r.inputTokens ?? 0;
    t.outputTokens += r.outputTokens ?? 0;
  }
  return s;
}
