/**
 * The scene graph of paper §3.3: rooms as nodes (label, waypoint), adjacency as edges. Built
 * once per scene, before its first episode, by a traversal: the simulator's region layout
 * (scene_info) is confirmed by actually walking to every waypoint with plan_path + step. Rooms
 * the walk cannot reach stay out of the graph the planner sees. The traversal's steps are its
 * own (a separate body and budget), reported once per scene and never charged to an episode.
 */
import type { SceneGraphRoom } from "../mllm/index.ts";
import type { AgentSimulator, Image, Observation, Pose, SceneInfo, Vec3 } from "../sim/index.ts";
import { Body } from "./body.ts";
import { Controller, type ControllerOptions, floorDistance } from "./controller.ts";

export interface SceneGraph {
  sceneId: string;
  rooms: SceneGraphRoom[];
  /** region bounds from scene_info, when the simulator gives them (room lookup by position) */
  bounds: Record<string, { min: Vec3; max: Vec3 }>;
  traversal: {
    steps: number;
    pathLength: number;
    /** room ids in the order they were reached */
    order: string[];
    unreachable: string[];
    durationMs: number;
  };
}

/** Pure: the graph's nodes and edges from scene_info, before any walking. */
export function graphFromSceneInfo(info: SceneInfo): { rooms: SceneGraphRoom[]; bounds: SceneGraph["bounds"] } {
  const ids = new Set(info.regions.map((r) => r.id));
  const adjacent = new Map<string, Set<string>>(info.regions.map((r) => [r.id, new Set<string>()]));
  for (const [a, b] of info.adjacency) {
    if (!ids.has(a) || !ids.has(b) || a === b) continue; // an edge to an unknown region says nothing usable
    adjacent.get(a)!.add(b);
    adjacent.get(b)!.add(a);
  }
  const bounds: SceneGraph["bounds"] = {};
  for (const r of info.regions) if (r.bounds) bounds[r.id] = r.bounds;
  return {
    rooms: info.regions.map((r) => ({
      id: r.id,
      label: r.label,
      waypoint: [...r.waypoint] as Vec3,
      adjacent: [...adjacent.get(r.id)!].sort(),
    })),
    bounds,
  };
}

/** The room a position is in: the region whose bounds hold it, else the nearest waypoint. */
export function roomAt(graph: Pick<SceneGraph, "rooms" | "bounds">, position: Vec3): string | null {
  for (const room of graph.rooms) {
    const b = graph.bounds[room.id];
    if (b && position[0] >= b.min[0] && position[0] <= b.max[0] && position[2] >= b.min[2] && position[2] <= b.max[2]) {
      return room.id;
    }
  }
  let best: string | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (const room of graph.rooms) {
    const d = floorDistance(room.waypoint, position);
    if (d < bestD) {
      bestD = d;
      best = room.id;
    }
  }
  return best;
}

export interface TraversalOptions extends ControllerOptions {
  /** a navigable pose to start walking from (an episode's start pose does) */
  start: Pose;
  /** step budget for the whole traversal */
  budget: number;
}

/**
 * Walks every region's waypoint, nearest unvisited first, and returns the confirmed graph.
 * The simulator must have the scene loaded. `restart` puts the agent at a pose in the empty
 * house (the harness resets the simulator: the traversal is not an episode), so the caller
 * resets again for the episode.
 */
export async function buildSceneGraph(
  sim: AgentSimulator,
  restart: (pose: Pose) => Promise<{ observation: Observation; images: Image[] }>,
  sceneId: string,
  opts: TraversalOptions,
): Promise<SceneGraph> {
  const t0 = performance.now();
  const info = await sim.sceneInfo();
  const { rooms, bounds } = graphFromSceneInfo(info);
  let body = new Body(sim, await restart(opts.start), { budget: opts.budget, views: false });
  let steps = 0;
  let pathLength = 0;
  const order: string[] = [];
  const unreachable: string[] = [];
  const pending = new Set(rooms.map((r) => r.id));
  const byId = new Map(rooms.map((r) => [r.id, r]));
  while (pending.size > 0) {
    const here = body.pose.position;
    const next = [...pending]
      .map((id) => byId.get(id)!)
      .sort((a, b) => floorDistance(a.waypoint, here) - floorDistance(b.waypoint, here) || a.id.localeCompare(b.id))[0];
    pending.delete(next.id);
    let res = await new Controller(body, opts).goTo(next.waypoint);
    if (res.status === "done") {
      // The simulator's own per-episode step limit ended this leg: carry on from where it stands.
      steps += body.steps;
      pathLength += body.pathLength;
      body = new Body(sim, await restart(body.pose), { budget: opts.budget - steps, views: false });
      res = await new Controller(body, opts).goTo(next.waypoint);
    }
    // A walk that ends a step short of the waypoint (furniture in the way) still reached the room.
    const reached = res.status === "arrived" || (res.status === "stuck" && res.remaining <= 2 * opts.arrivalRadius);
    if (reached) order.push(next.id);
    else unreachable.push(next.id);
    if (res.status === "budget") {
      for (const id of pending) unreachable.push(id);
      break;
    }
  }
  steps += body.steps;
  pathLength += body.pathLength;
  const reached = new Set(order);
  return {
    sceneId,
    rooms: rooms
      .filter((r) => reached.has(r.id))
      .map((r) => ({ ...r, adjacent: r.adjacent.filter((a) => reached.has(a)) })),
    bounds,
    traversal: {
      steps,
      pathLength,
      order,
      unreachable: unreachable.sort(),
      durationMs: performance.now() - t0,
    },
  };
}

/**
 * One graph per scene, built on first use; concurrent episodes in the same scene share the
 * build. `built` tells the caller whether this call paid for the traversal (to report it once).
 * A shared build that fails fails only the episode whose simulator ran it (stopped, or its
 * bridge gone): the others waiting on it build the graph again with their own.
 */
export class SceneGraphCache {
  private readonly graphs = new Map<string, Promise<SceneGraph>>();

  async get(sceneId: string, build: () => Promise<SceneGraph>): Promise<{ graph: SceneGraph; built: boolean }> {
    for (let existing = this.graphs.get(sceneId); existing; existing = this.graphs.get(sceneId)) {
      try {
        return { graph: await existing, built: false };
      } catch {
        // the builder has removed it (below) before its waiters see the failure
      }
    }
    const pending = build();
    this.graphs.set(sceneId, pending);
    try {
      return { graph: await pending, built: true };
    } catch (e) {
      this.graphs.delete(sceneId); // a failed build must not poison later episodes
      throw e;
    }
  }

  has(sceneId: string): boolean {
    return this.graphs.has(sceneId);
  }
}
