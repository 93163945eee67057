/**
 * The low-level side of navigation (paper §3.3): asking the low-level planner at a decision
 * point, letting it steer until it stops or hands back, and the walks and in-place turns that
 * decision points interrupt. src/planning/low-level.ts says when each trigger fires; this file
 * is where the episode state (nav-state.ts) meets those triggers.
 */
import type { Decision, LowLevelInput, LowLevelOutput } from "../mllm/index.ts";
import { type CandidateLedger, estimatePosition } from "../perception/index.ts";
import {
  askLowLevelPlanner,
  decisionToAction,
  findInstance,
  floorDistance,
  type GoToStatus,
  roomAt,
  type StepHook,
  type StepOutcome,
  type Trigger,
  viewsFor,
} from "../planning/index.ts";
import type { Observation, Vec3 } from "../sim/index.ts";
import {
  around,
  candidateRooms,
  currentRoom,
  type LocalOutcome,
  labelOf,
  type Nav,
  passedThrough,
} from "./nav-state.ts";

/** Asks the low-level planner on the current views; a room scan also asks for the next room. */
export async function ask(
  n: Nav,
  trigger: Trigger,
  scan: { behind?: LowLevelInput["views"]; plan?: boolean } = {},
): Promise<Decision<LowLevelOutput>> {
  const { o, s } = n;
  const body = o.body;
  o.decisions.lowLevel++;
  s.sinceDecision = 0;
  const plan = scan.plan
    ? { rooms: candidateRooms(n), currentRoomId: currentRoom(n), visited: [...s.visited] }
    : undefined;
  const d = await o.watch.time("model", () =>
    askLowLevelPlanner(o.policy, body.observation, body.images, {
      instruction: o.instruction,
      target: o.target,
      referenceImage: o.referenceImage,
      ...(o.otherPhotos?.length ? { otherPhotos: o.otherPhotos } : {}),
      currentRoom: labelOf(n, currentRoom(n)),
      goalRoom: labelOf(n, s.goalRoom),
      stepsLeft: body.stepsLeft,
      recentActions: s.recent,
      withImages: o.withImages,
      pose: body.pose,
      ledger: n.ledger,
      ...(o.guidance?.length ? { guidance: o.guidance } : {}),
      ...(scan.behind ? { behind: scan.behind } : {}),
      ...(plan ? { plan } : {}),
    }),
  );
  o.onCalls(d.calls);
  const next = d.value.nextRoomId;
  s.suggestedRoom = next && plan?.rooms.some((r) => r.id === next) ? { id: next, reason: d.value.reason } : null;
  o.stream.emit({
    type: "low_level",
    step: body.steps,
    trigger,
    decision: d.value.decision,
    ...(d.value.instanceId ? { instanceId: d.value.instanceId } : {}),
    reason: d.value.reason,
    ...(s.suggestedRoom ? { nextRoomId: s.suggestedRoom.id } : {}),
    ...judgedInView(body.observation, n.ledger),
  });
  return d;
}

/** Executes the planner's own choices until it stops, hands back, or the budget ends. */
export async function local(n: Nav, first: Decision<LowLevelOutput>): Promise<LocalOutcome> {
  const { o, s } = n;
  const body = o.body;
  let d = first;
  for (let k = 0; ; k++) {
    const action = decisionToAction(d.value.decision);
    if (action === null) {
      const again = await pursue(n);
      if (again === "ended") return "ended";
      if (again === null) return "continue";
      d = again;
      continue;
    }
    if (body.stepsLeft === 0 || body.done) return "ended";
    if (action === "MOVE_FORWARD" && d.value.instanceId && o.schedule !== "every_step") {
      if ((await alignToRoute(n, d.value.instanceId)) === "ended") return "ended";
    }
    // pre_action: a STOP or a step the rules forbid here is not taken; the plan resumes.
    if (action === "STOP" && o.gate && !(await o.gate.stop(currentRoom(n)))) return "continue";
    if (action === "MOVE_FORWARD" && o.gate && !o.gate.forwardAllowed(body.pose, o.stepLength)) return "continue";
    if (action === "STOP") s.stoppedAt = d.value.instanceId ?? null;
    const out = await body.act(action, "low_level");
    s.recent.push(action);
    if (action === "STOP") return "stopped";
    if (out.done || body.stepsLeft === 0) return "ended";
    if (out.collided && d.value.instanceId) n.ledger.collided(d.value.instanceId);
    n.novelty.observe(out.observation);
    if (out.collided && d.value.instanceId && o.schedule !== "every_step") {
      const walk = await detour(n, out.observation, d.value.instanceId);
      if (walk === "budget" || walk === "done") return "ended";
    }
    // A planner that keeps steering without stopping hands control back to the plan.
    if (k + 1 >= o.maxLocalSteps) return "continue";
    d = await ask(n, "local");
  }
}

/**
 * Blocked on the way to an instance it sees: walk round the obstacle to where the views put the
 * instance, with the path planner, instead of bumping into it again. The planner decides when it
 * is near enough, so the walk hands back at the first view that shows the instance again, but
 * only once it has moved: the detour's opening turns still show the same view, and handing back
 * there lets the planner steer straight into the obstacle again.
 */
