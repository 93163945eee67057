/**
 * The evaluation harness around one episode: the only code that holds the episode's ground
 * truth (target and distractor ids, placements, gold prior episodes, the answer key). It loads
 * the scene, has the agent's scene graph built once per scene, resets the simulator with the
 * episode's objects, hands the agent a Task (src/agent/task.ts), watches every action the
 * agent takes through the simulator, and scores the result with the measures.
 *
 * runEpisode never throws for what goes wrong inside an episode: the record says why.
 */

import type { AgentConfig, CallSummary, EpisodeEvent, MemoryAccess, Referent, Task } from "../agent/index.ts";
import { classifyError, type EpisodeError, EventStream, runAgent, Stopwatch } from "../agent/index.ts";
import type { Episode } from "../datasets/index.ts";
import type { Policy } from "../mllm/index.ts";
import { summarizeCalls } from "../mllm/index.ts";
import { buildSceneGraph, roomAt, type SceneGraph, type SceneGraphCache } from "../planning/index.ts";
import type { RuleSession } from "../rules/index.ts";
import { hourOf } from "../rules/index.ts";
import type {
  AgentSimulator,
  EpisodeMetrics,
  Image,
  ObjectSpec,
  Observation,
  Pose,
  SimSettings,
  Simulator,
  SimulatorConfig,
  Vec3,
} from "../sim/index.ts";
import { SimError } from "../sim/index.ts";
import { captureEpisodeMap, type EpisodeMap } from "./episode-map.ts";
import { type AgentOutcome, episodeRecord, type SceneGraphOutcome, scoreOutcome } from "./episode-record.ts";
import { DEFAULT_MEASURE_IDS, MeasureSet, RECORD_MEASURES } from "./measures/built-in.ts";
import { hashSeed, sampleRawInteractions } from "./raw-sample.ts";
import type { EpisodeRecord } from "./record.ts";

export interface RunEpisodeOptions {
  episode: Episode;
  /** measure ids in order (eval.measures' default when absent); they must include the record's seven */
  measures?: readonly string[];
  /** the scene as load_scene wants it ("seed:7", a Habitat scene id) and its settings */
  scene: { id: string; scene: string; settings?: SimSettings };
  sim: Simulator;
  policy: Policy;
  /** the agent's memory for this mode; raw mode's sample is drawn here, from `log` */
  memory: Omit<MemoryAccess, "rawSample">;
  agent: AgentConfig;
  simulator: Pick<SimulatorConfig, "maxSteps" | "successDistance" | "agent" | "camera">;
  sceneGraphs: SceneGraphCache;
  /** the run's seed: raw mode's sample is drawn from hash(episode id, seed) */
  seed: number;
  /** the acquisition episode's reference image, already read (see agent/reference-image.ts) */
  referenceImage?: Image;
  referenceImagePath?: string;
  onEvent?: (e: EpisodeEvent) => void;
  /** receives every rendered view with the reference a `views` event names it by */
  saveImage?: (ref: string, image: Image) => Promise<void> | void;
  /**
   * receives the episode's metric map once, after its reset (episode-map.ts): ground truth for
   * an onlooker, never the agent's; absent, no map is drawn
   */
  onMap?: (map: EpisodeMap) => void;
  /**
   * The user's rules for this input: called with the task (after any correction that came
   * with it was learned) and the request's local hour; absent or null, no rule layer.
   */
  rules?: (task: Task, hour: number) => Promise<RuleSession | null>;
  /** the time zone the request's hour is read in (rules with time conditions), default UTC */
  timeZone?: string;
}

const loadedScene = new WeakMap<Simulator, string>();

/** Loads a scene unless this simulator already holds it. */
async function ensureScene(sim: Simulator, key: Simulator, scene: RunEpisodeOptions["scene"]): Promise<void> {
  const id = `${scene.scene}|${JSON.stringify(scene.settings ?? {})}`;
  if (loadedScene.get(key) === id) return;
  await sim.loadScene({ scene: scene.scene, ...(scene.settings ? { settings: scene.settings } : {}) });
  loadedScene.set(key, id);
}

/**
 * Every instance placed in the episode with the target's category, the targets excepted: the
 * lookalikes category match (CM) is measured against.
 */
export function sameCategoryInstances(placements: readonly ObjectSpec[], targetIds: readonly string[]): string[] {
  const categories = new Set(placements.filter((p) => targetIds.includes(p.id)).map((p) => p.category));
  return placements.filter((p) => categories.has(p.category) && !targetIds.includes(p.id)).map((p) => p.id);
}

function targetDistance(m: EpisodeMetrics): number | null {
  const ds = m.targetIds.map((id) => m.distances[id]).filter((d): d is number => typeof d === "number");
  return ds.length ? Math.min(...ds) : null;
}

