/**
 * What the renderers and the visibility test draw from a house: the static solids (walls,
 * lintels, furniture parts), the object solids, and the floor texture. Built once per house
 * (or per object list) and cached; houses and object lists are treated as immutable.
 */

import { rgbToPacked } from "./frame.ts";
import { furnitureParts } from "./furniture.ts";
import { type Box, hashString, type RGB } from "./geometry.ts";
import type { House, PlacedObject } from "./house.ts";
import { objectBounds, objectParts } from "./objects.ts";
import { DEFAULT_FLOOR, FLOOR_COLORS } from "./palette.ts";
import { regionOf } from "./regions.ts";
import { FACE_LIGHT, SolidBatch, shadedFaces } from "./solid-batch.ts";
import { wallPieces } from "./structure.ts";

const staticCache = new WeakMap<House, SolidBatch>();

/** Walls, lintels and furniture as boxes; the same boxes occlude objects in visibility tests. */
export function staticSolids(house: House): SolidBatch {
  let batch = staticCache.get(house);
  if (batch) return batch;
  batch = new SolidBatch();
  for (const w of wallPieces(house)) {
    const neg = w.colorNeg;
    const pos = w.colorPos;
    // faces: -x, +x, -y, +y, -z, +z; a wall's long faces take the paint of the room they face
    const faces: RGB[] = w.axis === "x" ? [pos, pos, neg, pos, neg, pos] : [neg, pos, neg, neg, neg, pos];
    const light = w.lintel ? [0.86, 0.9, 0.8, 1, 0.93, 0.84] : [0.86, 0.93, 0.7, 1, 0.97, 0.8];
    // end faces at junctions with the next piece lie inside the wall: never draw them
    const lowFace = w.axis === "x" ? 0 : 4;
    const highFace = w.axis === "x" ? 1 : 5;
    let mask = 0x3f;
    if (!w.endLow) mask &= ~(1 << lowFace);
    if (!w.endHigh) mask &= ~(1 << highFace);
    const shaded = faces.map((c, k) => [
      Math.round(c[0] * light[k]),
      Math.round(c[1] * light[k]),
      Math.round(c[2] * light[k]),
    ]) as RGB[];
    batch.add(w.box, shaded, 0, [0, 0, 0], 0.1, mask);
    // a dark skirting board along both long faces reads as the wall's foot
    if (!w.lintel) {
      const sk = 0.012;
      const b = w.box;
      const skirt: Box =
        w.axis === "x"
          ? { x0: b.x0, x1: b.x1, y0: 0, y1: 0.09, z0: b.z0 - sk, z1: b.z1 + sk }
          : { x0: b.x0 - sk, x1: b.x1 + sk, y0: 0, y1: 0.09, z0: b.z0, z1: b.z1 };
      batch.add(skirt, shadedFaces([120, 100, 80]), 0, [0, 0, 0], 0.1, mask);
    }
  }
  for (const f of house.furniture) {
    for (const part of furnitureParts(f)) batch.add(part.box, shadedFaces(part.color));
  }
  staticCache.set(house, batch);
  return batch;
}

export interface ObjectSolids {
  batch: SolidBatch;
  bounds: Box[];
  /** object k's parts are boxes first[k] .. first[k + 1] - 1 of the batch */
  first: Int32Array;
}

const objectCache = new WeakMap<PlacedObject[], ObjectSolids>();

export function objectSolids(objects: PlacedObject[]): ObjectSolids {
  let hit = objectCache.get(objects);
  if (hit) return hit;
  const batch = new SolidBatch();
  const first = new Int32Array(objects.length + 1);
  objects.forEach((o, k) => {
    first[k] = batch.count;
    for (const p of objectParts(o)) batch.add(p.box, shadedFaces(p.color, FACE_LIGHT), p.pattern, p.accent, p.period);
  });
  first[objects.length] = batch.count;
  hit = { batch, bounds: objects.map(objectBounds), first };
  objectCache.set(objects, hit);
  return hit;
}

/** One level of the floor texture: RGB bytes and the same colours as pixel words (packRGB). */
export interface FloorLevel {
  res: number;
  nx: number;
  nz: number;
  rgb: Uint8Array;
  px: Int32Array;
}