async function detour(n: Nav, seenFrom: Observation, id: string): Promise<GoToStatus | null> {
  const { o, s } = n;
  const seen = findInstance(seenFrom, id);
  if (!seen) return null;
  const goal = estimatePosition(o.body.pose, seen.view, seen.instance, o.camera);
  const from = o.body.pose.position;
  const backInView: StepHook = (step) => {
    s.recent.push(step.action);
    n.novelty.observe(step.observation);
    const moved = floorDistance(step.observation.pose.position, from) > 0.05;
    return moved && findInstance(step.observation, id) ? "interrupt" : "continue";
  };
  return (await n.controller.goTo(goal, backInView, "low_level", o.approachRadius, around(n))).status;
}

/** Turns worth taking to line a step up with the route: more and the route leads away from it. */
const MAX_ALIGN_TURNS = 3;

/**
 * A step toward an instance whose way has been blocked since it was last seen nearer than ever
 * (the ledger's `stalled`: stuck now, not bumped once and past it): the planner steers by which
 * view shows it, so its steps run up to half a view's width off the line to it, and through a
 * doorway or past a table's corner that step hits the jamb or the corner again, each side in
 * turn. Before such a step, the path planner's route from here to where the views put the
 * instance gives the heading that clears the obstacle: the turns that begin the route (at most
 * a quarter round) are taken first, and the planner's step then follows the route, not the
 * straight line. A way not blocked now is stepped as the planner chose.
 */
async function alignToRoute(n: Nav, id: string): Promise<"ended" | null> {
  const { o, s } = n;
  const body = o.body;
  if (!n.ledger.get(id)?.stalled) return null;
  const seen = findInstance(body.observation, id);
  if (!seen) return null;
  const goal = estimatePosition(body.pose, seen.view, seen.instance, o.camera);
  const avoid = around(n)?.avoidRegions;
  const plan = await body.sim.planPath({
    goal,
    maxActions: MAX_ALIGN_TURNS + 1,
    ...(avoid?.length ? { avoidRegions: [...avoid] } : {}),
  });
  if (!plan.reachable) return null;
  const turns = routeTurns(plan.actions);
  if (turns === null || turns.length > MAX_ALIGN_TURNS) return null;
  for (const t of turns) {
    const out = await body.act(t, "low_level");
    s.recent.push(t);
    if (out.done || body.stepsLeft === 0) return "ended";
    n.novelty.observe(out.observation);
  }
  return null;
}

/** Pure: the turns a route begins with before its first step forward; null when it has no step forward. */
export function routeTurns(actions: readonly string[]): ("TURN_LEFT" | "TURN_RIGHT")[] | null {
  const turns: ("TURN_LEFT" | "TURN_RIGHT")[] = [];
  for (const a of actions) {
    if (a === "MOVE_FORWARD") return turns;
    if (a === "TURN_LEFT" || a === "TURN_RIGHT") turns.push(a);
    else return null;
  }
  return null;
}

/** Walks routed back to the instance taken for the one, per instance, before the search moves on. */
const MAX_PURSUITS = 2;

/**
 * The planner handed back while it holds an instance for the one it is after (the ledger's
 * `chosen`): a step toward it was blocked, or turned it out of view, or the way kept bumping.
 * Carrying on with the room plan then walks away from the object it has recognised and finds it
 * again only by chance, often a hundred steps later. Instead, route to where the views put it on
 * the navigable map (around the furniture, not straight at it), handing back to the planner as
 * soon as the instance is in view again once it has moved; arrived without seeing it, turn round
 * where it stands (the side views cover the rest) until it shows. The last walk back goes all the
 * way: one seen through a doorway from across a room is lost again by the planner's next straight
 * step, and handing back at each sight of it turned the robot between the same two spots until the
 * steps ran out, the one it was after recognised 5 m away. Bounded per instance, so an
 * object that cannot be reached leaves the search to go on. Returns the planner's next
 * decision, null when there is nothing to pursue, or "ended".
 */
async function pursue(n: Nav): Promise<Decision<LowLevelOutput> | "ended" | null> {
  const { o, ledger } = n;
  const c = ledger.chosen ? ledger.get(ledger.chosen) : undefined;
  if (!c?.position || c.pursuits >= MAX_PURSUITS || o.schedule === "every_step") return null;
  ledger.pursued(c.id);
  const allTheWay = c.pursuits >= MAX_PURSUITS;
  const from = o.body.pose.position;
  const inView: StepHook = (step) => {
    n.s.recent.push(step.action);
    n.novelty.observe(step.observation);
    const moved = floorDistance(step.observation.pose.position, from) > 0.05;
    return !allTheWay && moved && findInstance(step.observation, c.id) ? "interrupt" : "continue";
  };
  const walk = await n.controller.goTo(c.position, inView, "low_level", o.approachRadius, around(n));
  if (walk.status === "budget" || walk.status === "done") return "ended";
  if (walk.status !== "interrupted" && !findInstance(o.body.observation, c.id)) {
    const shows: StepHook = (step) => {
      n.s.recent.push(step.action);
      n.novelty.observe(step.observation);
      return findInstance(step.observation, c.id) ? "interrupt" : "continue";
    };
    const turn = await n.controller.turn(180, o.turnAngle, shows);
    if (turn.status === "budget" || turn.status === "done") return "ended";
  }
  return ask(n, "revisit");
}

