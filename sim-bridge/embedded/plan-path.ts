/**
 * plan_path: primitive actions that walk the agent toward a goal point. First a route search
 * over the reachable poses (route-search.ts: it finds the way out of pockets and keeps clear of
 * bumps); where that stops short (its expansion bound), a greedy follower on
 * the goal's geodesic field: at each move it tries every heading it can reach by turning
 * (left or right, fewest turns first), simulates MOVE_FORWARD there with the same motion code
 * the session steps with, and takes the move that lowers the geodesic distance most. So the
 * actions, replayed with `step`, reach exactly the poses planned here. When no single move makes
 * progress (a doorway at an awkward angle), it looks two moves ahead before giving up.
 *
 * With regions to avoid (avoid.ts), the field is the goal's over the cells outside them, and a
 * move is taken only if no point along it enters one (the start room excepted until the walk
 * leaves it). Without, every step below is the same as it always was.
 */
import type { Action, Pose, Vec3 } from "../../src/sim/protocol.ts";
import type { RegionAvoidance } from "./avoid.ts";
import type { DistanceField } from "./distance-field.ts";
import { moveForward, turn } from "./motion.ts";
import type { NavGrid } from "./navgrid.ts";
import { type RouteOptions, searchRoute } from "./route-search.ts";

export interface PlanOptions {
  stepLength: number;
  /** degrees */
  turnAngle: number;
  maxActions: number;
  /** regions the walk must keep out of */
  avoid?: RegionAvoidance;
}

export interface Plan {
  actions: Action[];
  reachable: boolean;
  /** geodesic from the current pose to the goal (to its nearest navigable point), metres */
  geodesic: number | null;
  /** floor (x, z) where the walk starts and where each MOVE_FORWARD of `actions` lands */
  positions: [number, number][];
}

/** Progress a move must make to count, so the walk never dithers in place. */
const MIN_PROGRESS = 1e-3;
/** Turns tried each way per move (the protocol's smallest turn, 1°, needs 180). */
const MAX_TURNS = 180;
/**
 * The longest plan, whatever maxActions or the step budget says (the protocol caps maxActions
 * at 10,000 too): with MIN_PROGRESS per move this bounds one plan_path's work.
 */
export const MAX_PLAN_ACTIONS = 10_000;
/**
 * Moves one plan may simulate (each a MOVE_FORWARD of at most a few hundred grid samples): the
 * look-two-ahead fallback with small turn angles costs (2·180/turnAngle + 1)² moves, so a plan
 * that spends this many ends early, with the actions found so far (call plan_path again).
 */
export const MAX_PLAN_MOVES = 400_000;

interface Move {
  turns: Action[];
  pose: Pose;
  dist: number;
  /** with regions to avoid: whether the walk has left the start room once this move is made */
  left?: boolean;
}

/** Whether a move may be taken; sets its `left` (see RegionAvoidance.check). */
type MoveFilter = (from: Pose, m: Move, left: boolean) => boolean;

/** Every "turn k times, then step" move from pose, with the geodesic where it lands. */
function moves(grid: NavGrid, field: DistanceField, pose: Pose, opts: PlanOptions): Move[] {
  const maxTurns = Math.min(MAX_TURNS, Math.ceil(180 / opts.turnAngle));
  const out: Move[] = [];
  const add = (p: Pose, k: number, dir: number) => {
    const landed = moveForward(grid, p, opts.stepLength).pose;
    const turns: Action[] = Array(k).fill(dir > 0 ? "TURN_LEFT" : "TURN_RIGHT");
    out.push({ turns, pose: landed, dist: field.at(landed.position[0], landed.position[2]) });
  };
  add(pose, 0, 1);
  // k turns each way, one turn more per round (the same turn() calls that stepping makes)
  let left = pose;
  let right = pose;
  for (let k = 1; k <= maxTurns; k++) {
    left = turn(left, opts.turnAngle);
    right = turn(right, -opts.turnAngle);
    add(left, k, 1);
    add(right, k, -1);
  }
  return out;
}

/**
 * The best move that gets closer than `than`: most progress, then fewest turns. With a filter,
 * the best of those it lets through (asked only of moves that would win).
 */
function bestMove(ms: Move[], than: number, filter?: { ok: MoveFilter; from: Pose; left: boolean }): Move | undefined {
  let best: Move | undefined;
  for (const m of ms) {
    if (!(m.dist < than - MIN_PROGRESS)) continue;
    if (
      !best ||
      m.dist < best.dist - 1e-9 ||
      (Math.abs(m.dist - best.dist) <= 1e-9 && m.turns.length < best.turns.length)
    ) {
      if (filter && !filter.ok(filter.from, m, filter.left)) continue;
      best = m;
    }
  }
  return best;
}