/** The simulator as the agent gets it: no reset, no metrics, no scene loading; every step measured. */
function agentView(sim: Simulator, measures: MeasureSet, onPosition: (p: Vec3) => void): AgentSimulator {
  return {
    async step(action, views) {
      const r = await sim.step(action, views);
      measures.update({ kind: "step", action, position: r.observation.pose.position, collided: r.collided });
      onPosition(r.observation.pose.position);
      return r;
    },
    planPath: (p) => sim.planPath(p),
    sceneInfo: () => sim.sceneInfo(),
  };
}

/** The same simulator, every call timed under "sim". */
function timedSimulator(sim: Simulator, watch: Stopwatch): Simulator {
  return new Proxy(sim, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (typeof v !== "function" || prop === "close") return v;
      return (...args: unknown[]) => watch.time("sim", () => v.apply(target, args));
    },
  });
}

/** Puts the agent at a pose in the scene without objects: the scene-graph traversal's restarts. */
export function emptyHouse(sim: Simulator, sceneId: string) {
  return async (pose: Pose) => {
    const r = await sim.reset({ episodeId: `traversal:${sceneId}`, start: pose, objects: [], views: false });
    return { observation: r as Observation, images: r.imageData };
  };
}

/** The task the agent gets: the request, and for an explicit one the object as the user shows it. */
export function taskFor(ep: Episode, ref: { image?: Image; imagePath?: string }): Task {
  const task: Task = {
    id: ep.id,
    userId: ep.userId,
    sceneId: ep.sceneId,
    instruction: ep.instruction,
    timestamp: Date.parse(ep.timestamp),
    start: ep.start,
  };
  if (ep.stage === "acquisition") {
    const shown = ep.placements.find((p) => p.id === ep.targetObjectId);
    const referent: Referent = { objectId: ep.targetObjectId, category: shown?.category ?? null };
    if (ref.image) referent.image = ref.image;
    if (ref.imagePath) referent.imagePath = ref.imagePath;
    task.referent = referent;
  }
  return task;
}

/** What one episode's phases share: the harness's view of it, ground truth included. */
interface EpisodeRun {
  opts: RunEpisodeOptions;
  ep: Episode;
  t0: number;
  watch: Stopwatch;
  /** the simulator, every call timed */
  sim: Simulator;
  stream: EventStream;
  measures: MeasureSet;
  target: ObjectSpec | undefined;
  targetCategory: string;
  /** the target's same-category lookalikes (CM) */
  lookalikes: string[];
  scenario: string;
  withImages: boolean;
  task: Task;
  hour: number;
  trail: RoomTrail;
}

/** What the robot actually did, room by room: the scorer of user preferences reads this, never the agent's beliefs. */
class RoomTrail {
  graph: SceneGraph | null = null;
  readonly entered: string[] = [];
  last: Vec3 | null = null;
  readonly enter = (p: Vec3): void => {
    this.last = p;
    if (!this.graph) return;
    const id = roomAt(this.graph, p);
    const label = id ? (this.graph.rooms.find((r) => r.id === id)?.label ?? id) : null;
    if (label && this.entered.at(-1) !== label) this.entered.push(label);
  };
}

export async function runEpisode(opts: RunEpisodeOptions): Promise<EpisodeRecord> {
  const run = startEpisode(opts);
  let scene: SceneGraphOutcome | null = null;
  let agent: AgentOutcome | null = null;
  let ruleSession: RuleSession | null = null;
  let rawIncludesGold: boolean | null = null;
  let error: EpisodeError | null = null;
  try {
    if (!run.target) throw new Error(`target "${run.ep.targetObjectId}" is not among the episode's placements`);
    await ensureScene(run.sim, opts.sim, opts.scene);
    scene = await sceneGraphFor(run);
    run.trail.graph = scene.graph;
    const obs = await resetForEpisode(run);
    const { memory, goldIncluded } = memoryFor(run);
    rawIncludesGold = goldIncluded;
    run.trail.enter(obs.pose.position);
    ruleSession = opts.rules ? await opts.rules(run.task, run.hour) : null;
    agent = await runTheAgent(run, obs, scene.graph, memory, ruleSession);
    error = agent.error;
  } catch (e) {
    error = classifyError(e);
  }
  // Measure wherever the episode ended, even after an error, if it got as far as the agent.
  let metrics: EpisodeMetrics | null = null;
  if (agent) {
    try {
      metrics = await measureEnd(run);
    } catch (e) {
      error ??= classifyError(e);
    }
  }
  const score = scoreOutcome(run.measures, metrics, agent);
  const u = summarizeCalls(agent?.calls ?? []);
  const calls: CallSummary = {
    calls: u.calls,
    inputTokens: u.inputTokens,
    outputTokens: u.outputTokens,
    callsWithoutUsage: u.callsWithoutUsage,
    costUsd: u.costUsd,
    latencyMs: u.latencyMs,
  };
  run.stream.emit({
    type: "episode_end",
    ...score.headline,
    shortestPath: metrics?.shortestPath ?? null,
    simSuccess: metrics?.success ?? null,
    calls,
    error: error?.message ?? null,
  });
  return episodeRecord({
    ...run,
    memoryMode: opts.memory.mode,
    backbone: opts.policy.name,
    schedule: opts.agent.schedule,
    lowLevelTrigger: describeTrigger(opts.policy, opts.agent),
    scene,
    agent,
    ruleSession,
    rulesAsked: opts.rules !== undefined,
    rawIncludesGold,
    metrics,
    score,
    calls,
    failedCalls: u.failures,
    error,
  });
}

