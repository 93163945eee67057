/**
 * A run's identity: everything that decides which episode units exist and what each one does,
 * reduced to one hash. It is written to OUT/run.json and onto every result line (`runHash`), so
 * shards can be merged and queue workers can refuse jobs of a run they would run differently.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { Shard } from "./shard.ts";

export const RUN_FILE = "run.json";

export const RunConfig = z.strictObject({
  /** content hash of the scenario-set file */
  dataset: z.string().min(1),
  /** the episode-level settings hash (simulator, memory, agent, seed…): results.ts's configHash */
  episodeConfig: z.string().min(1),
  backbones: z.array(z.strictObject({ name: z.string(), type: z.string(), model: z.string().nullable() })),
  memoryModes: z.array(z.string()),
  representations: z.array(z.string()),
  scenarios: z.array(z.string()),
  /** the correction-rule setting of the run, when the config has one; null otherwise */
  rules: z.string().nullable(),
  /** the embedder the run resolved to (not the configured `auto`: two machines may resolve it differently) */
  embedder: z.string().min(1),
  seed: z.number().int(),
  /** package.json's version */
  version: z.string().min(1),
});
export type RunConfig = z.infer<typeof RunConfig>;

export const RunFile = z.strictObject({
  runHash: z.string().min(1),
  config: RunConfig,
  /** the shard this folder holds, when it was run with --shard */
  shard: z.strictObject({ index: z.number().int().min(0), count: z.number().int().positive() }).nullable(),
  /** every episode unit of the whole run (all shards): result keys, in plan order */
  units: z.array(z.string()),
});
export type RunFile = z.infer<typeof RunFile>;

let cachedVersion: string | null = null;
export function projectVersion(): string {
  cachedVersion ??= (
    JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
  ).version;
  return cachedVersion;
}

/** What a run config is built from: the plan's choices and the runtime's resolved embedder. */
export function runConfigOf(
  plan: {
    datasetHash: string;
    backbones: { name: string; type: string; model: string | null }[];
    memoryModes: string[];
    representations: string[];
    scenarios: string[];
    config: { eval: { seed: number } };
  },
  episodeConfig: string,
  embedder: string,
): RunConfig {
  return {
    dataset: plan.datasetHash,
    episodeConfig,
    backbones: plan.backbones.map((b) => ({ name: b.name, type: b.type, model: b.model })),
    memoryModes: [...plan.memoryModes],
    representations: [...plan.representations],
    scenarios: [...plan.scenarios],
    rules: rulesSetting(plan.config),
    embedder,
    seed: plan.config.eval.seed,
    version: projectVersion(),
  };
}

export function runHash(c: RunConfig): string {
  return createHash("sha256")
    .update(JSON.stringify(RunConfig.parse(c)))
    .digest("hex")
    .slice(0, 16);
}

/** The rules part of a config, if the config has one (a stable JSON of it). */
export function rulesSetting(config: object): string | null {
  const rules = (config as { rules?: unknown }).rules;
  return rules === undefined ? null : JSON.stringify(rules);
}

/**
 * Names the settings that differ between two run configs, for a refusal that says why. The
 * episode settings are one hash in the run config: given the trees behind both hashes, the
 * leaves that differ are named instead (simulator.maxSteps: run has 60, this worker 80).
 */
export function describeDifference(
  mine: RunConfig,
  theirs: RunConfig,
  settings?: { mine: unknown; theirs: unknown },
): string {
  const keys = Object.keys(mine) as (keyof RunConfig)[];
  const diff = keys.filter((k) => JSON.stringify(mine[k]) !== JSON.stringify(theirs[k]));
  return diff
    .flatMap((k) => {
      const leaves = k === "episodeConfig" && settings ? differingLeaves(settings.theirs, settings.mine) : [];
      if (leaves.length)
        return leaves.map(([path, t, m]) => `${path}: run has ${JSON.stringify(t)}, this worker ${JSON.stringify(m)}`);
      return [`${k}: run has ${JSON.stringify(theirs[k])}, this worker ${JSON.stringify(mine[k])}`];
    })
    .join("; ");
}

/** [path, a's value, b's value] for every leaf where two JSON trees differ. */
function differingLeaves(a: unknown, b: unknown, path = ""): [string, unknown, unknown][] {
  const tree = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!tree(a) || !tree(b)) return JSON.stringify(a) === JSON.stringify(b) ? [] : [[path || "(all)", a, b]];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys.flatMap((k) => differingLeaves(a[k], b[k], path ? `${path}.${k}` : k));
}

export function writeRunFile(outDir: string, config: RunConfig, units: string[], shard: Shard | null): RunFile {
  const file: RunFile = { runHash: runHash(config), config, shard, units };
  writeFileSync(join(outDir, RUN_FILE), `${JSON.stringify(file, null, 1)}\n`);
  return file;
}

export function readRunFile(dir: string): RunFile | null {
  const path = join(dir, RUN_FILE);
  if (!existsSync(path)) return null;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new Error(`${path}: not JSON (${(e as Error).message})`);
  }
  const parsed = RunFile.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`${path}: ${first.path.join(".") || "(file)"}: ${first.message}`);
  }
  return parsed.data;
}