function routeFilter(avoid: RegionAvoidance): NonNullable<RouteOptions["allow"]> {
  return (from, to, left) => {
    const r = avoid.check(from.position[0], from.position[2], to.position[0], to.position[2], left);
    return { ok: r !== "refused", left: r === "left" };
  };
}

/** The pose a route's actions end at, with the session's own motion code. */
function replay(grid: NavGrid, from: Pose, actions: readonly Action[], opts: PlanOptions): Pose {
  let pose = from;
  for (const a of actions)
    pose =
      a === "MOVE_FORWARD"
        ? moveForward(grid, pose, opts.stepLength).pose
        : turn(pose, a === "TURN_LEFT" ? opts.turnAngle : -opts.turnAngle);
  return pose;
}

function avoidFilter(avoid: RegionAvoidance): MoveFilter {
  return (from, m, left) => {
    const [ax, , az] = from.position;
    const [bx, , bz] = m.pose.position;
    const r = avoid.check(ax, az, bx, bz, left);
    m.left = r === "left";
    return r !== "refused";
  };
}

export function planActions(grid: NavGrid, from: Pose, goal: Vec3, opts: PlanOptions): Plan {
  const start: [number, number] = [from.position[0], from.position[2]];
  const unreachable: Plan = { actions: [], reachable: false, geodesic: null, positions: [start] };
  const snapped = grid.snap(goal[0], goal[2]);
  if (!snapped) return unreachable;
  const avoid = opts.avoid;
  if (avoid && (avoid.forbids(goal[0], goal[2]) || avoid.forbids(snapped[0], snapped[1]))) return unreachable;
  const field = grid.distanceField(snapped[0], snapped[1], avoid?.mask);
  const d0 = field.at(from.position[0], from.position[2]);
  if (!Number.isFinite(d0)) return unreachable;
  const ok = avoid ? avoidFilter(avoid) : undefined;

  // Close enough once another step cannot reliably get closer.
  const arrive = Math.max(opts.stepLength / 2, grid.resolution);
  // The route search first: it walks out of pockets and round furniture instead of into it.
  // What it leaves (a route cut at its expansion bound) the greedy follower goes on from.
  const route = searchRoute(grid, field, from, {
    stepLength: opts.stepLength,
    turnAngle: opts.turnAngle,
    arrive,
    ...(avoid ? { allow: routeFilter(avoid) } : {}),
  });
  const actions: Action[] = [...route.actions];
  const positions: [number, number][] = [...route.positions];
  let pose = replay(grid, from, route.actions, opts);
  let dist = route.dist;
  let left = route.left;
  const maxActions = Math.min(opts.maxActions, MAX_PLAN_ACTIONS);
  let budget = MAX_PLAN_MOVES;
  const movesFrom = (p: Pose) => {
    const ms = moves(grid, field, p, opts);
    budget -= ms.length;
    return ms;
  };
  // ends: each round adds at least one action, or breaks
  while (dist > arrive && actions.length < maxActions && budget > 0) {
    const first = movesFrom(pose);
    let chosen = bestMove(first, dist, ok && { ok, from: pose, left });
    if (!chosen) {
      // two moves ahead: take the first half of the best pair
      let bestPair: { m: Move; dist: number } | undefined;
      for (const m of first) {
        if (budget <= 0) break;
        if (ok && !ok(pose, m, left)) continue;
        const second = bestMove(movesFrom(m.pose), dist, ok && { ok, from: m.pose, left: m.left ?? false });
        if (second && (!bestPair || second.dist < bestPair.dist)) bestPair = { m, dist: second.dist };
      }
      chosen = bestPair?.m;
    }
    if (!chosen) break;
    actions.push(...chosen.turns, "MOVE_FORWARD");
    positions.push([chosen.pose.position[0], chosen.pose.position[2]]);
    pose = chosen.pose;
    dist = chosen.dist;
    left = chosen.left ?? left;
  }
  // a plan cut at maxActions keeps the positions of the moves it still holds
  const kept = actions.slice(0, maxActions);
  const moved = kept.reduce((n, a) => n + (a === "MOVE_FORWARD" ? 1 : 0), 0);
  return { actions: kept, reachable: true, geodesic: d0, positions: positions.slice(0, moved + 1) };
}
