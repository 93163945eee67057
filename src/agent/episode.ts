/**
 * The agent's side of one episode, in the order the paper describes it: ground the request in
 * memory (§3.2.2), plan and act (§3.3: high-level room choice, low-level steering from the
 * views), and, after an explicit request, memorize the interaction (§3.2.1).
 *
 * It gets a Task and the simulator's observations, nothing else: the harness
 * (src/eval/harness.ts) has already reset the simulator and keeps score. runAgent never throws
 * for what goes wrong inside the episode (a backbone or simulator failure): it stops there and
 * its outcome says why.
 */
import { BackboneError, type CallRecord, type GroundOutput, type Policy } from "../mllm/index.ts";
import { Body, roomAt, type SceneGraph, StepBudgetExhausted } from "../planning/index.ts";
import type { RuleSession } from "../rules/index.ts";
import type { AgentSimulator, Image, Observation } from "../sim/index.ts";
import { fileFormat } from "../sim/index.ts";
import { checkedSummary } from "./artifact.ts";
import type { AgentConfig } from "./config.ts";
import { type Delivery, deliver } from "./delivery.ts";
import type { EventStream, ImageRef, ModelCallExchange } from "./events.ts";
import { groundInput, type Retrieved, recall, targetPhoto, withReferent } from "./grounding.ts";
import { checkMemoryAccess, type MemoryAccess } from "./memory-access.ts";
import { navigate } from "./navigate.ts";
import { otherPhotos } from "./other-photos.ts";
import { classifyError, type EpisodeError } from "./outcome-error.ts";
import { NavigationGate } from "./rule-gate.ts";
import { ShownViews } from "./shown-views.ts";
import type { Task } from "./task.ts";
import type { Stopwatch } from "./timing.ts";
import { TrajectoryLog } from "./trajectory.ts";

export interface AgentOptions {
  task: Task;
  sim: AgentSimulator;
  /** what the simulator showed at the start pose */
  start: { observation: Observation; images: Image[] };
  graph: SceneGraph;
  policy: Policy;
  memory: MemoryAccess;
  agent: AgentConfig;
  maxSteps: number;
  /** the turn angle and the camera the sensor's boxes are measured in */
  body: { turnAngle: number; stepLength: number; camera: { width: number; height: number; hfov: number } };
  /** the user's rules for this input (pinned library version, task-local instructions, method) */
  rules?: RuleSession | null;
  /** true when the views carry pixels (the harness asked the simulator for them) */
  withImages: boolean;
  stream: EventStream;
  watch: Stopwatch;
  /**
   * receives every rendered view with the reference a `views` event names it by; the episode
   * waits for what it returns before it ends (a raw view is encoded on the way to a file)
   */
  saveImage?: (ref: string, image: Image) => Promise<void> | void;
}

export interface AgentOutcome {
  grounded: GroundOutput | null;
  retrievedObjectIds: string[];
  rawSampleIds: string[];
  stopped: boolean;
  /** the (per-episode) sensor id of the instance the planner named when it stopped */
  stoppedAtInstance: string | null;
  steps: number;
  roomsVisited: string[];
  decisions: { ground: number; highLevel: number; lowLevel: number; memorize: number };
  calls: CallRecord[];
  memorized: boolean;
  /** the room the robot believes it found the target in (where it stopped) */
  foundRoom: string | null;
  /** what the robot told the user; null only when the episode failed before it could say anything */
  reply: Delivery | null;
  error: EpisodeError | null;
}

/**
 * One episode as it runs: what it was given, what it has done so far (the outcome it will
 * return) and what the stages hand each other (the body, the trajectory, the views being saved).
 */
interface EpisodeRun {
  o: AgentOptions;
  out: AgentOutcome;
  rules: RuleSession | null;
  guidance: string[];
  trajectory: TrajectoryLog;
  shown: ShownViews;
  /** the step the latest views belong to, for the model calls made on them */
  step: number;
  /** views on their way to files; the episode waits for them before it ends */
  saving: (Promise<void> | void)[];
  body: Body | null;
  onCalls: (calls: readonly CallRecord[]) => void;
}

/**
 * The schedule of an episode: each stage runs when its condition holds, in this order. A stage
 * that fails sets the outcome's error, and the conditions of those after it read that.
 *  act       ground the request, then plan and act until STOP or the budget ends
 *  views     wait for the views' files (a failed write fails the episode, as a sync write did)
 *  reply     what the robot tells the user, checked against their rules before it is said
 *  memorize  an explicit request becomes a prior interaction; an errored one is not clean
 */
