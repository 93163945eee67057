/**
 * The navigation part of an episode (paper Figure 4): high-level room choice over the scene
 * graph, the controller walking to its waypoint, and the low-level planner asked at decision
 * points (see src/planning/low-level.ts for the schedule) until it says STOP or the step
 * budget is spent.
 */
import type { CallRecord, Decision, GroundOutput, LowLevelInput, LowLevelOutput, Policy } from "../mllm/index.ts";
import { CandidateLedger, estimatePosition } from "../perception/index.ts";
import type { Body, StepOutcome } from "../planning/index.ts";
import {
  askLowLevelPlanner,
  Controller,
  decisionToAction,
  findInstance,
  floorDistance,
  type GoToOptions,
  NoveltyTracker,
  planRoom,
  roomAt,
  type SceneGraph,
  type StepHook,
  type Trigger,
  viewsFor,
} from "../planning/index.ts";
import type { Image, Observation, Vec3 } from "../sim/index.ts";
import type { EventStream } from "./events.ts";
import type { NavigationGate } from "./rule-gate.ts";
import type { Stopwatch } from "./timing.ts";
import type { TrajectoryLog } from "./trajectory.ts";

export interface NavigateOptions {
  policy: Policy;
  body: Body;
  graph: SceneGraph;
  stream: EventStream;
  trajectory: TrajectoryLog;
  watch: Stopwatch;
  /** decision counters, updated as they happen (so they survive an error mid-episode) */
  decisions: { highLevel: number; lowLevel: number };
  /** every backbone call, for the episode's accounting */
  onCalls: (calls: readonly CallRecord[]) => void;
  instruction: string;
  target: GroundOutput;
  referenceImage?: Image;
  withImages: boolean;
  schedule: "hierarchical" | "every_step";
  /** along a plan: ask on new instances of the target's category (sensor) or every N steps (schedule) */
  trigger: Policy["lowLevelTrigger"];
  imageDecisionEvery: number;
  maxLocalSteps: number;
  arrivalRadius: number;
  maxReplans: number;
  turnAngle: number;
  /** the camera the semantic sensor's boxes are measured in */
  camera: { width: number; height: number; hfovDeg: number };
  /** how near an approached object counts as reached (metres) */
  approachRadius: number;
  /** the length of one forward step (metres), to see where a step would go before it is taken */
  stepLength: number;
  /** the user's rules that apply now, as text for the planners */
  guidance?: string[];
  /** the rule layer's pre_action checks (absent: no rules are checked) */
  gate?: NavigationGate;
}

export interface NavigateResult {
  stopped: boolean;
  /** the instance the planner named when it stopped */
  instanceId: string | null;
}

type LocalOutcome = "stopped" | "continue" | "ended";

