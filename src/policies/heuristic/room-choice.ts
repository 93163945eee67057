/**
 * Heuristic high-level planning: among rooms not searched yet, first the very rooms (by id) where
 * past episodes in this house found the object, then rooms not searched without it here, then
 * those whose label memory says the object was found in (episodes in other houses, or that name
 * rooms by label only), then the category's usual rooms, then the rest; nearest first within each
 * tier. Rooms the memory rules out go after the others of their tier: by id in this house, by
 * label otherwise. Once an instance plausible enough to be taken at the search's end is in hand,
 * the rooms left are searched on the shortest round that ends back at it, those where the object
 * is likely kept first; once they are searched, the search is over (searchOver).
 */

import { roomsRuledOut } from "../../language/index.ts";
import type { HighLevelInput, HighLevelOutput, Holding, SceneGraphRoom } from "../../mllm/index.ts";
import type { Vec3 } from "../../sim/index.ts";
import { labelMatches, ROOM_PRIORS } from "./room-priors.ts";
import { ENOUGH_EVIDENCE, SEARCH_OVER, VERDICT } from "./thresholds.ts";

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
  const next = nextRoom(input);
  if (!searchOver(input)) return next;
  const { category } = input.target;
  return {
    roomId: next.roomId,
    reason: `every room a ${category} is likely kept in is searched and a plausible match leads every other seen: back to it (else the ${next.reason})`,
    searchOver: true,
  };
}

