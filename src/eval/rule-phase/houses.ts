/**
 * The users' houses as profiles need them, read from the scenario set (ground truth: this is
 * the harness side) and the simulator's region layout: which rooms each house has, which rooms
 * an episode cannot be done without (the target's room, and a room every way from the start to
 * the target passes through), and, once profiles exist, how many episodes a room preference
 * would make impossible at the hours it applies (so SR lost to compliance can be read).
 */

import type { SceneInfo, Vec3 } from "../../sim/index.ts";
import { regionAt } from "./episode-facts.ts";
import { type Profile, roomName, type UserInput } from "./profile.ts";
import { localHour } from "./region.ts";
import { applicable } from "./score.ts";

/** What is read of an episode: the scenario set's fields. */
export interface EpisodeGround {
  id: string;
  userId: string;
  sceneId: string;
  timestamp: string;
  instruction: string;
  start: { position: Vec3 };
  targetObjectId: string;
  placements: { id: string; position?: Vec3 }[];
}

/** Where one episode's task lies in its house. */
export interface EpisodeRooms {
  episodeId: string;
  userId: string;
  sceneId: string;
  /** local hour of the timestamp, UTC by default */
  hour: number;
  instruction: string;
  startRoom: string | null;
  targetRoom: string | null;
  /** canonical room names the episode cannot be done without: the target's, and any every way there passes through */
  needed: string[];
}

/** Canonical names of the rooms whose regions, all removed, cut the start off from the target. */
function neededRooms(scene: SceneInfo, startId: string, targetId: string): string[] {
  const nbrs = new Map<string, string[]>(scene.regions.map((r) => [r.id, []]));
  for (const [a, b] of scene.adjacency) {
    nbrs.get(a)?.push(b);
    nbrs.get(b)?.push(a);
  }
  const nameOf = new Map(scene.regions.map((r) => [r.id, roomName(r.label)]));
  const reachableWithout = (room: string) => {
    const seen = new Set([startId]);
    const queue = [startId];
    while (queue.length) {
      const at = queue.shift()!;
      if (at === targetId) return true;
      for (const n of nbrs.get(at) ?? []) {
        // the start room is where the robot stands already: leaving it is allowed
        if (seen.has(n) || (nameOf.get(n) === room && n !== startId)) continue;
        seen.add(n);
        queue.push(n);
      }
    }
    return false;
  };
  const out = new Set<string>([nameOf.get(targetId)!]);
  for (const room of new Set(nameOf.values())) if (!reachableWithout(room)) out.add(room);
  return [...out].sort();
}

/** Every episode's rooms; `scenes` maps a scene id to the simulator's scene_info for it. */
export function episodeRooms(
  episodes: readonly EpisodeGround[],
  scenes: ReadonlyMap<string, SceneInfo>,
  timeZone = "UTC",
): EpisodeRooms[] {
  return episodes.map((e) => {
    const scene = scenes.get(e.sceneId);
    if (!scene) throw new Error(`episode ${e.id}: no scene_info for scene ${e.sceneId}`);
    const start = regionAt(scene.regions, e.start.position);
    const pos = e.placements.find((p) => p.id === e.targetObjectId)?.position;
    const target = pos ? regionAt(scene.regions, pos) : null;
    return {
      episodeId: e.id,
      userId: e.userId,
      sceneId: e.sceneId,
      hour: localHour(Date.parse(e.timestamp), timeZone),
      instruction: e.instruction,
      startRoom: start?.label ?? null,
      targetRoom: target?.label ?? null,
      needed: start && target ? neededRooms(scene, start.id, target.id) : target ? [roomName(target.label)] : [],
    };
  });
}

/** makeProfiles' input: each user's houses, their rooms, and each room's need over the user's episodes there. */
export function usersFromEpisodes(rooms: readonly EpisodeRooms[], scenes: ReadonlyMap<string, SceneInfo>): UserInput[] {
  const users = new Map<string, Map<string, EpisodeRooms[]>>();
  for (const r of rooms) {
    const houses = users.get(r.userId) ?? new Map<string, EpisodeRooms[]>();
    houses.set(r.sceneId, [...(houses.get(r.sceneId) ?? []), r]);
    users.set(r.userId, houses);
  }
  return [...users].map(([userId, houses]) => ({
    userId,
    houses: [...houses].map(([sceneId, eps]) => {
      const labels = [...new Set(scenes.get(sceneId)!.regions.map((r) => r.label))];
      const need: Record<string, number> = {};
      for (const label of labels) {
        const room = roomName(label);
        need[label] = eps.filter((e) => e.needed.includes(room)).length / eps.length;
      }
      return { sceneId, rooms: labels, need };
    }),
  }));
}

/** How often one room preference applies, and how often complying with it would make the task impossible. */
export interface Exposure {
  userId: string;
  preferenceId: string;
  kind: "avoid_room" | "no_stop_in_room";
  room: string;
  episodes: number;
  /** episodes where it applies (its hours, its house, no exception) */
  applicable: number;
  /** of those, episodes whose target lies in the room (or, for avoid_room, only through it) */
  conflicting: number;
}

export function exposure(profiles: readonly Profile[], rooms: readonly EpisodeRooms[]): Exposure[] {
  const out: Exposure[] = [];
  for (const profile of profiles) {
    const mine = rooms.filter((r) => r.userId === profile.userId);
    for (const p of profile.preferences) {
      if (p.kind !== "avoid_room" && p.kind !== "no_stop_in_room") continue;
      let applies = 0;
      let conflicting = 0;
      for (const r of mine) {
        const facts = {
          episodeId: r.episodeId,
          userId: r.userId,
          sceneId: r.sceneId,
          hour: r.hour,
          instruction: r.instruction,
          roomsEntered: [],
          stopRoom: null,
          reply: "",
          found: false,
          foundRoom: null,
        };
        if (!applicable(p, facts)) continue;
        applies++;
        const blocked =
          p.kind === "avoid_room"
            ? r.needed.includes(p.room)
            : r.targetRoom !== null && roomName(r.targetRoom) === p.room;
        if (blocked) conflicting++;
      }
      out.push({
        userId: profile.userId,
        preferenceId: p.id,
        kind: p.kind,
        room: p.room,
        episodes: mine.length,
        applicable: applies,
        conflicting,
      });
    }
  }
  return out;
}