export async function navigate(o: NavigateOptions): Promise<NavigateResult> {
  const { body, policy, stream, graph } = o;
  const controller = new Controller(body, { arrivalRadius: o.arrivalRadius, maxReplans: o.maxReplans });
  const novelty = new NoveltyTracker(o.target.category);
  // The episode's working memory of same-category instances: what a planner that judges them made of each.
  const ledger = new CandidateLedger();
  const budget = body.stepsLeft;
  const visited: string[] = [];
  const recent: string[] = [];
  const decisions = o.decisions;
  let goalRoom: string | null = null;
  let stoppedAt: string | null = null;
  let sinceDecision = 0;
  let pendingTrigger: Trigger | null = null;
  /** the room a room scan named to search next (its plan, asked in the same call) */
  let suggestedRoom: { id: string; reason: string } | null = null;
  /** rooms entered so far: entering one not seen yet is news to a backbone that looks at the views */
  const roomsSeen = new Set<string>();
  // A backbone that looks at the views (not the sensor) scans a room in one call that also plans the next.
  const scanning = o.trigger === "schedule" && o.schedule === "hierarchical";
  const candidateRooms = () => (o.gate ? o.gate.candidates() : graph.rooms);
  const takeSuggestion = (): { id: string; reason: string } | null => {
    const s = suggestedRoom;
    suggestedRoom = null;
    return s;
  };

  const currentRoom = () => roomAt(graph, body.pose.position);
  // Paths planned around the rooms the rules forbid now, and each plan's rooms checked before a step of it.
  const gate = o.gate;
  const around = (): GoToOptions | undefined =>
    gate
      ? {
          avoidRegions: gate.avoidRegions(currentRoom()),
          onPlan: async (p) => ((await gate.path(p.regions ?? [], currentRoom())) ? "walk" : "refuse"),
        }
      : undefined;

  const ask = async (
    trigger: Trigger,
    scan: { behind?: LowLevelInput["views"]; plan?: boolean } = {},
  ): Promise<Decision<LowLevelOutput>> => {
    decisions.lowLevel++;
    sinceDecision = 0;
    const plan = scan.plan
      ? { rooms: candidateRooms(), currentRoomId: currentRoom(), visited: [...visited] }
      : undefined;
    const d = await o.watch.time("model", () =>
      askLowLevelPlanner(policy, body.observation, body.images, {
        instruction: o.instruction,
        target: o.target,
        referenceImage: o.referenceImage,
        currentRoom: labelOf(currentRoom()),
        goalRoom: labelOf(goalRoom),
        stepsLeft: body.stepsLeft,
        recentActions: recent,
        withImages: o.withImages,
        pose: body.pose,
        ledger,
        ...(o.guidance?.length ? { guidance: o.guidance } : {}),
        ...(scan.behind ? { behind: scan.behind } : {}),
        ...(plan ? { plan } : {}),
      }),
    );
    o.onCalls(d.calls);
    const next = d.value.nextRoomId;
    suggestedRoom = next && plan?.rooms.some((r) => r.id === next) ? { id: next, reason: d.value.reason } : null;
    stream.emit({
      type: "low_level",
      step: body.steps,
      trigger,
      decision: d.value.decision,
      ...(d.value.instanceId ? { instanceId: d.value.instanceId } : {}),
      reason: d.value.reason,
      ...(suggestedRoom ? { nextRoomId: suggestedRoom.id } : {}),
      ...judgedInView(body.observation, ledger),
    });
    return d;
  };

  const labelOf = (id: string | null) => (id ? (graph.rooms.find((r) => r.id === id)?.label ?? id) : null);

  /** Executes the planner's own choices until it stops, hands back, or the budget ends. */
  const local = async (first: Decision<LowLevelOutput>): Promise<LocalOutcome> => {
    let d = first;
    for (let n = 0; ; n++) {
      const action = decisionToAction(d.value.decision);
      if (action === null) return "continue";
      if (body.stepsLeft === 0 || body.done) return "ended";
      // pre_action: a STOP or a step the rules forbid here is not taken; the plan resumes.
      if (action === "STOP" && o.gate && !(await o.gate.stop(currentRoom()))) return "continue";
      if (action === "MOVE_FORWARD" && o.gate && !o.gate.forwardAllowed(body.pose, o.stepLength)) return "continue";
      if (action === "STOP") stoppedAt = d.value.instanceId ?? null;
      const out = await body.act(action, "low_level");
      recent.push(action);
      if (action === "STOP") return "stopped";
      if (out.done || body.stepsLeft === 0) return "ended";
      if (out.collided && d.value.instanceId) ledger.collided(d.value.instanceId);
      novelty.observe(out.observation);
      // Blocked on the way to an instance it sees: walk around the obstacle with the path planner.
      const seen =
        out.collided && d.value.instanceId && o.schedule !== "every_step"
          ? findInstance(out.observation, d.value.instanceId)
          : null;
      if (seen && d.value.instanceId) {
        const goal = estimatePosition(body.pose, seen.view, seen.instance, o.camera);
        // The planner decides when it is near enough: hand it back the first view that shows the
        // instance again (walking on blindly to the estimate passed it by, or ran into its furniture).
        // Only once the walk has moved the agent: the detour's opening turns still show the same
        // view, and handing back there lets the planner steer straight into the obstacle again.
        const id = d.value.instanceId;
        const from = body.pose.position;
        const backInView: StepHook = (s) => {
          recent.push(s.action);
          novelty.observe(s.observation);
          const moved = floorDistance(s.observation.pose.position, from) > 0.05;
          return moved && findInstance(s.observation, id) ? "interrupt" : "continue";
        };
        const walk = await controller.goTo(goal, backInView, "low_level", o.approachRadius, around());
        if (walk.status === "budget" || walk.status === "done") return "ended";
      }
      // A planner that keeps steering without stopping hands control back to the plan.
      if (n + 1 >= o.maxLocalSteps) return "continue";
      d = await ask("local");
    }
  };

  /** Interrupts a walk at decision points; the trigger is read by whoever resumes. */
  const hook: StepHook = (step: StepOutcome) => {
    recent.push(step.action);
    sinceDecision++;
    const fresh = novelty.observe(step.observation);
    if (o.schedule === "every_step") pendingTrigger = "every_step";
    else if (o.trigger === "sensor" && fresh.length > 0) pendingTrigger = "new_object";
    else if (o.trigger === "schedule") {
      const room = roomAt(graph, step.observation.pose.position);
      // the goal room is scanned at its waypoint soon enough: only rooms passed through are news
      if (room && !roomsSeen.has(room)) {
        roomsSeen.add(room);
        if (room !== goalRoom && !visited.includes(room)) pendingTrigger = "new_room";
      }
      if (o.imageDecisionEvery > 0 && sinceDecision >= o.imageDecisionEvery) pendingTrigger = "periodic";
    }
    return pendingTrigger ? "interrupt" : "continue";
  };

  /** Asks at a decision point and, unless the planner hands back, lets it steer. */
  const decisionPoint = async (trigger: Trigger): Promise<LocalOutcome> => local(await ask(trigger));

  /** Walks toward a goal; every interruption is a decision point. */
  const walkTo = async (goal: Vec3, radius?: number) => {
    let walk = await controller.goTo(goal, hook, "plan", radius, around());
    while (walk.status === "interrupted" && outcome === "continue") {
      const trigger = pendingTrigger ?? "periodic";
      pendingTrigger = null;
      outcome = await decisionPoint(trigger);
      if (outcome !== "continue") break;
      walk = await controller.goTo(goal, hook, "plan", radius, around());
    }
    return walk.status;
  };

  /**
   * Where it stands (a waypoint, as near as the house lets it): look, turn around, look again.
   * A decision already made on this very view (sinceDecision 0) is not asked twice.
   */
  const lookAround = async (first: Trigger) => {
    if (scanning) {
      // one call: the views before and after turning around where it stands, and the room plan
      const behind = viewsFor(body.observation, body.images, o.withImages);
      const turn = await controller.turn(180, o.turnAngle, (s) => {
        recent.push(s.action);
        novelty.observe(s.observation);
        return "continue";
      });
      if (turn.status !== "arrived") outcome = "ended";
      else outcome = await local(await ask("room_scan", { behind, plan: true }));
      return;
    }
    if (sinceDecision > 0) outcome = await decisionPoint(first);
    let remaining = 180;
    while (outcome === "continue" && remaining >= o.turnAngle) {
      const turn = await controller.turn(remaining, o.turnAngle, hook);
      remaining -= turn.steps * o.turnAngle;
      if (turn.status === "interrupted") {
        const trigger = pendingTrigger ?? "periodic";
        pendingTrigger = null;
        outcome = await decisionPoint(trigger);
      } else if (turn.status !== "arrived") outcome = "ended";
      else break;
    }
    if (outcome === "continue" && sinceDecision > 0) outcome = await decisionPoint("look_around");
  };

  // The start is a decision point too: the target may be in view already.
  novelty.observe(body.observation);
  let outcome: LocalOutcome = "continue";
  roomsSeen.add(currentRoom() ?? "");
  outcome =
    o.schedule === "every_step"
      ? await decisionPoint("every_step")
      : await local(await ask("arrival", { plan: scanning }));
  let idleRounds = 0;
  while (outcome === "continue" && !body.done && body.stepsLeft > 0) {
    const here = currentRoom();
    const rooms = o.gate ? o.gate.candidates() : graph.rooms;
    if (rooms.length === 0) break;
    const suggestion = takeSuggestion();
    const suggested = suggestion ? rooms.find((r) => r.id === suggestion.id) : undefined;
    let choice: { room: (typeof rooms)[number]; reason: string };
    if (suggested) choice = { room: suggested, reason: `${suggestion?.reason} (planned in the room scan)` };
    else {
      const planned = await o.watch.time("model", () =>
        planRoom(policy, {
          instruction: o.instruction,
          target: o.target,
          rooms,
          currentRoomId: here,
          visited,
          position: body.pose.position,
          ...(o.guidance?.length ? { guidance: o.guidance } : {}),
        }),
      );
      decisions.highLevel++;
      o.onCalls(planned.decision.calls);
      choice = planned.choice;
    }
    goalRoom = choice.room.id;
    stream.emit({
      type: "plan",
      roomId: choice.room.id,
      label: choice.room.label,
      waypoint: choice.room.waypoint,
      reason: choice.reason,
      fromRoomId: here,
      visited: [...visited],
    });
    // pre_action: a room the rules forbid now is not walked to; the planner chooses again without it.
    if (o.gate && !(await o.gate.roomChoice(choice.room))) continue;
    const stepsBefore = body.steps;

    const status = await walkTo(choice.room.waypoint);
    if (outcome !== "continue") break;
    if (status === "budget" || status === "done") {
      outcome = "ended";
      break;
    }
    // No way there that keeps to the rules: leave the room out rather than break them.
    if (gate?.active && (status === "unreachable" || status === "refused")) {
      gate.excluded.add(choice.room.id);
      continue;
    }

    o.trajectory.enterRoom(currentRoom());
    await lookAround(o.schedule === "every_step" ? "every_step" : "arrival");
    visited.push(choice.room.id);
    o.trajectory.searchedRoom(choice.room.id);
    if (outcome !== "continue") break;

    // The search is over once every room was searched, or when a quarter of the steps is left:
    // the instance judged most like the photo will do, if it is plausible at all, and the robot
    // walks back to it for a last look. (A planner that judges nothing leaves the ledger empty.)
    if (!ledger.settling && (rooms.every((r) => visited.includes(r.id)) || body.stepsLeft < budget / 4)) {
      ledger.settling = true;
      const best = ledger.best();
      if (best?.position) {
        const back = await walkTo(best.position, o.approachRadius);
        if (outcome === "continue" && (back === "budget" || back === "done")) outcome = "ended";
        if (outcome === "continue") await lookAround("revisit");
        if (outcome !== "continue") break;
      }
    }

    // Guard against a planner that keeps naming rooms the controller cannot move toward.
    idleRounds = body.steps === stepsBefore ? idleRounds + 1 : 0;
    if (idleRounds > graph.rooms.length + 2) break;
  }
  const stopped = outcome === "stopped";
  if (stopped) o.trajectory.foundIn(currentRoom());
  return { stopped, instanceId: stoppedAt };
}

/** what the planner's perception made of the instances in view (the heuristic's appearance scores): read, never changed */
function judgedInView(obs: Observation, ledger: CandidateLedger) {
  const out: { instanceId: string; score: number | null; views: number }[] = [];
  for (const v of [obs.visible.front, obs.visible.left, obs.visible.right])
    for (const i of v) {
      const c = ledger.get(i.id);
      if (c && !out.some((o) => o.instanceId === i.id)) out.push({ instanceId: i.id, score: c.score, views: c.views });
    }
  return out.length ? { candidates: out } : {};
}
