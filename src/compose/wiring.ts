/**
 * Builds the evaluation's runtime from the real parts: simulator sessions (in process, or one
 * per bridge URL), backbones by name, each backbone's memory under the output folder (the
 * graph store and the raw-interaction log), and the agent's episode loop.
 */
import { mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import type { MemoryAccess, PolarMemory } from "../agent/index.ts";
import { InteractionLog, loadReferenceImage } from "../agent/index.ts";
import type { PolarConfig } from "../config/index.ts";
import { resolveBackbone } from "../config/index.ts";
import type { EvaluationEpisode, ScenarioSet } from "../datasets/index.ts";
import type { BackboneConfig, Policy } from "../mllm/index.ts";
import { checkBackboneReady, checkBackboneType, createPolicy } from "../mllm/index.ts";
// the offline backbone registers itself (it sits above planning, so the backbone registry cannot import it)
import "../policies/index.ts";
import type { BackboneRuntime, EpisodeOutcome, EvalRuntime, Job, RecallOutcome } from "../eval/index.ts";
import { describeTrigger, runEpisode, withRepresentation } from "../eval/index.ts";
import { Neo4jConfig, storeKind } from "../memory/index.ts";
import { SceneGraphCache } from "../planning/index.ts";
import type { Simulator } from "../sim/index.ts";
import { settingsFromConfig } from "../sim/index.ts";
import { memoryConfigFor } from "./memory-folder.ts";
import { createSimulator } from "./simulators.ts";

/** One backbone's memory graph under its folder; the eval owns its lifetime. */
export interface PolarMemoryHandle {
  /** the graph as the agent reads and writes it, with recency measured from `now` (the episode's time) */
  forEpisode(now: number): PolarMemory;
  /** episode ids the graph holds for this user */
  episodes(userId: string): Promise<Set<string>>;
  clearUser(userId: string): Promise<void>;
  /** Figure 8: recall@k of these gold episodes for each retriever over the user's raw interactions */
  recall?(args: {
    userId: string;
    instruction: string;
    targetObjectId: string;
    before: number;
    k: number;
    log: InteractionLog;
  }): Promise<Omit<RecallOutcome, "k">>;
  close(): Promise<void>;
}

export interface MemoryFactory {
  /** "sqlite" / "neo4j" as the report names it */
  store: string;
  /** the embedder's name (BGE-M3 or "lexical fallback") */
  embedder: string;
  open(dir: string, backbone: string, policy: Pick<Policy, "memorize">): Promise<PolarMemoryHandle>;
  close(): Promise<void>;
}

/** Resolves every backbone and checks its key before anything runs. */
export function prepareBackbones(
  names: string[],
  fallback: BackboneConfig,
  env: NodeJS.ProcessEnv = process.env,
): BackboneConfig[] {
  const configs = names.length ? names.map((n) => resolveBackbone(n)) : [fallback];
  const seen = new Set<string>();
  for (const c of configs) {
    if (seen.has(c.name)) throw new Error(`backbone "${c.name}" is listed twice`);
    seen.add(c.name);
    checkBackboneType(c);
    checkBackboneReady(c, env);
  }
  return configs;
}

function describeSimulator(config: PolarConfig): string {
  const s = config.simulator;
  if (s.type === "embedded" && !s.url && !s.urls?.length) return "embedded (in-process)";
  return `bridge ${[...(s.urls ?? []), ...(s.url ? [s.url] : [])].join(", ")}`;
}

/**
 * What the agent was assumed to perceive, for every report: the simulator's semantic sensor
 * (categories and boxes; instance ids new every episode, so not an identity) and RGB views, and
 * how each backbone's low-level planner was asked.
 */
export function describePerception(config: PolarConfig, backbones: BackboneConfig[]): string {
  const asked = backbones.map((b) => {
    const trigger = createPolicy(b, { simulator: config.simulator }).lowLevelTrigger;
    const how =
      trigger === "sensor"
        ? "tells same-category instances apart by comparing their pixels with the user's photos"
        : "sees the front/left/right images and the user's photos";
    return `${b.name} ${how}; low-level planner asked ${describeTrigger({ lowLevelTrigger: trigger }, config.agent)}`;
  });
  return [
    `the simulator's semantic sensor (category and box of each instance in view; instance ids new every episode) and RGB views (front, left, right)`,
    ...asked,
  ].join(". ");
}

export function createRuntime(
  config: PolarConfig,
  set: ScenarioSet,
  backbones: BackboneConfig[],
  memory: MemoryFactory,
): EvalRuntime {
  const sceneGraphs = new SceneGraphCache();
  const settings = settingsFromConfig(config.simulator);
  const scenes = new Map(set.scenes.map((s) => [s.id, s]));
  return {
    simulator: describeSimulator(config),
    perception: describePerception(config, backbones),
    store: memory.store,
    embedder: memory.embedder,
    memoryNote: (dir, backbone) => sharedStoreNote(config, dir, backbone),
    async openSimulators(n) {
      const urls = config.simulator.urls?.length
        ? config.simulator.urls
        : config.simulator.url
          ? [config.simulator.url]
          : [];
      const sims: Simulator[] = [];
      try {
        for (let i = 0; i < n; i++)
          sims.push(await createSimulator(config.simulator, urls.length ? { url: urls[i % urls.length] } : {}));
      } catch (e) {
        await Promise.all(sims.map((s) => s.close().catch(() => undefined)));
        throw e;
      }
      return sims;
    },
    async openBackbone(name, dir) {
      const bc = backbones.find((b) => b.name === name);
      if (!bc) throw new Error(`backbone "${name}" was not prepared`);
      mkdirSync(dir, { recursive: true });
      const policy = createPolicy(bc, { simulator: config.simulator });
      const log = new InteractionLog(join(dir, "raw-interactions.jsonl"));
      const graph = await memory.open(dir, name, policy);
      return backboneRuntime({ config, bc, policy, log, graph, dir, sceneGraphs, settings, scenes, set });
    },
    async close() {
      await memory.close();
    },
  };
}

/** The per-stage part of an episode's usage, which older lines lack. */
function stageUsage({ images, retries, unanswered, reasks, stages }: EpisodeOutcome["usage"]) {
  return { images, retries, unanswered, reasks, stages };
}

function backboneRuntime(ctx: {
  config: PolarConfig;
  bc: BackboneConfig;
  policy: ReturnType<typeof createPolicy>;
  log: InteractionLog;
  graph: PolarMemoryHandle;
  dir: string;
  sceneGraphs: SceneGraphCache;
  settings: ReturnType<typeof settingsFromConfig>;
  scenes: Map<string, ScenarioSet["scenes"][number]>;
  set: ScenarioSet;
}): BackboneRuntime {
  const { config, log, graph } = ctx;
  const log_ = log;
  const runtime: BackboneRuntime = {
    name: ctx.bc.name,
    type: ctx.bc.type,
    model: ctx.bc.model ?? null,
    async memorizedEpisodes(userId) {
      const inGraph = await graph.episodes(userId);
      const inLog = new Set(log_.list(userId).map((x) => x.episodeId));
      // Either half alone counts: a disagreement between them is itself a reason to rebuild.
      return new Set([...inGraph, ...inLog]);
    },
    async forgetUser(userId) {
      await graph.clearUser(userId);
      log_.forget(userId);
    },
    async record(episode, sim, opts = {}) {
      const ep = episode;
      const scene = ctx.scenes.get(ep.sceneId);
      if (!scene) throw new Error(`episode ${ep.id}: unknown scene ${ep.sceneId}`);
      const mode = opts.memory ?? "none";
      const polar = graph.forEpisode(Date.parse(ep.timestamp));
      const memory: Omit<MemoryAccess, "rawSample"> = {
        mode,
        polar: mode === "polar" ? withRepresentation(polar, opts.representation ?? "episodic", log_) : polar,
        log: log_,
        topK: config.memory.topK,
      };
      const refPath = ep.stage === "acquisition" ? join(ctx.set.dir, ep.referenceImage) : undefined;
      return runEpisode({
        episode: ep,
        scene: { id: scene.id, scene: scene.scene, settings: ctx.settings },
        sim,
        policy: ctx.policy,
        memory,
        agent: config.agent,
        simulator: config.simulator,
        sceneGraphs: ctx.sceneGraphs,
        seed: config.eval.seed,
        measures: config.eval.measures,
        ...(refPath ? { referenceImage: await loadReferenceImage(refPath), referenceImagePath: refPath } : {}),
        ...(opts.onEvent ? { onEvent: opts.onEvent } : {}),
        ...(opts.saveImage ? { saveImage: opts.saveImage } : {}),
        ...(opts.onMap ? { onMap: opts.onMap } : {}),
        ...(opts.rules ? { rules: opts.rules, timeZone: config.rules.timeZone } : {}),
      });
    },
    async run(job: Job, sim: Simulator, opts = {}): Promise<EpisodeOutcome> {
      const r = await runtime.record(job.episode, sim, {
        memory: job.memory,
        representation: job.representation,
        ...opts,
      });
      return {
        success: r.success,
        spl: r.spl,
        cm: r.cm,
        steps: r.steps,
        pathLength: r.pathLength,
        shortestPath: r.shortestPath,
        measures: r.measures,
        target: r.target,
        grounded: { objectId: r.grounded.objectId, category: r.grounded.category, correct: r.grounded.correct },
        retrievedObjectIds: r.retrievedObjectIds,
        goldInRetrieved: r.goldInRetrieved,
        rawSampleIds: r.rawSampleIds,
        rawIncludesGold: r.rawIncludesGold,
        usage: {
          calls: r.usage.calls,
          inputTokens: r.usage.inputTokens,
          outputTokens: r.usage.outputTokens,
          costUsd: r.usage.costUsd,
          failedCalls: r.usage.failedCalls,
          ...(r.usage.stages ? stageUsage(r.usage) : {}),
        },
        memorized: r.memorized,
        error: r.error,
        infrastructure: r.infrastructure,
      };
    },
    async recall(ep: EvaluationEpisode) {
      if (!graph.recall || ep.scenario === "pinned") return null;
      const k = config.eval.recallK;
      const r = await graph.recall({
        userId: ep.userId,
        instruction: ep.instruction,
        targetObjectId: ep.targetObjectId,
        before: Date.parse(ep.timestamp),
        k,
        log: log_,
      });
      return { k, ...r };
    },
    refresh() {
      log_.refresh();
    },
    async close() {
      await graph.close();
    },
  };
  return runtime;
}

/** Where a backbone's memory is when it is not a file in its folder, and the command that shows it. */
function sharedStoreNote(config: PolarConfig, dir: string, backbone: string): string | null {
  if (storeKind(config.memory.store).local) return null;
  const m = memoryConfigFor(config, dir);
  const rel = relative(process.cwd(), dir) || dir;
  // the folder's store.json names the namespace; only a server other than the default needs saying
  const server = m.neo4j.uri === Neo4jConfig.parse({}).uri ? "" : `POLAR_MEMORY__NEO4J__URI=${m.neo4j.uri} `;
  return (
    `memory of ${backbone}: ${storeKind(m.store).describe(m)}, namespace ${m.neo4j.namespace}; ` +
    `see it with: ${server}polar memory show --memory-dir ${rel} --user <user>`
  );
}