/** Asks at a decision point and, unless the planner hands back, lets it steer. */
export async function decisionPoint(n: Nav, trigger: Trigger): Promise<LocalOutcome> {
  return local(n, await ask(n, trigger));
}

/** The step hook of plan walks and turns: interrupts at decision points (see low-level.ts's schedule). */
export function interruptAtDecisionPoints(n: Nav): StepHook {
  const { o, s } = n;
  return (step: StepOutcome) => {
    s.recent.push(step.action);
    s.sinceDecision++;
    const fresh = n.novelty.observe(step.observation);
    if (o.schedule !== "every_step")
      for (const r of passedThrough(n, step.observation.pose.position)) {
        s.visited.push(r.id);
        s.lookedFrom.set(r.id, [...(s.lookedFrom.get(r.id) ?? []), step.observation.pose.position]);
        o.trajectory.searchedRoom(r.id);
      }
    if (o.schedule === "every_step") s.pendingTrigger = "every_step";
    else if (o.trigger === "sensor" && fresh.length > 0) s.pendingTrigger = "new_object";
    else if (o.trigger === "schedule") {
      const room = roomAt(o.graph, step.observation.pose.position);
      // the goal room is scanned at its waypoint soon enough: only rooms passed through are news
      if (room && !s.roomsSeen.has(room)) {
        s.roomsSeen.add(room);
        if (room !== s.goalRoom && !s.visited.includes(room)) s.pendingTrigger = "new_room";
      }
      if (o.imageDecisionEvery > 0 && s.sinceDecision >= o.imageDecisionEvery) s.pendingTrigger = "periodic";
    }
    return s.pendingTrigger ? "interrupt" : "continue";
  };
}

/** The trigger that interrupted a walk, consumed. */
function takeTrigger(n: Nav): Trigger {
  const t = n.s.pendingTrigger ?? "periodic";
  n.s.pendingTrigger = null;
  return t;
}

/** Walks toward a goal; every interruption is a decision point. */
export async function walkTo(n: Nav, goal: Vec3, radius?: number): Promise<GoToStatus> {
  const hook = interruptAtDecisionPoints(n);
  let walk = await n.controller.goTo(goal, hook, "plan", radius, around(n));
  while (walk.status === "interrupted" && n.s.outcome === "continue") {
    n.s.outcome = await decisionPoint(n, takeTrigger(n));
    if (n.s.outcome !== "continue") break;
    walk = await n.controller.goTo(goal, hook, "plan", radius, around(n));
  }
  return walk.status;
}

/**
 * Where it stands (a waypoint, as near as the house lets it): look, turn around, look again.
 * A decision already made on this very view (sinceDecision 0) is not asked twice.
 */
export async function lookAround(n: Nav, first: Trigger): Promise<void> {
  const { o, s } = n;
  if (n.scanning) {
    // one call: the views before and after turning around where it stands, and the room plan
    const behind = viewsFor(o.body.observation, o.body.images, o.withImages);
    const turn = await n.controller.turn(180, o.turnAngle, (step) => {
      s.recent.push(step.action);
      n.novelty.observe(step.observation);
      return "continue";
    });
    if (turn.status !== "arrived") s.outcome = "ended";
    else s.outcome = await local(n, await ask(n, "room_scan", { behind, plan: true }));
    return;
  }
  if (s.sinceDecision > 0) s.outcome = await decisionPoint(n, first);
  const hook = interruptAtDecisionPoints(n);
  let remaining = 180;
  while (s.outcome === "continue" && remaining >= o.turnAngle) {
    const turn = await n.controller.turn(remaining, o.turnAngle, hook);
    remaining -= turn.steps * o.turnAngle;
    if (turn.status === "interrupted") s.outcome = await decisionPoint(n, takeTrigger(n));
    else if (turn.status !== "arrived") s.outcome = "ended";
    else break;
  }
  if (s.outcome === "continue" && s.sinceDecision > 0) s.outcome = await decisionPoint(n, "look_around");
}

/** what the planner's perception made of the instances in view (the heuristic's appearance scores): read, never changed */
function judgedInView(obs: Observation, ledger: CandidateLedger) {
  const out: { instanceId: string; score: number | null; views: number; evidence: number; other?: number }[] = [];
  for (const v of [obs.visible.front, obs.visible.left, obs.visible.right])
    for (const i of v) {
      const c = ledger.get(i.id);
      if (c && !out.some((o) => o.instanceId === i.id))
        out.push({
          instanceId: i.id,
          score: c.score,
          views: c.views,
          evidence: Math.round(c.evidence * 100) / 100,
          ...(c.other !== null ? { other: c.other } : {}),
        });
    }
  return out.length ? { candidates: out } : {};
}
