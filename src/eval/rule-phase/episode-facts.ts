/**
 * What actually happened in one episode, for the preference scorer and the simulated user:
 * where the robot's body was, step by step (from the simulator's poses and the simulator's own
 * region layout), where it stopped, what it said, and whether it found the object. Never the
 * agent's beliefs about where it was, nor the rule layer's verdicts.
 */
import { z } from "zod";
import type { EpisodeEvent } from "../../agent/index.ts";
import type { Receptacle, SceneInfo, Vec3 } from "../../sim/index.ts";
import { localHour } from "./region.ts";

export const EpisodeFacts = z.strictObject({
  episodeId: z.string().min(1),
  userId: z.string().min(1),
  sceneId: z.string().min(1),
  /** local hour of the episode's timestamp (0–23) */
  hour: z.number().int().min(0).max(23),
  instruction: z.string(),
  /**
   * Room labels the robot's pose was in, in order, a room repeated only after leaving it; the
   * first is where it started (being put down in a room is not entering it).
   */
  roomsEntered: z.array(z.string().min(1)),
  /** the room it called STOP in; null when it never stopped */
  stopRoom: z.string().min(1).nullable(),
  /** what it told the user at the end ("" when it said nothing) */
  reply: z.string(),
  /** it stopped at the target (the episode's success) */
  found: z.boolean(),
  /** the room the target lies in, when found */
  foundRoom: z.string().min(1).nullable(),
});
export type EpisodeFacts = z.infer<typeof EpisodeFacts>;

/** Validates facts built elsewhere, naming the field that is wrong. */
export function parseFacts(value: unknown): EpisodeFacts {
  const r = EpisodeFacts.safeParse(value);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new Error(`episode facts: ${i.path.join(".") || "(root)"}: ${i.message}`);
  }
  return r.data;
}

type Regions = SceneInfo["regions"];

/**
 * The region a floor position lies in, by the simulator's region bounds; a region without
 * bounds is matched by its nearest waypoint, and only when no bounded region holds the point.
 */
export function regionAt(regions: Regions, p: Vec3): Regions[number] | null {
  for (const r of regions) {
    const b = r.bounds;
    if (b && p[0] >= b.min[0] && p[0] <= b.max[0] && p[2] >= b.min[2] && p[2] <= b.max[2]) return r;
  }
  let best: Regions[number] | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (const r of regions) {
    if (r.bounds) continue;
    const d = Math.hypot(r.waypoint[0] - p[0], r.waypoint[2] - p[2]);
    if (d < bestD) {
      bestD = d;
      best = r;
    }
  }
  return best;
}

/** Room labels along a walk, a room repeated only after the robot left it; positions outside every room are skipped. */
export function roomsAlong(regions: Regions, positions: readonly Vec3[]): string[] {
  const out: string[] = [];
  let lastId: string | null = null;
  for (const p of positions) {
    const r = regionAt(regions, p);
    if (!r || r.id === lastId) continue;
    lastId = r.id;
    out.push(r.label);
  }
  return out;
}

/** What factsFromRecord reads: the harness's record, the episode, its event stream, the scene's regions. */
export interface RecordSources {
  /** the harness's EpisodeRecord (only these fields are read) */
  record: { episodeId: string; userId: string; sceneId: string; success: boolean; stopped: boolean };
  /** the episode as the scenario set gives it: the timestamp (ISO 8601), the instruction, the target's placement */
  episode: {
    timestamp: string;
    instruction: string;
    targetObjectId: string;
    placements: { id: string; position?: Vec3; receptacleId?: string }[];
  };
  /** the episode's events; only `pose` events are read (the simulator's pose after every step, and at the start) */
  events: readonly EpisodeEvent[];
  /** the simulator's scene_info for the episode's scene */
  scene: SceneInfo;
  /** load_scene's receptacles: where a target placed on furniture without a position lies */
  receptacles?: readonly Receptacle[];
  /** the reply the user got; null when the episode ended without one */
  reply: string | null;
  /** the time zone hours are read in (default UTC: the scenario sets' timestamps are UTC) */
  timeZone?: string;
}

/**
 * The facts of one episode from what the harness recorded. Rooms come from the simulator's
 * poses placed in the simulator's own regions, so a robot that believed it was elsewhere is
 * scored where it was.
 */
export function factsFromRecord(src: RecordSources): EpisodeFacts {
  const { record, episode, scene } = src;
  const at = Date.parse(episode.timestamp);
  if (Number.isNaN(at)) throw new Error(`episode ${record.episodeId}: timestamp "${episode.timestamp}" is not a date`);
  const poses = src.events
    .filter((e): e is Extract<EpisodeEvent, { type: "pose" }> => e.type === "pose")
    .sort((a, b) => a.step - b.step || a.seq - b.seq)
    .map((e) => e.pose.position);
  const roomsEntered = roomsAlong(scene.regions, poses);
  const last = poses[poses.length - 1];
  const stopRoom = record.stopped && last ? (regionAt(scene.regions, last)?.label ?? null) : null;
  let foundRoom: string | null = null;
  if (record.success) {
    const target = episode.placements.find((p) => p.id === episode.targetObjectId);
    if (!target) throw new Error(`episode ${record.episodeId}: target ${episode.targetObjectId} is not placed`);
    if (target.position) foundRoom = regionAt(scene.regions, target.position)?.label ?? null;
    else {
      // on furniture without a position: the furniture's region, when the scene's receptacles are known
      const on = src.receptacles?.find((r) => r.id === target.receptacleId);
      foundRoom = scene.regions.find((r) => r.id === on?.regionId)?.label ?? null;
    }
  }
  return parseFacts({
    episodeId: record.episodeId,
    userId: record.userId,
    sceneId: record.sceneId,
    hour: localHour(at, src.timeZone ?? "UTC"),
    instruction: episode.instruction,
    roomsEntered,
    stopRoom,
    reply: src.reply ?? "",
    found: record.success,
    foundRoom,
  });
}
