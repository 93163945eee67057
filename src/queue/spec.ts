/**
 * What the coordinator publishes about a run, for workers to join it: the run's hash and the
 * settings behind it, the evaluation choices (dataset, backbones, modes…), the output folder that
 * holds the memory, and the coordinator's host (a SQLite memory is a file on that host).
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { RunConfig } from "../eval/index.ts";
import { RateLimit } from "./rate-limit.ts";

export const RunSpec = z.strictObject({
  runHash: z.string().min(1),
  runId: z.string().min(1),
  config: RunConfig,
  /** the settings behind config.episodeConfig (runner.ts episodeSettings), so a refusal can name the one that differs */
  episodeSettings: z.record(z.string(), z.unknown()).optional(),
  /** the eval section a worker adopts: what to run, not how (the worker's own config says how) */
  eval: z.strictObject({
    dataset: z.string().min(1),
    out: z.string().min(1),
    backbones: z.array(z.string()),
    memoryModes: z.array(z.enum(["none", "raw", "polar"])),
    scenarios: z.array(z.string()),
    representations: z.array(z.enum(["instruction", "raw_trajectory", "summary", "episodic"])),
    seed: z.number().int(),
    recallK: z.number().int().positive(),
  }),
  store: z.string().min(1),
  host: z.string().min(1),
  /** BullMQ's lock: a worker silent this long (killed, frozen) loses its job to another */
  lockMs: z.number().int().positive(),
  /** per backbone name: limits every worker of the run shares (not part of the run hash: they change no result) */
  rateLimits: z.record(z.string(), RateLimit).default({}),
});
export type RunSpec = z.infer<typeof RunSpec>;

export type JobData =
  /** a user's whole acquisition stage for one backbone, on one worker: rerun from scratch after a crash */
  | { kind: "acquire"; backbone: string; user: string }
  /** runs once the user's acquisition is memorized: makes that user's evaluation jobs available */
  | { kind: "gate"; backbone: string; user: string }
  | { kind: "episode"; key: string };

/** BullMQ job ids: stable per unit, so adding a job twice (a resumed coordinator, a retried gate) adds it once. */
export function jobId(kind: string, ...parts: string[]): string {
  return `${kind}-${createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 20)}`;
}

export function parseSpec(text: string | null, runHash: string): RunSpec | null {
  if (text === null) return null;
  const parsed = RunSpec.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(
      `run ${runHash}: its published spec is not one this version reads (${parsed.error.issues[0]?.message})`,
    );
  return parsed.data;
}