/** The floor's colours at two levels of detail (fine with planks/tiles, coarse averaged). */
export interface FloorTexture {
  ox: number;
  oz: number;
  fine: FloorLevel;
  coarse: FloorLevel;
}

const floorCache = new WeakMap<House, FloorTexture>();

export function floorTexture(house: House): FloorTexture {
  let tex = floorCache.get(house);
  if (tex) return tex;
  const res = 0.025;
  const ox = house.bounds.x0 - 0.5;
  const oz = house.bounds.z0 - 0.5;
  const nx = Math.ceil((house.bounds.x1 - house.bounds.x0 + 1) / res);
  const nz = Math.ceil((house.bounds.z1 - house.bounds.z0 + 1) / res);
  const rgb = new Uint8Array(nx * nz * 3);
  for (let j = 0; j < nz; j++) {
    const z = oz + (j + 0.5) * res;
    for (let i = 0; i < nx; i++) {
      const x = ox + (i + 0.5) * res;
      const room = regionOf(house, x, z);
      const style = room
        ? (FLOOR_COLORS[room.label] ?? DEFAULT_FLOOR)
        : { color: [90, 90, 90] as RGB, tile: "concrete" };
      const k = floorShade(style.tile, x, z, i, j, room?.id ?? "");
      const p = 3 * (j * nx + i);
      rgb[p] = clamp(style.color[0] * k);
      rgb[p + 1] = clamp(style.color[1] * k);
      rgb[p + 2] = clamp(style.color[2] * k);
    }
  }
  const f = 4;
  const cnx = Math.ceil(nx / f);
  const cnz = Math.ceil(nz / f);
  const crgb = new Uint8Array(cnx * cnz * 3);
  for (let j = 0; j < cnz; j++) {
    for (let i = 0; i < cnx; i++) {
      const sum = [0, 0, 0];
      let cnt = 0;
      for (let b = 0; b < f; b++) {
        for (let a = 0; a < f; a++) {
          const si = i * f + a;
          const sj = j * f + b;
          if (si >= nx || sj >= nz) continue;
          const p = 3 * (sj * nx + si);
          sum[0] += rgb[p];
          sum[1] += rgb[p + 1];
          sum[2] += rgb[p + 2];
          cnt++;
        }
      }
      const p = 3 * (j * cnx + i);
      crgb[p] = sum[0] / cnt;
      crgb[p + 1] = sum[1] / cnt;
      crgb[p + 2] = sum[2] / cnt;
    }
  }
  tex = {
    ox,
    oz,
    fine: { res, nx, nz, rgb, px: packed(rgb, nx * nz) },
    coarse: { res: res * f, nx: cnx, nz: cnz, rgb: crgb, px: packed(crgb, cnx * cnz) },
  };
  floorCache.set(house, tex);
  return tex;
}

function packed(rgb: Uint8Array, n: number): Int32Array {
  const px = new Int32Array(n);
  rgbToPacked(rgb, n, px);
  return px;
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/** Brightness factor of the floor at a point for a floor style. */
function floorShade(tile: string, x: number, z: number, i: number, j: number, roomId: string): number {
  const noise = ((hashString(`${i},${j}`) & 0xff) / 255 - 0.5) * 0.06;
  switch (tile) {
    case "planks": {
      const w = 0.16;
      const row = Math.floor(z / w);
      const fz = z / w - row;
      const len = 1.2;
      const off = (hashString(`${roomId}:${row}`) % 100) / 100;
      const u = x / len + off;
      const fu = u - Math.floor(u);
      const plank = Math.floor(u);
      const tint = ((hashString(`${roomId}:${row}:${plank}`) & 0xff) / 255 - 0.5) * 0.16;
      if (fz < 0.12 || fu < 0.02) return 0.72;
      return 1 + tint + noise;
    }
    case "tiles": {
      const t = 0.4;
      const fx = x / t - Math.floor(x / t);
      const fz = z / t - Math.floor(z / t);
      if (fx < 0.06 || fz < 0.06) return 0.8;
      return 1 + noise * 0.5;
    }
    case "carpet":
      return 1 + noise * 2;
    default:
      return 1 + noise * 1.5;
  }
}