const STAGES: { run: (e: EpisodeRun) => Promise<void>; when: (e: EpisodeRun) => boolean }[] = [
  { run: act, when: () => true },
  { run: settleViews, when: () => true },
  { run: reply, when: (e) => e.body !== null && e.out.error === null },
  {
    run: memorizeStage,
    when: (e) =>
      Boolean(e.o.task.referent) &&
      e.body !== null &&
      e.out.error === null &&
      Boolean(e.o.memory.polar || e.o.memory.log),
  },
];

export async function runAgent(o: AgentOptions): Promise<AgentOutcome> {
  const e = startRun(o);
  for (const stage of STAGES) if (stage.when(e)) await stage.run(e);
  return e.out;
}

function startRun(o: AgentOptions): EpisodeRun {
  const g = o.graph;
  const rules = o.rules ?? null;
  const out: AgentOutcome = {
    grounded: null,
    retrievedObjectIds: [],
    rawSampleIds: [],
    stopped: false,
    stoppedAtInstance: null,
    steps: 0,
    roomsVisited: [],
    decisions: { ground: 0, highLevel: 0, lowLevel: 0, memorize: 0 },
    calls: [],
    memorized: false,
    foundRoom: null,
    reply: null,
    error: null,
  };
  const saving: (Promise<void> | void)[] = [];
  const save = o.saveImage;
  const e: EpisodeRun = {
    o,
    out,
    rules,
    guidance: [],
    trajectory: new TrajectoryLog((id) => g.rooms.find((r) => r.id === id)?.label ?? id, o.task.sceneId),
    // the images a call was sent that are no view of the run are stored with it too, once each
    shown: new ShownViews(save ? (ref, image) => saving.push(save(ref, image)) : undefined),
    step: 0,
    saving,
    body: null,
    onCalls: (cs) => {
      // the exchange goes to the event stream only: the episode's totals keep no prompt text
      for (const { exchange, ...c } of cs) {
        out.calls.push(c);
        o.stream.emit(modelCallEvent(c, e.step, exchange ? e.shown.resolve(exchange) : undefined));
      }
    },
  };
  rules?.attach({ emit: (ev) => o.stream.emit(ev), onCalls: e.onCalls });
  e.guidance = rules?.guidance() ?? [];
  return e;
}

function emitViews(e: EpisodeRun, s: number, obs: Observation, images: Image[]): void {
  const { o } = e;
  const refs: ImageRef[] = images.map((img) => ({
    view: img.view,
    format: fileFormat(img),
    width: img.width,
    height: img.height,
    ref: `s${String(s).padStart(4, "0")}-${img.view}.${fileFormat(img)}`,
  }));
  if (o.saveImage) for (let i = 0; i < images.length; i++) e.saving.push(o.saveImage(refs[i].ref, images[i]));
  e.step = s;
  e.shown.add(refs, images);
  o.stream.emit({ type: "views", step: s, visible: obs.visible, images: refs });
  o.stream.emit({ type: "pose", step: s, pose: obs.pose, roomId: roomAt(o.graph, obs.pose.position) });
}

/** Ground, then navigate. runAgent never throws for what goes wrong in here: the outcome says why. */
async function act(e: EpisodeRun): Promise<void> {
  const { o, out, trajectory } = e;
  try {
    checkMemoryAccess(o.memory);
    emitViews(e, 0, o.start.observation, o.start.images);
    trajectory.enterRoom(roomAt(o.graph, o.start.observation.pose.position));
    e.body = new Body(o.sim, o.start, {
      budget: o.maxSteps,
      views: o.withImages,
      onStep: (s) => {
        o.stream.emit({ type: "action", step: s.step, action: s.action, source: s.source, collided: s.collided });
        emitViews(e, s.step, s.observation, s.images);
        const room = roomAt(o.graph, s.observation.pose.position);
        trajectory.enterRoom(room);
        trajectory.saw(room, [
          ...s.observation.visible.front,
          ...s.observation.visible.left,
          ...s.observation.visible.right,
        ]);
      },
    });
    const grounded = await ground(e);
    await goFind(e, e.body, grounded);
  } catch (err) {
    // The budget running out is how an episode ends without STOP, not a failure of the agent.
    if (!(err instanceof StepBudgetExhausted)) out.error = classifyError(err);
    if (err instanceof BackboneError) e.onCalls(err.calls);
  }
  out.steps = e.body?.steps ?? 0;
  out.roomsVisited = trajectory.facts().roomsVisited;
}

