/** Room lookups that the generator, placement and the session share. */
import { containsPoint } from "./geometry.ts";
import type { House, Room } from "./house.ts";

/** The room whose floor contains (x, z); on a shared wall line the first listed room wins. */
export function regionOf(house: House, x: number, z: number): Room | undefined {
  for (const room of house.rooms) if (containsPoint(room.rect, x, z)) return room;
  return undefined;
}

/** Doorway rooms as unordered pairs, once each: the region adjacency of the house. */
export function roomAdjacency(house: House): [string, string][] {
  const seen = new Set<string>();
  const out: [string, string][] = [];
  for (const d of house.doors) {
    const [a, b] = d.rooms[0] < d.rooms[1] ? d.rooms : [d.rooms[1], d.rooms[0]];
    const key = `${a}|${b}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([a, b]);
  }
  return out;
}
