/**
 * The house's walls as boxes: every room edge, merged where rooms share a wall, cut at the
 * doorways, split where the room on either side changes (so each face can take the paint of
 * the room it faces), plus a lintel above each doorway. Cached per house: houses are treated
 * as immutable once built.
 */
import type { Box, RGB } from "./geometry.ts";
import type { House } from "./house.ts";
import { DEFAULT_WALL, WALL_COLORS } from "./palette.ts";
import { regionOf } from "./regions.ts";

export const WALL_THICKNESS = 0.1;
export const DOOR_HEIGHT = 2.1;

export interface WallPiece {
  box: Box;
  /** the wall line runs along this axis */
  axis: "x" | "z";
  /** paint of the face toward -z (axis x) or -x (axis z), and toward + */
  colorNeg: RGB;
  colorPos: RGB;
  lintel: boolean;
  /** the piece's low / high end is a real end (corner, jamb), not a junction with the next piece */
  endLow: boolean;
  endHigh: boolean;
}

const cache = new WeakMap<House, WallPiece[]>();

export function wallPieces(house: House): WallPiece[] {
  let pieces = cache.get(house);
  if (!pieces) {
    pieces = buildWalls(house);
    cache.set(house, pieces);
  }
  return pieces;
}

const EPS = 1e-6;
const key = (v: number) => Math.round(v * 1000) / 1000;

function buildWalls(house: House): WallPiece[] {
  const t = WALL_THICKNESS / 2;
  // lines[axis][coord] = intervals along the axis
  const lines = { x: new Map<number, [number, number][]>(), z: new Map<number, [number, number][]>() };
  const breaks = { x: new Map<number, number[]>(), z: new Map<number, number[]>() };
  const add = (axis: "x" | "z", c: number, a: number, b: number) => {
    const k = key(c);
    const list = lines[axis].get(k) ?? [];
    list.push([a, b]);
    lines[axis].set(k, list);
  };
  for (const r of house.rooms) {
    const { x0, z0, x1, z1 } = r.rect;
    add("x", z0, x0, x1);
    add("x", z1, x0, x1);
    add("z", x0, z0, z1);
    add("z", x1, z0, z1);
  }
  for (const axis of ["x", "z"] as const) {
    for (const c of lines[axis].keys()) {
      const bs: number[] = [];
      for (const r of house.rooms) {
        if (axis === "x") bs.push(r.rect.x0, r.rect.x1);
        else bs.push(r.rect.z0, r.rect.z1);
      }
      breaks[axis].set(c, bs);
    }
  }
  const pieces: WallPiece[] = [];
  const paint = (x: number, z: number): RGB => {
    const room = regionOf(house, x, z);
    return room ? (WALL_COLORS[room.label] ?? DEFAULT_WALL) : [236, 236, 230];
  };
  for (const axis of ["x", "z"] as const) {
    for (const [c, intervals] of lines[axis]) {
      const merged = mergeIntervals(intervals);
      const doors = house.doors
        .filter((d) => d.axis === axis && Math.abs((axis === "x" ? d.z : d.x) - c) < 1e-3)
        .map((d) => {
          const m = axis === "x" ? d.x : d.z;
          return [m - d.width / 2, m + d.width / 2] as [number, number];
        });
      const doorEdges = new Set(doors.flatMap(([a, b]) => [key(a), key(b)]));
      const cuts = [...new Set([...(breaks[axis].get(c) ?? []), ...doors.flat()].map(key))].sort((p, q) => p - q);
      for (const [a, b] of merged) {
        for (const [pa, pb] of subtract([a, b], doors)) {
          const pts = [pa, ...cuts.filter((v) => v > pa + EPS && v < pb - EPS), pb];
          for (let i = 0; i + 1 < pts.length; i++) {
            const s0 = pts[i];
            const s1 = pts[i + 1];
            if (s1 - s0 < 1e-3) continue;
            // pieces abut exactly at junctions; true ends reach (just short of) the far face
            // of a crossing wall, closing corners without faces coplanar with it
            const low = i === 0;
            const high = i + 2 === pts.length;
            const e0 = !low || doorEdges.has(key(s0)) ? s0 : s0 - t * 0.96;
            const e1 = !high || doorEdges.has(key(s1)) ? s1 : s1 + t * 0.96;
            const mid = (s0 + s1) / 2;
            const box: Box =
              axis === "x"
                ? { x0: e0, x1: e1, y0: 0, y1: house.wallHeight, z0: c - t, z1: c + t }
                : { x0: c - t, x1: c + t, y0: 0, y1: house.wallHeight, z0: e0, z1: e1 };
            const colorNeg = axis === "x" ? paint(mid, c - 0.2) : paint(c - 0.2, mid);
            const colorPos = axis === "x" ? paint(mid, c + 0.2) : paint(c + 0.2, mid);
            pieces.push({ box, axis, colorNeg, colorPos, lintel: false, endLow: low, endHigh: high });
          }
        }
      }
    }
  }
  for (const d of house.doors) {
    if (house.wallHeight <= DOOR_HEIGHT) continue;
    const h = d.width / 2;
    const box: Box =
      d.axis === "x"
        ? { x0: d.x - h, x1: d.x + h, y0: DOOR_HEIGHT, y1: house.wallHeight, z0: d.z - t, z1: d.z + t }
        : { x0: d.x - t, x1: d.x + t, y0: DOOR_HEIGHT, y1: house.wallHeight, z0: d.z - h, z1: d.z + h };
    const colorNeg = d.axis === "x" ? paint(d.x, d.z - 0.2) : paint(d.x - 0.2, d.z);
    const colorPos = d.axis === "x" ? paint(d.x, d.z + 0.2) : paint(d.x + 0.2, d.z);
    pieces.push({ box, axis: d.axis, colorNeg, colorPos, lintel: true, endLow: true, endHigh: true });
  }
  return pieces;
}

function mergeIntervals(list: [number, number][]): [number, number][] {
  const sorted = [...list].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + EPS) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

function subtract(seg: [number, number], holes: [number, number][]): [number, number][] {
  let parts: [number, number][] = [seg];
  for (const [ha, hb] of holes) {
    const next: [number, number][] = [];
    for (const [a, b] of parts) {
      if (hb <= a || ha >= b) next.push([a, b]);
      else {
        if (ha > a) next.push([a, ha]);
        if (hb < b) next.push([hb, b]);
      }
    }
    parts = next;
  }
  return parts;
}
