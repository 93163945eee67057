/**
 * One episode, end to end: load the scene, get (or build once) its scene graph, reset, ground
 * the target by memory mode, navigate, measure, and, after an acquisition episode, memorize
 * it. runEpisode never throws for what goes wrong inside an episode (a backbone or simulator
 * failure): the episode ends there and the record says why.
 */
import type { Episode } from "../datasets/schema.ts";
import { BackboneError, type CallRecord, type Policy } from "../mllm/policy.ts";
import { Body, StepBudgetExhausted } from "../planning/body.ts";
import { buildSceneGraph, roomAt, type SceneGraph, type SceneGraphCache } from "../planning/scene-graph.ts";
import type { SimulatorConfig } from "../sim/config.ts";
import type { EpisodeMetrics, Observation, SimSettings } from "../sim/protocol.ts";
import { type Image, SimError, type Simulator } from "../sim/simulator.ts";
import { CallLedger } from "./accounting.ts";
import type { AgentConfig } from "./config.ts";
import { type EpisodeEvent, EventStream, type ImageRef } from "./events.ts";
import { groundInput, recall } from "./grounding.ts";
import { MeasureSet } from "./measures.ts";
import { checkMemoryAccess, type MemoryAccess } from "./memory-access.ts";
import { navigate } from "./navigate.ts";
import type { EpisodeRecord, ErrorKind } from "./record.ts";
import { Stopwatch, timedSimulator } from "./timing.ts";
import { TrajectoryLog } from "./trajectory.ts";

export interface RunEpisodeOptions {
  episode: Episode;
  /** the scene as load_scene wants it ("seed:7", a Habitat scene id) and its settings */
  scene: { id: string; scene: string; settings?: SimSettings };
  sim: Simulator;
  policy: Policy;
  memory: MemoryAccess;
  agent: AgentConfig;
  simulator: Pick<SimulatorConfig, "maxSteps" | "successDistance" | "agent" | "camera">;
  sceneGraphs: SceneGraphCache;
  /** the acquisition episode's reference image, already read (see reference-image.ts) */
  referenceImage?: Image;
  referenceImagePath?: string;
  /** memorize after an acquisition episode (default: yes for acquisition episodes) */
  memorize?: boolean;
  onEvent?: (e: EpisodeEvent) => void;
  /** receives every rendered view with the reference a `views` event names it by */
  saveImage?: (ref: string, image: Image) => void;
}

const loadedScene = new WeakMap<Simulator, string>();

/** Loads a scene unless this simulator already holds it. */
async function ensureScene(sim: Simulator, key: Simulator, scene: RunEpisodeOptions["scene"]): Promise<void> {
  const id = `${scene.scene}|${JSON.stringify(scene.settings ?? {})}`;
  if (loadedScene.get(key) === id) return;
  await sim.loadScene({ scene: scene.scene, ...(scene.settings ? { settings: scene.settings } : {}) });
  loadedScene.set(key, id);
}

function classify(e: unknown): { kind: ErrorKind; message: string } {
  if (e instanceof BackboneError) return { kind: "backbone", message: `backbone: ${e.message}` };
  if (e instanceof SimError) return { kind: "simulator", message: `simulator (${e.code}): ${e.message}` };
  const name = (e as Error)?.name ?? "";
  if (/memory|store|embed/i.test(name)) return { kind: "memory", message: `memory: ${(e as Error).message}` };
  return { kind: "agent", message: `${name || "error"}: ${(e as Error)?.message ?? String(e)}` };
}

function targetDistance(m: EpisodeMetrics): number | null {
  const ds = m.targetIds.map((id) => m.distances[id]).filter((d): d is number => typeof d === "number");
  return ds.length ? Math.min(...ds) : null;
}

