/** Sums the backbone calls of one episode: the figure reported next to SR and SPL. */
import type { CallRecord } from "../mllm/policy.ts";
import type { CallSummary } from "./events.ts";

export class CallLedger {
  readonly records: CallRecord[] = [];

  add(calls: readonly CallRecord[]): void {
    this.records.push(...calls);
  }

  summary(): CallSummary {
    return summarizeCalls(this.records);
  }
}

export function summarizeCalls(records: readonly CallRecord[]): CallSummary {
  const s: CallSummary = {
    calls: 0,
    inputTokens: 0,
    outputTokens: 0,
    callsWithoutUsage: 0,
    costUsd: 0,
    latencyMs: 0,
  };
  for (const r of records) {
    s.calls++;
    if (r.inputTokens === undefined && r.outputTokens === undefined) s.callsWithoutUsage++;
    s.inputTokens += r.inputTokens ?? 0;
    s.outputTokens += r.outputTokens ?? 0;
    s.costUsd += r.costUsd ?? 0;
    s.latencyMs += r.latencyMs;
  }
  return s;
}
