/**
 * A search for a route of primitive actions over the nav grid: A* over the poses the agent can
 * reach with TURN_LEFT, TURN_RIGHT and MOVE_FORWARD (the session's own motion code), guided by
 * the goal's geodesic field. The greedy follower in plan-path.ts takes the move that gains most
 * at once; with 1 m steps it can stall in a pocket where every single move loses ground (a
 * doorway at an awkward angle, a corner behind furniture), and its best move may be one that
 * slides into an obstacle. The search sees the whole route, so it finds the way out of a pocket
 * and prefers moves that do not bump: a collision costs as much as walking a few metres.
 */
import { Heap } from "heap-js";
import type { Action, Pose } from "../../src/sim/protocol.ts";
import type { DistanceField } from "./distance-field.ts";
import { moveForward, turn } from "./motion.ts";
import type { NavGrid } from "./navgrid.ts";

/** What a bump costs, in metres of walking: enough to walk round most furniture instead. */
export const COLLISION_COST = 3;
/** What a turn costs: turns are free for path length but still spend a step of the budget. */
const TURN_COST = 0.05;
/** Poses the search may expand before it settles for the closest one it reached. */
export const MAX_EXPANSIONS = 40_000;

export interface RouteOptions {
  stepLength: number;
  turnAngle: number;
  /** close enough: the field's distance at which the route ends */
  arrive: number;
  /** a forward move the walk may take (region avoidance); also tells whether it left the start room */
  allow?: (from: Pose, to: Pose, left: boolean) => { ok: boolean; left: boolean };
}

export interface Route {
  actions: Action[];
  /** floor (x, z) after each MOVE_FORWARD of `actions`, the start first */
  positions: [number, number][];
  /** whether the route ends within `arrive` (else it ends as close as the search got) */
  complete: boolean;
  /** the field's distance where the route ends */
  dist: number;
  /** with regions to avoid: whether the route has left the start room */
  left: boolean;
}

interface Node {
  pose: Pose;
  g: number;
  f: number;
  h: number;
  left: boolean;
  parent: Node | null;
  action: Action | null;
}

/** Poses this close (m) with the same heading bin are one state: the floor is continuous. */
const POSITION_BIN = 0.1;

/** Heading bins: poses that differ by less than a turn are one state. */
function headingBin(heading: number, turnAngle: number): number {
  const bins = Math.max(1, Math.round(360 / turnAngle));
  const deg = ((heading * 180) / Math.PI + 360) % 360;
  return Math.round(deg / turnAngle) % bins;
}

export function searchRoute(grid: NavGrid, field: DistanceField, from: Pose, o: RouteOptions): Route {
  const q = Math.max(grid.resolution, POSITION_BIN);
  const key = (n: { pose: Pose; left: boolean }) =>
    `${Math.floor(n.pose.position[0] / q)},${Math.floor(n.pose.position[2] / q)}:${headingBin(n.pose.heading, o.turnAngle)}:${n.left ? 1 : 0}`;
  const h0 = field.at(from.position[0], from.position[2]);
  const start: Node = { pose: from, g: 0, h: h0, f: h0, left: false, parent: null, action: null };
  const open = new Heap<Node>((a, b) => a.f - b.f || a.h - b.h);
  open.push(start);
  const best = new Map<string, number>([[key(start), 0]]);
  let closest = start;
  let goal: Node | null = null;
  for (let n = 0; n < MAX_EXPANSIONS; n++) {
    const cur = open.pop();
    if (!cur) break;
    if (cur.g > (best.get(key(cur)) ?? Infinity)) continue;
    if (cur.h < closest.h) closest = cur;
    if (cur.h <= o.arrive) {
      goal = cur;
      break;
    }
    for (const next of successors(grid, field, cur, o)) {
      const k = key(next);
      if (next.g < (best.get(k) ?? Infinity) - 1e-9) {
        best.set(k, next.g);
        open.push(next);
      }
    }
  }
  const end = goal ?? closest;
  const actions: Action[] = [];
  const positions: [number, number][] = [];
  for (let n: Node | null = end; n?.parent; n = n.parent) {
    actions.push(n.action as Action);
    if (n.action === "MOVE_FORWARD") positions.push([n.pose.position[0], n.pose.position[2]]);
  }
  positions.push([from.position[0], from.position[2]]);
  return {
    actions: actions.reverse(),
    positions: positions.reverse(),
    complete: goal !== null,
    dist: end.h,
    left: end.left,
  };
}

function successors(grid: NavGrid, field: DistanceField, cur: Node, o: RouteOptions): Node[] {
  const out: Node[] = [];
  const child = (pose: Pose, cost: number, action: Action, left: boolean): Node => {
    const h = field.at(pose.position[0], pose.position[2]);
    return { pose, g: cur.g + cost, h, f: cur.g + cost + h, left, parent: cur, action };
  };
  out.push(child(turn(cur.pose, o.turnAngle), TURN_COST, "TURN_LEFT", cur.left));
  out.push(child(turn(cur.pose, -o.turnAngle), TURN_COST, "TURN_RIGHT", cur.left));
  const moved = moveForward(grid, cur.pose, o.stepLength);
  const [ax, , az] = cur.pose.position;
  const [bx, , bz] = moved.pose.position;
  const length = Math.hypot(bx - ax, bz - az);
  // a move that goes nowhere is a bump and nothing else
  if (length < grid.resolution / 2) return out;
  const allowed = o.allow ? o.allow(cur.pose, moved.pose, cur.left) : { ok: true, left: cur.left };
  if (!allowed.ok) return out;
  const next = child(moved.pose, length + (moved.collided ? COLLISION_COST : 0), "MOVE_FORWARD", allowed.left);
  if (Number.isFinite(next.h)) out.push(next);
  return out;
}