export async function runEpisode(opts: RunEpisodeOptions): Promise<EpisodeRecord> {
  const ep = opts.episode;
  const t0 = performance.now();
  const watch = new Stopwatch();
  const sim = timedSimulator(opts.sim, watch);
  const stream = new EventStream(ep.id, opts.onEvent);
  const ledger = new CallLedger();
  const measures = new MeasureSet();
  const failed: CallRecord[] = [];
  const onCalls = (calls: readonly CallRecord[]) => {
    ledger.add(calls);
    for (const c of calls) {
      if (c.error) failed.push(c);
      stream.emit({
        type: "model_call",
        task: c.task,
        model: c.model,
        ...(c.inputTokens !== undefined ? { inputTokens: c.inputTokens } : {}),
        ...(c.outputTokens !== undefined ? { outputTokens: c.outputTokens } : {}),
        latencyMs: c.latencyMs,
        ...(c.costUsd !== undefined ? { costUsd: c.costUsd } : {}),
        attempts: c.attempts,
        ...(c.error ? { error: c.error } : {}),
      });
    }
  };
  const target = ep.placements.find((p) => p.id === ep.targetObjectId);
  const targetCategory = target?.category ?? "unknown";
  const scenario = ep.stage === "evaluation" ? ep.scenario : "acquisition";
  const withImages = opts.agent.views === "always" || (opts.agent.views === "auto" && opts.policy.needsImages);
  const decisions = { ground: 0, highLevel: 0, lowLevel: 0, memorize: 0 };

  let graph: SceneGraph | null = null;
  let graphBuilt = false;
  let sceneGraphMs = 0;
  let grounded: EpisodeRecord["grounded"] = {
    objectId: null,
    category: null,
    description: "",
    reason: "",
    correct: null,
    categoryCorrect: false,
  };
  let retrievedObjectIds: string[] = [];
  let rawSampleIds: string[] = [];
  let rawIncludesGold: boolean | null = null;
  let stoppedAtInstance: string | null = null;
  let trajectory = new TrajectoryLog((id) => id);
  let body: Body | null = null;
  let metrics: EpisodeMetrics | null = null;
  let error: { kind: ErrorKind; message: string } | null = null;
  let memorized = false;
  const timestamp = Date.parse(ep.timestamp);

  stream.emit({
    type: "episode_start",
    userId: ep.userId,
    sceneId: ep.sceneId,
    stage: ep.stage,
    scenario,
    instruction: ep.instruction,
    memory: opts.memory.mode,
    backbone: opts.policy.name,
    start: ep.start,
    maxSteps: opts.simulator.maxSteps,
    hasReferenceImage: opts.referenceImage !== undefined,
  });

  try {
    checkMemoryAccess(opts.memory);
    if (!target) throw new Error(`target "${ep.targetObjectId}" is not among the episode's placements`);
    await ensureScene(sim, opts.sim, opts.scene);

    // The scene graph: built by a traversal on the scene's first episode, then reused.
    const tg = performance.now();
    const got = await opts.sceneGraphs.get(opts.scene.id, () =>
      buildSceneGraph(sim, opts.scene.id, {
        start: ep.start,
        budget: opts.agent.traversalBudget,
        arrivalRadius: opts.agent.arrivalRadius,
        maxReplans: opts.agent.maxReplans,
      }),
    );
    sceneGraphMs = performance.now() - tg;
    graph = got.graph;
    graphBuilt = got.built;
    const g = graph;
    trajectory = new TrajectoryLog((id) => g.rooms.find((r) => r.id === id)?.label ?? id);
    stream.emit({
      type: "scene_graph",
      sceneId: opts.scene.id,
      rooms: g.rooms.map((r) => ({ ...r, waypoint: r.waypoint })),
      cached: !graphBuilt,
      traversalSteps: g.traversal.steps,
      traversalPathLength: g.traversal.pathLength,
      unreachable: g.traversal.unreachable,
    });

    // Reset for the episode (the traversal left the agent elsewhere, without objects).
    const obs = await sim.reset({
      episodeId: ep.id,
      start: ep.start,
      objects: ep.placements,
      targetIds: [ep.targetObjectId],
      views: withImages,
    });
    const startMetrics = await sim.metrics();
    measures.reset();
    measures.update({
      kind: "reset",
      position: obs.pose.position,
      shortestPath: startMetrics.shortestPath,
      successDistance: opts.simulator.successDistance,
      targetIds: [ep.targetObjectId],
      targetCategory,
    });

    const emitViews = (step: number, o: Observation, images: Image[]) => {
      const refs: ImageRef[] = images.map((img) => ({
        view: img.view,
        format: img.format,
        width: img.width,
        height: img.height,
        ref: `s${String(step).padStart(4, "0")}-${img.view}.${img.format}`,
      }));
      for (let i = 0; i < images.length; i++) opts.saveImage?.(refs[i].ref, images[i]);
      stream.emit({ type: "views", step, visible: o.visible, images: refs });
      stream.emit({ type: "pose", step, pose: o.pose, roomId: roomAt(g, o.pose.position) });
    };
    emitViews(0, obs, obs.imageData);
    trajectory.enterRoom(roomAt(g, obs.pose.position));

    body = new Body(
      sim,
      { observation: obs, images: obs.imageData },
      {
        budget: opts.simulator.maxSteps,
        views: withImages,
        onStep: (s) => {
          measures.update({
            kind: "step",
            action: s.action,
            position: s.observation.pose.position,
            collided: s.collided,
          });
          stream.emit({ type: "action", step: s.step, action: s.action, source: s.source, collided: s.collided });
          emitViews(s.step, s.observation, s.images);
          const room = roomAt(g, s.observation.pose.position);
          trajectory.enterRoom(room);
          trajectory.saw(room, [
            ...s.observation.visible.front,
            ...s.observation.visible.left,
            ...s.observation.visible.right,
          ]);
        },
      },
    );

    // Grounding by memory mode.
    const req = {
      episodeId: ep.id,
      userId: ep.userId,
      instruction: ep.instruction,
      timestamp,
      goldPriorEpisodeIds: ep.stage === "evaluation" ? ep.goldPriorEpisodeIds : [],
      ...(opts.referenceImage ? { referenceImage: opts.referenceImage } : {}),
    };
    const retrieved = await watch.time("memory", () => recall(req, opts.memory));
    const decision = await watch.time("model", () => opts.policy.ground(groundInput(req, opts.memory.mode, retrieved)));
    decisions.ground++;
    retrievedObjectIds = retrieved.candidates.map((c) => c.objectId);
    rawSampleIds = retrieved.raw.map((r) => r.episodeId);
    rawIncludesGold = opts.memory.mode === "raw" ? retrieved.goldIncluded : null;
    stream.emit({
      type: "retrieval",
      mode: opts.memory.mode,
      candidates: retrieved.candidates.map((c) => ({
        objectId: c.objectId,
        ...(c.category ? { category: c.category } : {}),
        score: c.score,
        statements: c.statements.map((s) => s.text),
      })),
      rawEpisodeIds: rawSampleIds,
      goldIncluded: retrieved.goldIncluded,
    });
    onCalls(decision.calls);
    const gv = decision.value;
    grounded = {
      objectId: gv.objectId,
      category: gv.category,
      description: gv.description,
      reason: gv.reason,
      correct: gv.objectId === null ? null : gv.objectId === ep.targetObjectId,
      categoryCorrect: gv.category === targetCategory,
    };
    stream.emit({
      type: "grounding",
      objectId: gv.objectId,
      category: gv.category,
      description: gv.description,
      reason: gv.reason,
      hints: gv.hints,
      likelyRooms: gv.likelyRooms,
    });

    const nav = await navigate({
      policy: opts.policy,
      body,
      graph: g,
      stream,
      trajectory,
      watch,
      onCalls,
      decisions,
      instruction: ep.instruction,
      target: gv,
      ...(opts.referenceImage ? { referenceImage: opts.referenceImage } : {}),
      withImages,
      schedule: opts.agent.schedule,
      imageDecisionEvery: opts.agent.imageDecisionEvery,
      maxLocalSteps: opts.agent.maxLocalSteps,
      arrivalRadius: opts.agent.arrivalRadius,
      maxReplans: opts.agent.maxReplans,
      turnAngle: opts.simulator.agent.turnAngle,
      camera: {
        width: opts.simulator.camera.width,
        height: opts.simulator.camera.height,
        hfovDeg: opts.simulator.camera.hfov,
      },
      approachRadius: opts.agent.arrivalRadius,
    });
    stoppedAtInstance = nav.instanceId;
  } catch (e) {
    // The budget running out is how an episode ends without STOP, not a failure of the agent.
    if (!(e instanceof StepBudgetExhausted)) error = classify(e);
    if (e instanceof BackboneError) onCalls(e.calls);
  }

  // Measure wherever the episode ended, even after an error, if it got as far as the reset.
  if (body) {
    try {
      metrics = await sim.metrics();
      measures.update({ kind: "end", distanceToTarget: targetDistance(metrics), nearestObject: metrics.nearestObject });
    } catch (e) {
      error ??= classify(e);
    }
  }
  const m = metrics
    ? {
        success: measures.get<boolean>("success"),
        spl: measures.get<number>("spl"),
        cm: measures.get<boolean>("category_match"),
        stopped: measures.get<boolean>("stopped"),
        steps: measures.get<number>("steps"),
        pathLength: measures.get<number>("path_length"),
        distanceToGoal: measures.get<number | null>("distance_to_goal"),
      }
    : {
        success: false,
        spl: 0,
        cm: false,
        stopped: false,
        steps: body?.steps ?? 0,
        pathLength: 0,
        distanceToGoal: null,
      };

  // Acquisition episodes become prior interactions; an errored one is not a clean interaction.
  const shouldMemorize = (opts.memorize ?? ep.stage === "acquisition") && error === null;
  if (shouldMemorize && (opts.memory.polar || opts.memory.log)) {
    const summary = trajectory.summary({
      success: m.success,
      steps: m.steps,
      stopped: m.stopped,
      target: grounded.description || targetCategory,
    });
    try {
      await watch.time("memory", async () => {
        if (opts.memory.polar) {
          decisions.memorize++;
          const r = await opts.memory.polar.memorize({
            userId: ep.userId,
            episodeId: ep.id,
            instruction: ep.instruction,
            objectId: ep.targetObjectId,
            category: target?.category ?? null,
            ...(opts.referenceImage ? { referenceImage: opts.referenceImage } : {}),
            ...(opts.referenceImagePath ? { referenceImagePath: opts.referenceImagePath } : {}),
            trajectory: summary,
            timestamp,
          });
          onCalls(r.calls);
        }
        opts.memory.log?.append(ep.userId, {
          episodeId: ep.id,
          timestamp,
          instruction: ep.instruction,
          objectId: ep.targetObjectId,
          category: targetCategory,
          trajectory: summary.text,
        });
      });
      memorized = true;
    } catch (e) {
      if (e instanceof BackboneError) onCalls(e.calls);
      const c = classify(e);
      error = { kind: c.kind === "agent" ? "memory" : c.kind, message: `memorize: ${c.message}` };
    }
  }

  const usage = { ...ledger.summary(), failedCalls: failed.length };
  stream.emit({
    type: "episode_end",
    success: m.success,
    spl: m.spl,
    cm: m.cm,
    steps: m.steps,
    stopped: m.stopped,
    pathLength: m.pathLength,
    shortestPath: metrics?.shortestPath ?? null,
    distanceToGoal: m.distanceToGoal,
    simSuccess: metrics?.success ?? null,
    calls: ledger.summary(),
    error: error?.message ?? null,
  });

  const totalMs = performance.now() - t0;
  const modelMs = watch.ms("model");
  const simMs = watch.ms("sim");
  const memoryMs = watch.ms("memory");
  const facts = trajectory.facts();
  return {
    episodeId: ep.id,
    userId: ep.userId,
    sceneId: ep.sceneId,
    stage: ep.stage,
    scenario,
    temporalKind: ep.stage === "evaluation" ? (ep.temporalKind ?? null) : null,
    memory: opts.memory.mode,
    backbone: opts.policy.name,
    schedule: opts.agent.schedule,
    ...m,
    shortestPath: metrics?.shortestPath ?? null,
    simSuccess: metrics?.success ?? null,
    target: { objectId: ep.targetObjectId, category: targetCategory },
    grounded,
    retrievedObjectIds,
    goldInRetrieved: opts.memory.mode === "polar" ? retrievedObjectIds.includes(ep.targetObjectId) : null,
    rawSampleIds,
    rawIncludesGold,
    stoppedAtInstance,
    roomsVisited: facts.roomsVisited,
    decisions,
    usage,
    traversal: {
      built: graphBuilt,
      steps: graph?.traversal.steps ?? 0,
      pathLength: graph?.traversal.pathLength ?? 0,
      rooms: graph?.rooms.length ?? 0,
    },
    memorized,
    error: error?.message ?? null,
    errorKind: error?.kind ?? null,
    timings: {
      totalMs,
      sceneGraphMs,
      modelMs,
      simMs,
      memoryMs,
      // The traversal's simulator time is inside both sceneGraphMs and simMs: count it once.
      agentMs: Math.max(0, totalMs - modelMs - simMs - memoryMs),
    },
  };
}
