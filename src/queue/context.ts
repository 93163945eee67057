/**
 * A worker's view of one run: the run's choices (from its published spec) over the worker's own
 * config, planned and wired exactly as `polar eval` would. The worker recomputes the run hash
 * from what it has (its dataset file, its embedder, its version, its settings) and refuses the
 * run when that differs from the coordinator's, naming what differs.
 */
import { hostname } from "node:os";
import { join } from "node:path";
import { buildPlan, createMemoryFactory, createRuntime } from "../compose/index.ts";
import type { PolarConfig } from "../config/index.ts";
import {
  configHash,
  describeDifference,
  type EvalPlan,
  type EvalRuntime,
  episodeSettings,
  type Job,
  planJobs,
  runConfigOf,
  runHash,
  slug,
} from "../eval/index.ts";
import { storeKind } from "../memory/index.ts";
import type { RunSpec } from "./spec.ts";

export interface RunContext {
  spec: RunSpec;
  plan: EvalPlan;
  runtime: EvalRuntime;
  byKey: Map<string, Job>;
  episodeHash: string;
  memoryDir(backbone: string): string;
  close(): Promise<void>;
}

/** The worker's config for this run: its own, with the run's eval choices and its bridges. */
export function configForSpec(local: PolarConfig, spec: RunSpec, simUrls: string[]): PolarConfig {
  const e = spec.eval;
  return {
    ...local,
    simulator: simUrls.length ? { ...local.simulator, urls: simUrls } : local.simulator,
    eval: {
      ...local.eval,
      dataset: e.dataset,
      out: e.out,
      backbones: e.backbones,
      memoryModes: e.memoryModes,
      scenarios: e.scenarios,
      representations: e.representations,
      seed: e.seed,
      recallK: e.recallK,
    },
  };
}

export class RunRefused extends Error {}

/** Opens the run, or throws RunRefused saying why this worker must not run its jobs. */
export async function openRunContext(
  local: PolarConfig,
  spec: RunSpec,
  opts: { simUrls?: string[]; onNotice?: (m: string) => void } = {},
): Promise<RunContext> {
  const config = configForSpec(local, spec, opts.simUrls ?? []);
  const store = storeKind(config.memory.store);
  if (store.local && spec.host !== hostname())
    throw new RunRefused(
      `the run's memory is ${store.describe(config.memory)}, kept on ${spec.host}; this worker runs on ${hostname()}. ` +
        "Workers on other machines need a shared store such as Neo4j (-c configs/neo4j.yaml for the run and every worker)",
    );
  let built: Awaited<ReturnType<typeof buildPlan>>;
  try {
    built = await buildPlan(config);
  } catch (e) {
    throw new RunRefused(`cannot plan the run here: ${(e as Error).message}`);
  }
  const { plan, backbones } = built;
  const memory = await createMemoryFactory(config, opts.onNotice);
  const runtime = createRuntime(config, plan.set, backbones, memory);
  const episodeHash = configHash(config, plan.datasetHash);
  const mine = runConfigOf(plan, episodeHash, runtime.embedder);
  if (runHash(mine) !== spec.runHash) {
    await runtime.close();
    const settings = spec.episodeSettings
      ? { mine: JSON.parse(JSON.stringify(episodeSettings(config, plan.datasetHash))), theirs: spec.episodeSettings }
      : undefined;
    throw new RunRefused(`its config differs from this worker's: ${describeDifference(mine, spec.config, settings)}`);
  }
  return {
    spec,
    plan,
    runtime,
    byKey: new Map(planJobs(plan).map((j) => [j.key, j])),
    episodeHash,
    memoryDir: (backbone) => join(plan.outDir, "memory", slug(backbone)),
    close: () => runtime.close(),
  };
}
