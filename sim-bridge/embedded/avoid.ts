/**
 * plan_path's avoidRegions on the embedded simulator. A region is a room (regions.ts); a point
 * is in the room regionOf names, so the rule agrees with scene_info's bounds. Two parts:
 *
 * - a cell mask for the geodesic field: the grid's navigable cells less those whose centre lies
 *   in an avoided room (the agent's own room stays open, so a plan can start inside it);
 * - an exact test for every move the follower considers: each point along it (half a cell
 *   apart) must be outside the avoided rooms, except inside the start room before the path
 *   first leaves it. The mask steers; this test decides, so a move that clips a doorway's
 *   corner into an avoided room is refused even where the cell centres said otherwise.
 */
import { SimError } from "../../src/sim/simulator.ts";
import type { House } from "./house.ts";
import type { CellMask, NavGrid } from "./navgrid.ts";
import { regionOf } from "./regions.ts";

/** What a move does to the walk: enters an avoided region, stays in the start room, or is out of it. */
export type MoveCheck = "refused" | "in_start" | "left";

/** Masks kept per grid (distinct avoid sets and start rooms; an episode uses one or two). */
const MASKS_PER_GRID = 16;

interface GridRegions {
  /** index into house.rooms of the room each cell's centre lies in, -1 for none */
  cellRoom: Int16Array;
  masks: Map<string, CellMask>;
}
const byGrid = new WeakMap<NavGrid, GridRegions>();

function gridRegions(house: House, grid: NavGrid): GridRegions {
  let g = byGrid.get(grid);
  if (!g) {
    const cellRoom = new Int16Array(grid.cells.length).fill(-1);
    const index = new Map(house.rooms.map((r, i) => [r.id, i]));
    for (let c = 0; c < grid.cells.length; c++) {
      if (grid.cells[c] !== 1) continue;
      const [x, z] = grid.cellCenter(c);
      const room = regionOf(house, x, z);
      if (room) cellRoom[c] = index.get(room.id) ?? -1;
    }
    g = { cellRoom, masks: new Map() };
    byGrid.set(grid, g);
  }
  return g;
}

/** The ids that are not rooms of the house, as invalid_params naming the first one. */
export function checkRegionIds(house: House, ids: readonly string[]): void {
  const known = new Set(house.rooms.map((r) => r.id));
  ids.forEach((id, i) => {
    if (!known.has(id)) {
      const some = [...known].slice(0, 12).join(", ");
      throw new SimError(
        "invalid_params",
        `plan_path: params.avoidRegions.${i}: "${id}" is not a region of this scene (scene_info lists them: ${some}${known.size > 12 ? ", …" : ""})`,
        `params.avoidRegions.${i}`,
      );
    }
  });
}

export class RegionAvoidance {
  /** the avoided room the walk starts in, open until the walk leaves it */
  readonly exempt: string | undefined;
  readonly mask: CellMask;
  private readonly avoided: Set<string>;
  private readonly sample: number;

  /** `ids` must be rooms of the house (checkRegionIds). */
  constructor(
    private readonly house: House,
    grid: NavGrid,
    ids: readonly string[],
    start: readonly [number, number],
  ) {
    this.avoided = new Set(ids);
    const here = regionOf(house, start[0], start[1])?.id;
    this.exempt = here !== undefined && this.avoided.has(here) ? here : undefined;
    this.sample = grid.resolution / 2;
    const g = gridRegions(house, grid);
    const closed = house.rooms.map((r) => this.avoided.has(r.id) && r.id !== this.exempt);
    const key = `avoid:${closed.map((v) => (v ? 1 : 0)).join("")}`;
    let mask = g.masks.get(key);
    if (!mask) {
      const cells = new Uint8Array(grid.cells);
      for (let c = 0; c < cells.length; c++)
        if (cells[c] === 1 && g.cellRoom[c] >= 0 && closed[g.cellRoom[c]]) cells[c] = 0;
      mask = { key, cells };
      g.masks.set(key, mask);
      if (g.masks.size > MASKS_PER_GRID) g.masks.delete(g.masks.keys().next().value as string);
    }
    this.mask = mask;
  }

  /** Whether (x, z) lies in an avoided region (the start room included: a goal may not be there). */
  forbids(x: number, z: number): boolean {
    const id = regionOf(this.house, x, z)?.id;
    return id !== undefined && this.avoided.has(id);
  }

  /** The straight move a→b, for a walk that has (`left`) or has not yet left the start room. */
  check(ax: number, az: number, bx: number, bz: number, left: boolean): MoveCheck {
    // rooms are rectangles: a move that starts and ends in one room stays in it
    const from = regionOf(this.house, ax, az)?.id;
    const same = from !== undefined && from === regionOf(this.house, bx, bz)?.id;
    const n = same ? 1 : Math.max(1, Math.ceil(Math.hypot(bx - ax, bz - az) / this.sample));
    for (let k = 1; k <= n; k++) {
      const t = k / n;
      const id = regionOf(this.house, ax + (bx - ax) * t, az + (bz - az) * t)?.id;
      if (id === this.exempt && this.exempt !== undefined && !left) continue;
      if (id !== undefined && this.avoided.has(id)) return "refused";
      left = true;
    }
    return left ? "left" : "in_start";
  }
}

/**
 * The regions a walk through `points` (floor x, z; the start first) passes, in order: each
 * straight leg sampled every `sample` metres (a leg within one room needs no samples), repeats
 * collapsed, floor outside every room skipped.
 */
export function regionsAlong(house: House, points: readonly (readonly [number, number])[], sample: number): string[] {
  const out: string[] = [];
  const at = (x: number, z: number) => regionOf(house, x, z)?.id;
  const visit = (id: string | undefined) => {
    if (id !== undefined && out[out.length - 1] !== id) out.push(id);
  };
  let prev = points.length ? at(points[0][0], points[0][1]) : undefined;
  visit(prev);
  for (let i = 1; i < points.length; i++) {
    const [ax, az] = points[i - 1];
    const [bx, bz] = points[i];
    const here = at(bx, bz);
    // a leg that ends in the room it starts in stays in it (rooms are rectangles)
    if (prev === undefined || prev !== here) {
      const n = Math.max(1, Math.ceil(Math.hypot(bx - ax, bz - az) / sample));
      for (let k = 1; k < n; k++) visit(at(ax + ((bx - ax) * k) / n, az + ((bz - az) * k) / n));
    }
    visit(here);
    prev = here;
  }
  return out;
}