/** 1. Ground: which remembered instance the request means. */
async function ground(e: EpisodeRun): Promise<{ target: GroundOutput; retrieved: Retrieved }> {
  const { o, out } = e;
  const retrieved = await o.watch.time("memory", () => recall(o.task, o.memory));
  const decision = await o.watch.time("model", () => o.policy.ground(groundInput(o.task, o.memory.mode, retrieved)));
  out.decisions.ground++;
  e.onCalls(decision.calls);
  const target = withReferent(o.task, decision.value);
  out.grounded = target;
  out.retrievedObjectIds = retrieved.candidates.map((c) => c.objectId);
  out.rawSampleIds = retrieved.raw.map((r) => r.episodeId);
  emitGrounding(o.stream, o.memory.mode, retrieved, target);
  return { target, retrieved };
}

/** 2–3. Plan over the scene graph and act on the views until STOP or the budget ends. */
async function goFind(e: EpisodeRun, body: Body, g: { target: GroundOutput; retrieved: Retrieved }): Promise<void> {
  const { o, out } = e;
  const photo = targetPhoto(o.task, g.target, g.retrieved);
  const others = await otherPhotos(o.task, o.memory, g.target, g.retrieved, photo);
  if (photo) e.shown.setPhoto(photo.data);
  if (o.withImages && o.policy.lowLevelTrigger === "sensor") body.setViews(viewsWhenNeeded(g.target, photo));
  const nav = await navigate({
    policy: o.policy,
    body,
    graph: o.graph,
    stream: o.stream,
    trajectory: e.trajectory,
    watch: o.watch,
    onCalls: e.onCalls,
    decisions: out.decisions,
    instruction: o.task.instruction,
    target: g.target,
    ...(photo ? { referenceImage: photo } : {}),
    ...(others.length ? { otherPhotos: others } : {}),
    withImages: o.withImages,
    schedule: o.agent.schedule,
    trigger: o.policy.lowLevelTrigger,
    imageDecisionEvery: o.agent.imageDecisionEvery,
    maxLocalSteps: o.agent.maxLocalSteps,
    arrivalRadius: o.agent.arrivalRadius,
    maxReplans: o.agent.maxReplans,
    turnAngle: o.body.turnAngle,
    camera: { width: o.body.camera.width, height: o.body.camera.height, hfovDeg: o.body.camera.hfov },
    approachRadius: o.agent.arrivalRadius,
    stepLength: o.body.stepLength,
    ...(e.guidance.length ? { guidance: e.guidance } : {}),
    ...(e.rules?.checking ? { gate: new NavigationGate(e.rules, o.graph) } : {}),
  });
  out.stopped = nav.stopped;
  out.stoppedAtInstance = nav.instanceId;
  if (nav.stopped) {
    const room = nav.foundRoomId;
    out.foundRoom = room ? (o.graph.rooms.find((r) => r.id === room)?.label ?? room) : null;
  }
}

/** The views' files are written while the episode walks on; a failed one fails the episode. */
async function settleViews(e: EpisodeRun): Promise<void> {
  for (const s of await Promise.allSettled(e.saving))
    if (s.status === "rejected" && e.out.error === null) e.out.error = classifyError(s.reason);
}

/** The delivery: what the robot tells the user, checked against their rules before it is said. */
async function reply(e: EpisodeRun): Promise<void> {
  const { o, out } = e;
  const body = e.body!;
  try {
    out.reply = await o.watch.time("model", () =>
      deliver(
        o.policy,
        {
          instruction: o.task.instruction,
          outcome: {
            stopped: out.stopped,
            description: out.grounded?.description || o.task.referent?.category || "the object",
            foundRoom: out.foundRoom,
            roomsSearched: [...new Set(out.roomsVisited)],
            steps: out.steps,
            stepsLeft: body.stepsLeft,
          },
        },
        e.rules,
        e.onCalls,
      ),
    );
  } catch (err) {
    if (err instanceof BackboneError) e.onCalls(err.calls);
    const c = classifyError(err);
    out.error = { ...c, message: `reply: ${c.message}` };
  }
  if (out.reply)
    o.stream.emit({
      type: "reply",
      text: out.reply.text,
      ...(out.reply.draft !== out.reply.text ? { draft: out.reply.draft } : {}),
      revisions: out.reply.revisions,
      unresolved: out.reply.unresolved,
    });
}