/** The episode's context, and its start announced. */
function startEpisode(opts: RunEpisodeOptions): EpisodeRun {
  const ep = opts.episode;
  const t0 = performance.now();
  const watch = new Stopwatch();
  const target = ep.placements.find((p) => p.id === ep.targetObjectId);
  const task = taskFor(ep, { image: opts.referenceImage, imagePath: opts.referenceImagePath });
  const hour = hourOf(task.timestamp, opts.timeZone ?? "UTC");
  const run: EpisodeRun = {
    opts,
    ep,
    t0,
    watch,
    sim: timedSimulator(opts.sim, watch),
    stream: new EventStream(ep.id, opts.onEvent),
    measures: new MeasureSet(opts.measures ?? DEFAULT_MEASURE_IDS).require(RECORD_MEASURES),
    target,
    targetCategory: target?.category ?? "unknown",
    lookalikes: sameCategoryInstances(ep.placements, [ep.targetObjectId]),
    scenario: ep.stage === "evaluation" ? ep.scenario : "acquisition",
    withImages: opts.agent.views === "always" || (opts.agent.views === "auto" && opts.policy.needsImages),
    task,
    hour,
    trail: new RoomTrail(),
  };
  run.stream.emit({
    type: "episode_start",
    userId: ep.userId,
    sceneId: ep.sceneId,
    stage: ep.stage,
    scenario: run.scenario,
    instruction: ep.instruction,
    memory: opts.memory.mode,
    backbone: opts.policy.name,
    start: ep.start,
    maxSteps: opts.simulator.maxSteps,
    hasReferenceImage: opts.referenceImage !== undefined,
    clock: clockOf(task.timestamp, opts.timeZone ?? "UTC", hour),
  });
  return run;
}

/** The scene graph: the agent's traversal of the empty house on the scene's first episode, then reused. */
async function sceneGraphFor(run: EpisodeRun): Promise<SceneGraphOutcome> {
  const { opts, ep } = run;
  const tg = performance.now();
  const got = await opts.sceneGraphs.get(opts.scene.id, () =>
    buildSceneGraph(run.sim, emptyHouse(run.sim, opts.scene.id), opts.scene.id, {
      start: ep.start,
      budget: opts.agent.traversalBudget,
      arrivalRadius: opts.agent.arrivalRadius,
      maxReplans: opts.agent.maxReplans,
    }),
  );
  const graph = got.graph;
  run.stream.emit({
    type: "scene_graph",
    sceneId: opts.scene.id,
    rooms: graph.rooms.map((r) => ({ ...r, waypoint: r.waypoint })),
    cached: !got.built,
    traversalSteps: graph.traversal.steps,
    traversalPathLength: graph.traversal.pathLength,
    unreachable: graph.traversal.unreachable,
  });
  return { graph, built: got.built, ms: performance.now() - tg };
}

/**
 * Reset for the episode (the traversal left the agent elsewhere, without objects), the
 * onlooker's map drawn, the measures started from the shortest path.
 */
