/**
 * Heuristic high-level planning: among rooms not searched yet, first the very rooms (by id) where
 * past episodes in this house found the object, then rooms not searched without it here, then
 * those whose label memory says the object was found in (episodes in other houses, or that name
 * rooms by label only), then the category's usual rooms, then the rest; nearest first within each
 * tier. Rooms the memory rules out go after the others of their tier: by id in this house, by
 * label otherwise.
 */
import type { HighLevelInput, HighLevelOutput, SceneGraphRoom } from "../../mllm/index.ts";
import { labelMatches, ROOM_PRIORS, roomsRuledOut } from "./room-priors.ts";

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
  const key = (r: SceneGraphRoom) => [
    foundHere(r),
    known?.searched.includes(r.id) ? 1 : 0,
    rank(target.likelyRooms, r),
    ruledOut.some((l) => labelMatches(r.label, l)) ? 1 : 0,
    rank(priors, r),
    hops.get(r.id) ?? Number.POSITIVE_INFINITY,
    dist(r),
  ];
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
