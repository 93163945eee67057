/**
 * Heuristic high-level planning: among rooms not searched yet, first the very rooms (by id) where
 * past episodes in this house found the object, then rooms not searched without it here, then
 * those whose label memory says the object was found in (episodes in other houses, or that name
 * rooms by label only), then the category's usual rooms, then the rest. Rooms the memory rules
 * out go after the others of their tier: by id in this house, by label otherwise.
 *
 * Within a tier the rooms are ranked (the order memory found it in them, or the category's
 * usual rooms, most likely first), and the rank is weighed against the walk: the next room is
 * the one with the least (walk + search) × (rank + 1), the walk measured over the room graph.
 * So the second most likely room goes first only when it costs less than half as much to reach
 * and search, and rooms with nothing to tell them apart go nearest first. Ranking alone sent
 * the robot across the house and back between rooms memory named (living room, kitchen, the
 * bedroom next to where it started, then the bathroom beside the kitchen).
 */
import type { HighLevelInput, HighLevelOutput, SceneGraphRoom } from "../../mllm/index.ts";
import { labelMatches, ROOM_PRIORS, roomsRuledOut } from "./room-priors.ts";
import { ROOM_SEARCH_COST } from "./thresholds.ts";

/** Hops from `from` over the adjacency (treated as undirected); unreachable rooms get Infinity. */
export function hopCounts(rooms: SceneGraphRoom[], from: string | null): Map<string, number> {
  const neighbours = new Map<string, Set<string>>(rooms.map((r) => [r.id, new Set<string>()]));
  for (const r of rooms) {
    for (const a of r.adjacent) {
      neighbours.get(r.id)?.add(a);
      neighbours.get(a)?.add(r.id);
    }
  }
  const hops = new Map<string, number>();
  if (from === null || !neighbours.has(from)) return hops;
  hops.set(from, 0);
  const queue = [from];
  while (queue.length) {
    const id = queue.shift() as string;
    for (const n of neighbours.get(id) ?? []) {
      if (!hops.has(n)) {
        hops.set(n, (hops.get(id) as number) + 1);
        queue.push(n);
      }
    }
  }
  return hops;
}

/**
 * Walking distance (m) from `from` to every room over the adjacency, each hop the straight line
 * between waypoints: walls keep a room behind one far even when its waypoint is near. A room no
 * chain of adjacent rooms reaches gets the straight line (an adjacency the layout left out).
 */
export function walkDistances(rooms: SceneGraphRoom[], from: string | null): Map<string, number> {
  const byId = new Map(rooms.map((r) => [r.id, r]));
  const start = from === null ? undefined : byId.get(from);
  const dist = new Map<string, number>();
  if (!start) return dist;
  const line = (a: SceneGraphRoom, b: SceneGraphRoom) =>
    Math.hypot(a.waypoint[0] - b.waypoint[0], a.waypoint[2] - b.waypoint[2]);
  const neighbours = new Map<string, Set<string>>(rooms.map((r) => [r.id, new Set<string>()]));
  for (const r of rooms)
    for (const a of r.adjacent) {
      if (!byId.has(a)) continue;
      neighbours.get(r.id)?.add(a);
      neighbours.get(a)?.add(r.id);
    }
  const best = new Map<string, number>([[start.id, 0]]);
  const open = new Set<string>([start.id]);
  while (open.size) {
    const id = [...open].reduce((a, b) => ((best.get(a) ?? 0) <= (best.get(b) ?? 0) ? a : b));
    open.delete(id);
    dist.set(id, best.get(id) ?? 0);
    for (const n of neighbours.get(id) ?? []) {
      if (dist.has(n)) continue;
      const d = (best.get(id) ?? 0) + line(byId.get(id)!, byId.get(n)!);
      if (d < (best.get(n) ?? Number.POSITIVE_INFINITY)) {
        best.set(n, d);
        open.add(n);
      }
    }
  }
  for (const r of rooms) if (!dist.has(r.id)) dist.set(r.id, line(start, r));
  return dist;
}

const rank = (labels: string[], room: SceneGraphRoom) => {
  const i = labels.findIndex((l) => labelMatches(room.label, l));
  return i < 0 ? Number.POSITIVE_INFINITY : i;
};

export function chooseRoom(input: HighLevelInput): HighLevelOutput {
  const { rooms, visited, currentRoomId, target } = input;
  if (rooms.length === 0) throw new Error("the scene graph has no rooms");
  const hops = hopCounts(rooms, currentRoomId);
  const here = rooms.find((r) => r.id === currentRoomId)?.waypoint;
  const dist = (r: SceneGraphRoom) => (here ? Math.hypot(r.waypoint[0] - here[0], r.waypoint[2] - here[2]) : 0);
  const priors = target.category ? ROOM_PRIORS[target.category] : [];
  const known = target.roomsHere;
  // what memory knows of this house by id says more than labels from other houses' searches
  const ruledOut = known ? [] : target.hints.flatMap(roomsRuledOut);
  const foundHere = (r: SceneGraphRoom) => {
    const i = known?.found.indexOf(r.id) ?? -1;
    return i < 0 ? Number.POSITIVE_INFINITY : i;
  };

  const seen = new Set(visited);
  let open = rooms.filter((r) => !seen.has(r.id));
  let revisit = false;
  if (open.length === 0) {
    // Everything searched once: go round again, starting with the room searched longest ago
    // (by its LAST search: ranking by the first would bounce between the two rooms searched first).
    revisit = true;
    const order = (r: SceneGraphRoom) => visited.lastIndexOf(r.id);
    const again = rooms.filter((r) => r.id !== currentRoomId).sort((a, b) => order(a) - order(b));
    open = again.length ? [again[0]] : rooms;
  }
  const walk = walkDistances(rooms, currentRoomId);
  const finite = (x: number) => (Number.isFinite(x) ? 0 : 1);
  // the tier: which kind of evidence points at the room (lexicographic, as before)
  const tier = (r: SceneGraphRoom) => [
    finite(foundHere(r)),
    known?.searched.includes(r.id) ? 1 : 0,
    finite(rank(target.likelyRooms, r)),
    ruledOut.some((l) => labelMatches(r.label, l)) ? 1 : 0,
    finite(rank(priors, r)),
  ];
  // the room's rank within its tier's evidence (0 where the tier ranks nothing)
  const within = (r: SceneGraphRoom) =>
    [foundHere(r), rank(target.likelyRooms, r), rank(priors, r)].find(Number.isFinite) ?? 0;
  const cost = (r: SceneGraphRoom) => ((walk.get(r.id) ?? 0) + ROOM_SEARCH_COST) * (within(r) + 1);
  const key = (r: SceneGraphRoom) => [...tier(r), cost(r), hops.get(r.id) ?? Number.POSITIVE_INFINITY, dist(r)];
  const sorted = [...open].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  const room = sorted[0];
  const why = revisit
    ? "every room searched once; revisiting the one searched longest ago"
    : Number.isFinite(foundHere(room))
      ? `memory says the object was found in this ${room.label} (${room.id}) before`
      : Number.isFinite(rank(target.likelyRooms, room))
        ? `memory says the object was found in a ${room.label}`
        : Number.isFinite(rank(priors, room))
          ? `a ${target.category} is usually in a ${room.label}`
          : "nearest room not searched yet";
  return { roomId: room.id, reason: why };
}