async function resetForEpisode(run: EpisodeRun): ReturnType<Simulator["reset"]> {
  const { opts, ep } = run;
  const obs = await run.sim
    .reset({
      episodeId: ep.id,
      start: ep.start,
      objects: ep.placements,
      targetIds: [ep.targetObjectId],
      views: run.withImages,
    })
    .catch((e: unknown) => {
      throw setupFailure(ep.id, e);
    });
  // only the shortest path is read here: distances to every object would cost a field each
  const startMetrics = await run.sim.metrics({ objectIds: [ep.targetObjectId] });
  if (opts.onMap) {
    // on the untimed simulator: drawing the onlooker's map is not the episode's simulator time;
    // and a map that could not be drawn leaves the episode as it would have been
    const map = await captureEpisodeMap(opts.sim, {
      start: ep.start,
      placements: ep.placements,
      targetIds: [ep.targetObjectId],
      distractorIds: run.lookalikes,
      stepLength: opts.scene.settings?.stepLength ?? opts.simulator.agent.stepLength,
      turnAngle: opts.scene.settings?.turnAngle ?? opts.simulator.agent.turnAngle,
      hfov: opts.scene.settings?.camera?.hfov ?? opts.simulator.camera.hfov,
    }).catch(() => null);
    if (map) opts.onMap(map);
  }
  run.measures.reset();
  run.measures.update({
    kind: "reset",
    position: obs.pose.position,
    shortestPath: startMetrics.shortestPath,
    successDistance: opts.simulator.successDistance,
    targetIds: [ep.targetObjectId],
    targetCategory: run.targetCategory,
  });
  return obs;
}

/** The agent's memory for its mode; raw mode's sample is drawn here, the gold interactions among the pool. */
function memoryFor(run: EpisodeRun): { memory: MemoryAccess; goldIncluded: boolean | null } {
  const { opts, ep } = run;
  const memory: MemoryAccess = { ...opts.memory };
  if (memory.mode !== "raw") return { memory, goldIncluded: null };
  const gold = ep.stage === "evaluation" ? ep.goldPriorEpisodeIds : [];
  const pool = memory.log?.list(ep.userId, { before: run.task.timestamp }) ?? [];
  const sample = sampleRawInteractions(pool, {
    n: opts.agent.rawInteractions,
    goldIds: gold,
    seed: hashSeed(ep.id, opts.seed),
  });
  memory.rawSample = sample.interactions;
  return { memory, goldIncluded: sample.goldIncluded };
}

function runTheAgent(
  run: EpisodeRun,
  obs: Awaited<ReturnType<typeof resetForEpisode>>,
  graph: SceneGraph,
  memory: MemoryAccess,
  rules: RuleSession | null,
): Promise<AgentOutcome> {
  const { opts } = run;
  return runAgent({
    task: run.task,
    sim: agentView(run.sim, run.measures, run.trail.enter),
    start: { observation: obs, images: obs.imageData },
    graph,
    policy: opts.policy,
    memory,
    agent: opts.agent,
    maxSteps: opts.simulator.maxSteps,
    body: {
      turnAngle: opts.simulator.agent.turnAngle,
      stepLength: opts.simulator.agent.stepLength,
      camera: opts.simulator.camera,
    },
    rules,
    withImages: run.withImages,
    stream: run.stream,
    watch: run.watch,
    ...(opts.saveImage ? { saveImage: opts.saveImage } : {}),
  });
}

/** Geodesics to exactly what the measures judge by: the target and its same-category lookalikes. */
async function measureEnd(run: EpisodeRun): Promise<EpisodeMetrics> {
  const ends = await run.sim.metrics({ objectIds: [run.ep.targetObjectId, ...run.lookalikes] });
  run.measures.update({
    kind: "end",
    distanceToTarget: targetDistance(ends),
    nearestObject: ends.nearestObject,
    sameCategory: run.lookalikes.map((id) => ({ id, distance: ends.distances[id] ?? null })),
  });
  return ends;
}

/** How the low-level planner was asked, in the words reports use. */
export function describeTrigger(policy: Pick<Policy, "lowLevelTrigger">, agent: AgentConfig): string {
  if (agent.schedule === "every_step") return "every step";
  return policy.lowLevelTrigger === "sensor"
    ? "on arrival, after looking around, and when its semantic sensor shows a new instance of the target's category"
    : `once per room (one call with the views before and after turning around, which also plans the next room), on entering a room not seen yet${agent.imageDecisionEvery > 0 ? `, and every ${agent.imageDecisionEvery} steps along a plan` : ""}`;
}

/** the request's time as the page shows it: in the zone the rule layer reads hours in */
function clockOf(timestamp: number, timeZone: string, hour: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(timestamp))
      .map((p) => [p.type, p.value]),
  );
  return {
    at: new Date(timestamp).toISOString(),
    timeZone,
    local: `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`,
    hour,
  };
}

/**
 * A simulator that cannot set the episode up as recorded (an object it cannot place where the
 * set says) has not run the agent: the episode is an infrastructure failure that names the
 * episode and the simulator's reason (which object, and why), never an agent outcome.
 */
function setupFailure(episodeId: string, e: unknown): unknown {
  if (!(e instanceof SimError) || e.code !== "unplaceable") return e;
  return new SimError(e.code, `episode "${episodeId}" could not be set up: ${e.message}`, e.path, {
    infrastructure: true,
  });
}