function nextRoom(input: HighLevelInput): HighLevelOutput {
  const { rooms, visited, currentRoomId, target } = input;
  if (rooms.length === 0) throw new Error("the scene graph has no rooms");
  const hops = hopCounts(rooms, currentRoomId);
  const here = rooms.find((r) => r.id === currentRoomId)?.waypoint;
  const dist = (r: SceneGraphRoom) => (here ? Math.hypot(r.waypoint[0] - here[0], r.waypoint[2] - here[2]) : 0);
  const priors = target.category ? ROOM_PRIORS[target.category] : [];
  const known = target.roomsHere;
  // what memory knows of this house by id says more than labels from other houses' searches
  const ruledOut = known ? [] : target.hints.flatMap(roomsRuledOut);
  const foundHere = (r: Pick<SceneGraphRoom, "id">) => {
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
  // A plausible match in hand, seen well and leading every other instance judged: every room left
  // is still searched (a clearer match may be in one), but the search then walks back to it, so
  // the rooms left go on the shortest round that ends there. Unless it stands in a room memory
  // found the object in, in this very house: then the other such rooms still come first (with a
  // lookalike in hand, the one sought is likelier there).
  const h = input.holding;
  const held =
    h && h.score >= VERDICT.settle && h.evidence >= ENOUGH_EVIDENCE && h.score - h.rival >= VERDICT.margin
      ? h.position
      : null;
  const whereFound = h?.roomId ? Number.isFinite(foundHere({ id: h.roomId })) : false;
  const remembered = whereFound ? [] : open.filter((r) => Number.isFinite(foundHere(r)));
  // A plausible match in hand, however small its views (SEARCH_OVER): the rooms where the object
  // is likely kept come first, on the shortest round back to it, so that the search can end
  // (searchOver) as soon as they are searched.
  const likely = likelyRooms(input);
  const likelyOpen = open.filter((r) => likely.includes(r));
  if (
    !revisit &&
    h &&
    here &&
    remembered.length === 0 &&
    plausibleInHand(h, target) &&
    likelyOpen.length < open.length
  ) {
    const room = likelyOpen.length ? roundEndingAt(here, likelyOpen, h.position)[0] : undefined;
    if (room)
      return {
        roomId: room.id,
        reason: `a plausible match is in hand: the ${room.label} (${room.id}), where a ${target.category} is likely kept, opens the shortest round of those rooms back to it`,
      };
  }
  if (!revisit && held && here && open.length > 1 && remembered.length === 0) {
    const room = roundEndingAt(here, open, held)[0];
    return {
      roomId: room.id,
      reason: `a plausible match is in hand: the ${room.label} (${room.id}) opens the shortest round of the rooms left back to it`,
    };
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

/**
 * Pure: whether the search can end before the rooms left are searched (ProCompNav-style, the
 * decision over the pool seen so far): memory places the object, so the house has rooms where it
 * is likely kept (the rooms memory found it in, here or by label, and the category's usual
 * rooms); every one of them is searched, and so is at least a share of the house (the pool
 * compared is the house's, not one room's); and the best instance seen is plausible and leads
 * every other judged by a margin (SEARCH_OVER). A lookalike that would beat it is most likely
 * where such objects are kept, and there it would have been seen; the rooms left are walked only
 * if the best fails a closer look.
 */
export function searchOver(input: HighLevelInput): boolean {
  if (!input.holding || !plausibleInHand(input.holding, input.target)) return false;
  if (foundAgain(input.holding, input)) return true;
  const likely = likelyRooms(input);
  const searched = input.rooms.filter((r) => input.visited.includes(r.id)).length;
  return (
    likely.length > 0 &&
    likely.every((r) => input.visited.includes(r.id)) &&
    searched >= SEARCH_OVER.houseShare * input.rooms.length
  );
}

/**
 * Pure: a past search of this house found the object in this very room (by id), the room has
 * been searched (its look-around done, so a lookalike standing in it would have been seen too),
 * the best seen stands in it, scoring `foundAgainScore` or more, and it is the only instance of
 * its category seen so far. Its looks and memory's place agree, and there is no lookalike to
 * compare it with: the rooms left are not walked for one.
 */
export function foundAgain(h: Holding, input: Pick<HighLevelInput, "target" | "visited">): boolean {
  if (h.sizeToCompare || h.roomId === null || !input.visited.includes(h.roomId)) return false;
  // the pool is this one instance: a lookalike seen anywhere leaves the comparison to the search's end
  if (h.others !== 0) return false;
  if (!(input.target.roomsHere?.found.includes(h.roomId) ?? false)) return false;
  return h.score >= SEARCH_OVER.foundAgainScore;
}

/**
 * Pure: whether the best seen could end the search (SEARCH_OVER): plausible, and well ahead of
 * every other judged. A small object's views score low even for the right instance, so one that
 * stands in a room where memory found the object in this very house is also plausible from the
 * score that could be taken at the search's end, when it leads every other judged by the wider
 * `whereFoundMargin`: its looks and memory's place agree.
 */
export function plausibleInHand(h: Holding, target?: Pick<HighLevelInput["target"], "roomsHere">): boolean {
  // set apart by its size: the one the size picks out may stand in a room left; the user's own
  // lookalike not seen yet stands in one too (thresholds.ts TWIN_UNSEEN)
  if (h.sizeToCompare || h.twinUnseen || h.evidence < SEARCH_OVER.evidence) return false;
  const lead = h.score - h.rival;
  if (h.score >= SEARCH_OVER.score && lead >= SEARCH_OVER.margin) return true;
  const whereFound = h.roomId !== null && (target?.roomsHere?.found.includes(h.roomId) ?? false);
  return whereFound && h.score >= SEARCH_OVER.whereFoundScore && lead >= SEARCH_OVER.whereFoundMargin;
}

/**
 * Pure: the rooms of this house where the object is likely kept: where memory found it, and its
 * category's usual rooms. None when memory places it nowhere: the usual rooms alone are too weak
 * a guide to end a search on (without memory, on polar-dev and polar-dev2's acquisition
 * episodes, it took a lookalike in a hallway with the toy sought in the kitchen left unsearched,
 * and what those episodes wrote to memory sent later searches to the wrong room first).
 */
export function likelyRooms(input: Pick<HighLevelInput, "rooms" | "target">): SceneGraphRoom[] {
  const { target } = input;
  const found = target.roomsHere?.found ?? [];
  if (target.likelyRooms.length === 0 && found.length === 0) return [];
  const labels = [...(target.category ? ROOM_PRIORS[target.category] : []), ...target.likelyRooms];
  return input.rooms.filter((r) => found.includes(r.id) || labels.some((l) => labelMatches(r.label, l)));
}

/** Rooms at most this many are ordered exactly (Held-Karp); more, nearest first. */
const EXACT_ROUND = 10;

/**
 * Pure: the order of `rooms` that makes the shortest walk from `from` through every room's
 * waypoint to `end`, in straight lines on the floor (a proxy for the walk: rooms are entered
 * through their doors, but a far room stays far).
 */
export function roundEndingAt(from: Vec3, rooms: readonly SceneGraphRoom[], end: Vec3): SceneGraphRoom[] {
  const d = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[2] - b[2]);
  const n = rooms.length;
  if (n <= 1) return [...rooms];
  if (n > EXACT_ROUND) {
    const left = [...rooms];
    const order: SceneGraphRoom[] = [];
    let at = from;
    while (left.length) {
      left.sort((a, b) => d(at, a.waypoint) - d(at, b.waypoint));
      const next = left.shift() as SceneGraphRoom;
      order.push(next);
      at = next.waypoint;
    }
    return order;
  }
  // cost[set][last]: the shortest walk from `from` through the rooms of `set`, ending at `last`
  const full = (1 << n) - 1;
  const cost = Array.from({ length: full + 1 }, () => new Array<number>(n).fill(Number.POSITIVE_INFINITY));
  const prev = Array.from({ length: full + 1 }, () => new Array<number>(n).fill(-1));
  for (let i = 0; i < n; i++) cost[1 << i][i] = d(from, rooms[i].waypoint);
  for (let set = 1; set <= full; set++)
    for (let last = 0; last < n; last++) {
      const c = cost[set][last];
      if (!(set & (1 << last)) || !Number.isFinite(c)) continue;
      for (let next = 0; next < n; next++) {
        if (set & (1 << next)) continue;
        const to = set | (1 << next);
        const via = c + d(rooms[last].waypoint, rooms[next].waypoint);
        if (via < cost[to][next]) {
          cost[to][next] = via;
          prev[to][next] = last;
        }
      }
    }
  let last = 0;
  for (let i = 1; i < n; i++)
    if (cost[full][i] + d(rooms[i].waypoint, end) < cost[full][last] + d(rooms[last].waypoint, end)) last = i;
  const order: SceneGraphRoom[] = [];
  for (let set = full; last >= 0; ) {
    order.unshift(rooms[last]);
    const p = prev[set][last];
    set &= ~(1 << last);
    last = p;
  }
  return order;
}
