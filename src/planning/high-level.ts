/**
 * High-level planning (paper §3.3): over the scene graph, the backbone picks the room most
 * likely to hold the target, given the task, the grounded target and its memory hints. The
 * answer is checked against the graph: a room the graph does not have is matched by label,
 * and failing that replaced by the nearest room not yet searched, with the reason saying so.
 */
import type { Decision, GroundOutput, HighLevelOutput, Holding, Policy, SceneGraphRoom } from "../mllm/index.ts";
import type { Vec3 } from "../sim/index.ts";
import { floorDistance } from "./controller.ts";

export interface RoomChoice {
  room: SceneGraphRoom;
  reason: string;
  /** false when the backbone's answer was not a room of the graph and a fallback was used */
  valid: boolean;
}

/** Pure: resolve a backbone answer against the graph. */
export function resolveRoom(
  answer: HighLevelOutput,
  rooms: readonly SceneGraphRoom[],
  position: Vec3,
  visited: readonly string[],
): RoomChoice {
  const byId = rooms.find((r) => r.id === answer.roomId);
  if (byId) return { room: byId, reason: answer.reason, valid: true };
  const wanted = answer.roomId.trim().toLowerCase();
  const byLabel = rooms
    .filter((r) => r.label.toLowerCase() === wanted)
    .sort((a, b) => Number(visited.includes(a.id)) - Number(visited.includes(b.id)))[0];
  if (byLabel) return { room: byLabel, reason: answer.reason, valid: true };
  const fallback = nearestRoom(rooms, position, visited);
  return {
    room: fallback,
    reason: `backbone named "${answer.roomId}", which is not a room of this house; going to the nearest unsearched room (${fallback.label}) instead`,
    valid: false,
  };
}

export function nearestRoom(
  rooms: readonly SceneGraphRoom[],
  position: Vec3,
  visited: readonly string[],
): SceneGraphRoom {
  const unvisited = rooms.filter((r) => !visited.includes(r.id));
  const pool = unvisited.length ? unvisited : rooms;
  return [...pool].sort((a, b) => floorDistance(a.waypoint, position) - floorDistance(b.waypoint, position))[0];
}

export async function planRoom(
  policy: Policy,
  input: {
    instruction: string;
    target: GroundOutput;
    rooms: SceneGraphRoom[];
    currentRoomId: string | null;
    visited: string[];
    position: Vec3;
    guidance?: string[];
    holding?: Holding;
  },
): Promise<{ choice: RoomChoice; decision: Decision<HighLevelOutput> }> {
  if (input.rooms.length === 0) throw new Error("the scene graph has no reachable rooms to plan over");
  const decision = await policy.planHighLevel({
    instruction: input.instruction,
    target: input.target,
    rooms: input.rooms,
    currentRoomId: input.currentRoomId,
    visited: input.visited,
    ...(input.guidance?.length ? { guidance: input.guidance } : {}),
    ...(input.holding ? { holding: input.holding } : {}),
  });
  return { choice: resolveRoom(decision.value, input.rooms, input.position, input.visited), decision };
}
