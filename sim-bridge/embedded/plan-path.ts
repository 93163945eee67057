/**
 * plan_path: primitive actions that walk the agent toward a goal point. A greedy follower on
 * the goal's geodesic field: at each move it tries every heading it can reach by turning
 * (left or right, fewest turns first), simulates MOVE_FORWARD there with the same motion code
 * the session steps with, and takes the move that lowers the geodesic distance most. So the
 * actions, replayed with `step`, reach exactly the poses planned here. When no single move makes
 * progress (a doorway at an awkward angle), it looks two moves ahead before giving up.
 */
import type { Action, Pose, Vec3 } from "../../src/sim/protocol.ts";
import { moveForward, turn } from "./motion.ts";
import type { DistanceField, NavGrid } from "./navgrid.ts";

export interface PlanOptions {
  stepLength: number;
  /** degrees */
  turnAngle: number;
  maxActions: number;
}

export interface Plan {
  actions: Action[];
  reachable: boolean;
  /** geodesic from the current pose to the goal (to its nearest navigable point), metres */
  geodesic: number | null;
}

/** Progress a move must make to count, so the walk never dithers in place. */
const MIN_PROGRESS = 1e-3;

interface Move {
  turns: Action[];
  pose: Pose;
  dist: number;
}

/** Every "turn k times, then step" move from pose, with the geodesic where it lands. */
function moves(grid: NavGrid, field: DistanceField, pose: Pose, opts: PlanOptions): Move[] {
  const maxTurns = Math.ceil(180 / opts.turnAngle);
  const out: Move[] = [];
  for (let k = 0; k <= maxTurns; k++) {
    for (const dir of k === 0 ? [1] : [1, -1]) {
      let p = pose;
      for (let i = 0; i < k; i++) p = turn(p, dir * opts.turnAngle);
      const landed = moveForward(grid, p, opts.stepLength).pose;
      const turns: Action[] = Array(k).fill(dir > 0 ? "TURN_LEFT" : "TURN_RIGHT");
      out.push({ turns, pose: landed, dist: field.at(landed.position[0], landed.position[2]) });
    }
  }
  return out;
}

/** The best move that gets closer than `than`: most progress, then fewest turns. */
function bestMove(ms: Move[], than: number): Move | undefined {
  let best: Move | undefined;
  for (const m of ms) {
    if (!(m.dist < than - MIN_PROGRESS)) continue;
    if (
      !best ||
      m.dist < best.dist - 1e-9 ||
      (Math.abs(m.dist - best.dist) <= 1e-9 && m.turns.length < best.turns.length)
    ) {
      best = m;
    }
  }
  return best;
}

export function planActions(grid: NavGrid, from: Pose, goal: Vec3, opts: PlanOptions): Plan {
  const snapped = grid.snap(goal[0], goal[2]);
  if (!snapped) return { actions: [], reachable: false, geodesic: null };
  const field = grid.distanceField(snapped[0], snapped[1]);
  const d0 = field.at(from.position[0], from.position[2]);
  if (!Number.isFinite(d0)) return { actions: [], reachable: false, geodesic: null };

  // Close enough once another step cannot reliably get closer.
  const arrive = Math.max(opts.stepLength / 2, grid.resolution);
  const actions: Action[] = [];
  let pose = from;
  let dist = d0;
  while (dist > arrive && actions.length < opts.maxActions) {
    const first = moves(grid, field, pose, opts);
    let chosen = bestMove(first, dist);
    if (!chosen) {
      // two moves ahead: take the first half of the best pair
      let bestPair: { m: Move; dist: number } | undefined;
      for (const m of first) {
        const second = bestMove(moves(grid, field, m.pose, opts), dist);
        if (second && (!bestPair || second.dist < bestPair.dist)) bestPair = { m, dist: second.dist };
      }
      chosen = bestPair?.m;
    }
    if (!chosen) break;
    actions.push(...chosen.turns, "MOVE_FORWARD");
    pose = chosen.pose;
    dist = chosen.dist;
  }
  return { actions: actions.slice(0, opts.maxActions), reachable: true, geodesic: d0 };
}