/** 4. Memorize: an explicit request becomes a prior interaction. */
async function memorizeStage(e: EpisodeRun): Promise<void> {
  try {
    await memorize(e.o, e.trajectory, e.out, e.onCalls);
    e.out.memorized = true;
  } catch (err) {
    if (err instanceof BackboneError) e.onCalls(err.calls);
    const c = classifyError(err);
    e.out.error = { ...c, kind: c.kind === "agent" ? "memory" : c.kind, message: `memorize: ${c.message}` };
  }
}

async function memorize(
  o: AgentOptions,
  trajectory: TrajectoryLog,
  out: AgentOutcome,
  onCalls: (cs: readonly CallRecord[]) => void,
): Promise<void> {
  const { task, memory } = o;
  const ref = task.referent!;
  // What the agent believes: it stopped where it recognised the object. The harness's success
  // measure is not the robot's to read.
  const written = trajectory.summary({
    success: out.stopped,
    steps: out.steps,
    stopped: out.stopped,
    target: out.grounded?.description || ref.category || "the object",
  });
  // The artifact stage: the summary is what the robot leaves behind, checked before it is written.
  const summary = {
    ...written,
    text: await checkedSummary(o.rules ?? null, written.text, {
      found: out.stopped,
      foundRoom: out.foundRoom,
      steps: out.steps,
    }),
  };
  await o.watch.time("memory", async () => {
    if (memory.polar) {
      out.decisions.memorize++;
      const r = await memory.polar.memorize(
        {
          userId: task.userId,
          episodeId: task.id,
          instruction: task.instruction,
          objectId: ref.objectId,
          category: ref.category,
          ...(ref.image ? { referenceImage: ref.image } : {}),
          ...(ref.imagePath ? { referenceImagePath: ref.imagePath } : {}),
          trajectory: summary,
          timestamp: task.timestamp,
        },
        // counted as they are made: a write that fails after the model answered still cost them
        onCalls,
      );
      onCalls(r.calls);
    }
    memory.log?.append(task.userId, {
      episodeId: task.id,
      timestamp: task.timestamp,
      instruction: task.instruction,
      objectId: ref.objectId,
      ...(ref.category ? { category: ref.category } : {}),
      trajectory: summary.text,
      ...(ref.imagePath ? { imagePath: ref.imagePath } : {}),
    });
  });
}

/**
 * A planner that finds instances with its semantic sensor needs pixels only to tell a
 * candidate from the photo: views while an instance of the category was in sight at the last
 * step, none otherwise (and none at all without a photo to compare with).
 */
function viewsWhenNeeded(target: GroundOutput, photo: Image | undefined): (last: Observation) => boolean {
  if (!photo || target.category === null) return () => false;
  const category = target.category;
  return (last) =>
    last.visible.front.some((v) => v.category === category) ||
    last.visible.left.some((v) => v.category === category) ||
    last.visible.right.some((v) => v.category === category);
}

function emitGrounding(stream: EventStream, mode: MemoryAccess["mode"], r: Retrieved, g: GroundOutput): void {
  stream.emit({
    type: "retrieval",
    mode,
    candidates: r.candidates.map((c) => ({
      objectId: c.objectId,
      ...(c.category ? { category: c.category } : {}),
      score: c.score,
      statements: c.statements.map((s) => s.text),
      hasPhoto: r.images.has(c.objectId),
    })),
    rawEpisodeIds: r.raw.map((x) => x.episodeId),
  });
  stream.emit({
    type: "grounding",
    objectId: g.objectId,
    category: g.category,
    description: g.description,
    reason: g.reason,
    hints: g.hints,
    likelyRooms: g.likelyRooms,
    ...(g.roomsHere ? { roomsHere: g.roomsHere } : {}),
    ...(g.size ? { size: g.size } : {}),
  });
}

function modelCallEvent(c: CallRecord, step: number, exchange: ModelCallExchange | undefined) {
  return {
    type: "model_call" as const,
    step,
    task: c.task,
    model: c.model,
    ...(c.inputTokens !== undefined ? { inputTokens: c.inputTokens } : {}),
    ...(c.outputTokens !== undefined ? { outputTokens: c.outputTokens } : {}),
    latencyMs: c.latencyMs,
    ...(c.costUsd !== undefined ? { costUsd: c.costUsd } : {}),
    attempts: c.attempts,
    ...(c.unanswered ? { unanswered: c.unanswered } : {}),
    ...(c.reasks !== undefined ? { reasks: c.reasks } : {}),
    ...(c.images !== undefined ? { images: c.images } : {}),
    ...(c.error ? { error: c.error } : {}),
    ...(exchange ? { exchange } : {}),
  };
}
