/**
 * Small geometric and random-number helpers shared by the generator, the nav grid and the
 * renderers. Everything here is plain data and pure functions.
 */
import type { Rect } from "./house.ts";

/** An axis-aligned box in world space (metres, y up). */
export interface Box {
  x0: number;
  y0: number;
  z0: number;
  x1: number;
  y1: number;
  z1: number;
}

export type RGB = [number, number, number];

export function rect(x0: number, z0: number, x1: number, z1: number): Rect {
  return { x0: Math.min(x0, x1), z0: Math.min(z0, z1), x1: Math.max(x0, x1), z1: Math.max(z0, z1) };
}

export function rectArea(r: Rect): number {
  return (r.x1 - r.x0) * (r.z1 - r.z0);
}

export function inflate(r: Rect, m: number): Rect {
  return { x0: r.x0 - m, z0: r.z0 - m, x1: r.x1 + m, z1: r.z1 + m };
}

export function containsPoint(r: Rect, x: number, z: number): boolean {
  return x >= r.x0 && x <= r.x1 && z >= r.z0 && z <= r.z1;
}

export function rectsOverlap(a: Rect, b: Rect): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.z0 < b.z1 && b.z0 < a.z1;
}

/** Euclidean distance from a point to a rectangle (0 inside). */
export function pointRectDistance(r: Rect, x: number, z: number): number {
  const dx = x < r.x0 ? r.x0 - x : x > r.x1 ? x - r.x1 : 0;
  const dz = z < r.z0 ? r.z0 - z : z > r.z1 ? z - r.z1 : 0;
  return Math.hypot(dx, dz);
}

/**
 * Does the 2-D segment (ax,az)→(bx,bz) cross the rectangle's interior? Slab test; touching
 * the boundary does not count, so a point resting on a surface is not "behind" it.
 */
export function segmentHitsRect(r: Rect, ax: number, az: number, bx: number, bz: number): boolean {
  return segmentHitsBox(r.x0, -1, r.z0, r.x1, 1, r.z1, ax, 0, az, bx, 0, bz);
}

/** 3-D slab test of the open segment a→b (endpoints excluded by a small margin) against a box. */
export function segmentHitsBox(
  x0: number,
  y0: number,
  z0: number,
  x1: number,
  y1: number,
  z1: number,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
): boolean {
  let t0 = 1e-4;
  let t1 = 1 - 1e-4;
  const dx = bx - ax;
  if (Math.abs(dx) < 1e-12) {
    if (ax <= x0 || ax >= x1) return false;
  } else {
    let ta = (x0 - ax) / dx;
    let tb = (x1 - ax) / dx;
    if (ta > tb) [ta, tb] = [tb, ta];
    if (ta > t0) t0 = ta;
    if (tb < t1) t1 = tb;
    if (t0 >= t1) return false;
  }
  const dy = by - ay;
  if (Math.abs(dy) < 1e-12) {
    if (ay <= y0 || ay >= y1) return false;
  } else {
    let ta = (y0 - ay) / dy;
    let tb = (y1 - ay) / dy;
    if (ta > tb) [ta, tb] = [tb, ta];
    if (ta > t0) t0 = ta;
    if (tb < t1) t1 = tb;
    if (t0 >= t1) return false;
  }
  const dz = bz - az;
  if (Math.abs(dz) < 1e-12) {
    if (az <= z0 || az >= z1) return false;
  } else {
    let ta = (z0 - az) / dz;
    let tb = (z1 - az) / dz;
    if (ta > tb) [ta, tb] = [tb, ta];
    if (ta > t0) t0 = ta;
    if (tb < t1) t1 = tb;
    if (t0 >= t1) return false;
  }
  return true;
}

export { fnv1a as hashString, Rng } from "../../src/util/random.ts";

export function round(v: number, digits = 3): number {
  const k = 10 ** digits;
  return Math.round(v * k) / k;
}

/** Normalise an angle to (-π, π]. */
export function normalizeAngle(a: number): number {
  let r = a % (2 * Math.PI);
  if (r <= -Math.PI) r += 2 * Math.PI;
  else if (r > Math.PI) r -= 2 * Math.PI;
  return r;
}
