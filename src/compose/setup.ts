/**
 * Turns what the user asked for (config + flags) into a checked plan: the dataset loaded and
 * cross-checked, the scenarios and memory modes known, every backbone resolved and its key
 * present — all before the first episode.
 */
import { resolve } from "node:path";
import type { PolarConfig } from "../config/index.ts";
import type { ScenarioSet } from "../datasets/index.ts";
import { loadScenarioSet, scenarioSetFile } from "../datasets/index.ts";
import {
  type EvalPlan,
  hashFile,
  MeasureSet,
  type MemoryModeName,
  RECORD_MEASURES,
  type Representation,
} from "../eval/index.ts";
import type { SimulatorConfig } from "../sim/index.ts";
import { prepareBackbones } from "./wiring.ts";

export class PlanError extends Error {}

/**
 * A set with Habitat scenes cannot run on the in-process embedded simulator: say so, naming
 * the scene, before any episode. A queue coordinator, which runs none, skips this check
 * (`runsEpisodes: false`); its workers make it with their own --sim-url.
 */
export function checkSimulatorFor(set: ScenarioSet, simulator: SimulatorConfig): void {
  if (simulator.type !== "embedded" || simulator.url || simulator.urls?.length) return;
  const habitat = set.scenes.find((s) => s.simulator === "habitat");
  if (habitat)
    throw new PlanError(
      `scene ${habitat.id} of ${set.name} runs on the Habitat bridge, but the simulator is the embedded one: ` +
        "pass --sim-url ws://<habitat bridge> (start one as sim-bridge/habitat/README.md says)",
    );
}

/** eval.measures names registered measures, each after those it reads: said before any episode. */
function checkMeasures(measures: readonly string[]): void {
  try {
    new MeasureSet(measures).require(RECORD_MEASURES);
  } catch (e) {
    throw new PlanError(
      `eval.measures: ${(e as Error).message} (a plug-in's measure is known once its module is listed under plugins:)`,
    );
  }
}

export async function buildPlan(
  config: PolarConfig,
  env: NodeJS.ProcessEnv = process.env,
  /**
   * runsEpisodes false: a queue coordinator, which runs none. measuresKnown false: an episode
   * thread, which reports the names it knows instead (the main thread falls back to itself
   * when a measure was registered in code, not through plugins:). set: the set the main thread
   * loaded and checked (an episode thread's plan reads it instead of parsing and decoding the
   * dataset again, and so plans from the very set the main thread planned from)
   */
  opts: { runsEpisodes?: boolean; measuresKnown?: boolean; set?: ScenarioSet } = {},
): Promise<{ plan: EvalPlan; backbones: ReturnType<typeof prepareBackbones> }> {
  const e = config.eval;
  const datasetPath = e.dataset;
  const set = opts.set ?? (await loadScenarioSet(datasetPath));
  if (opts.runsEpisodes !== false) checkSimulatorFor(set, config.simulator);
  const present = [...new Set(set.evaluation.map((x) => x.scenario))];
  const unknown = e.scenarios.filter((s) => !present.includes(s as never));
  if (unknown.length)
    throw new PlanError(
      `unknown scenario(s) ${unknown.join(", ")}: ${set.name} holds ${present.join(", ") || "no evaluation episodes"}`,
    );
  const scenarios = e.scenarios.length ? e.scenarios : present;
  const backbones = prepareBackbones(e.backbones, config.backbone, env);
  const modes = [...new Set(e.memoryModes)] as MemoryModeName[];
  const representations = [...new Set(e.representations)] as Representation[];
  if (representations.length > 1 && !modes.includes("polar"))
    throw new PlanError("--representations varies Polar's memory: include polar in --memory");
  if (opts.measuresKnown !== false) checkMeasures(e.measures);
  const plan: EvalPlan = {
    config,
    set,
    datasetPath,
    datasetHash: hashFile(await scenarioSetFile(datasetPath)),
    backbones: backbones.map((b) => ({ name: b.name, type: b.type, model: b.model ?? null })),
    memoryModes: modes,
    scenarios,
    representations,
    concurrency: e.concurrency,
    outDir: resolve(e.out),
  };
  return { plan, backbones };
}
