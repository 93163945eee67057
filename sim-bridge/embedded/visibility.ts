/**
 * The visible-instance list of a view, computed analytically, as the image draws it: the frustum,
 * each object's projected bounding box, line of sight from the eye to sample points on the object
 * past the walls and furniture, and rays through a coarse grid of its box past the other objects'
 * parts in front of it (so an object partly behind a nearer one gets the box of the part that shows
 * and fewer pixels, and one wholly behind it is not listed).
 */
import type { VisibleInstance } from "../../src/sim/protocol.ts";
import type { Camera } from "./camera.ts";
import type { Box } from "./geometry.ts";
import type { House, PlacedObject } from "./house.ts";
import { objectSolids, staticSolids } from "./scene.ts";
import type { SolidBatch } from "./solid-batch.ts";

/** Share of an object's projected box its parts cover on average. */
const FILL = 0.6;
/** Sample points per object: centre plus eight inner corners. */
const SAMPLES = 9;

interface LosCache {
  objects: PlacedObject[];
  house: House;
  ex: number;
  ey: number;
  ez: number;
  /** per object × sample: 0 not computed, 1 clear, 2 blocked */
  state: Uint8Array;
}
let los: LosCache | undefined;

const corner = new Float64Array(24);
const samples = new Float64Array(SAMPLES * 3);

/** Cells across (and down) the grid on which an object's box is tested for other objects in front. */
const GRID = 16;

// per object, for the view being computed: its projected box clipped to the image (u0, v0, u1, v1;
// u1 <= u0 when out of view) and the nearest and farthest depth of its bounding box's corners
let boxes = new Float64Array(0);
// objects whose boxes overlap the one being tested and may be in front of it
let front = new Int32Array(0);
// the bounds of an object's cells that no other object hides (set by unhiddenShare)
const shown = { u0: 0, v0: 0, u1: 0, v1: 0 };

/**
 * The instances a camera sees, nearest first, with what the image shows of each: walls and
 * furniture cut its pixel count (the share of sample points they hide), and other objects' parts
 * in front of it cut its box to the part left visible and its pixel count in proportion; an object
 * they hide wholly is not listed.
 */
export function visibleInstances(house: House, objects: PlacedObject[], cam: Camera): VisibleInstance[] {
  const { bounds, batch, first } = objectSolids(objects);
  const occluders = staticSolids(house);
  if (
    !los ||
    los.objects !== objects ||
    los.house !== house ||
    los.ex !== cam.ex ||
    los.ey !== cam.ey ||
    los.ez !== cam.ez
  ) {
    los = { objects, house, ex: cam.ex, ey: cam.ey, ez: cam.ez, state: new Uint8Array(objects.length * SAMPLES) };
  }
  const { ex, ey, ez, r, u, f, focal, cx, cy, width: W, height: H, near } = cam;
  if (boxes.length < 6 * objects.length) {
    boxes = new Float64Array(6 * objects.length);
    front = new Int32Array(objects.length);
  }
  for (let o = 0; o < objects.length; o++) projectBounds(cam, bounds[o], 6 * o);
  const out: VisibleInstance[] = [];
  for (let o = 0; o < objects.length; o++) {
    const b = bounds[o];
    const u0 = boxes[6 * o];
    const v0 = boxes[6 * o + 1];
    const u1 = boxes[6 * o + 2];
    const v1 = boxes[6 * o + 3];
    if (u1 <= u0 || v1 <= v0) continue;
    // line of sight to the sample points that fall inside the view
    const mx = (b.x0 + b.x1) / 2;
    const my = (b.y0 + b.y1) / 2;
    const mz = (b.z0 + b.z1) / 2;
    samplePoints(b, mx, my, mz);
    let inView = 0;
    let seen = 0;
    for (let s = 0; s < SAMPLES; s++) {
      const wx = samples[3 * s] - ex;
      const wy = samples[3 * s + 1] - ey;
      const wz = samples[3 * s + 2] - ez;
      const Z = wx * f[0] + wy * f[1] + wz * f[2];
      if (Z <= near) continue;
      const pu = cx + (focal * (wx * r[0] + wy * r[1] + wz * r[2])) / Z;
      const pv = cy - (focal * (wx * u[0] + wy * u[1] + wz * u[2])) / Z;
      if (pu < 0 || pu > W || pv < 0 || pv > H) continue;
      inView++;
      const key = o * SAMPLES + s;
      let st = los.state[key];
      if (st === 0) {
        st = clearLine(occluders, ex, ey, ez, samples[3 * s], samples[3 * s + 1], samples[3 * s + 2]) ? 1 : 2;
        los.state[key] = st;
      }
      if (st === 1) seen++;
    }
    if (seen === 0) continue;
    const share = unhiddenShare(cam, batch, first, objects.length, o);
    if (share === 0) continue;
    const area = (u1 - u0) * (v1 - v0);
    const pixels = Math.max(1, Math.round((area * FILL * seen * share) / inView));
    const obj = objects[o];
    out.push({
      id: obj.id,
      category: obj.category,
      bbox: [Math.floor(shown.u0), Math.floor(shown.v0), Math.ceil(shown.u1), Math.ceil(shown.v1)],
      distance: Math.round(Math.hypot(mx - ex, my - ey, mz - ez) * 1000) / 1000,
      pixels,
    });
  }
  out.sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : 1));
  return out;
}

/**
 * Box `b` seen through the camera into boxes[at..at + 6): its projected box (the box's edges
 * clipped at the near plane, their ends projected), clipped to the image, then the nearest
 * (not nearer than the near plane) and farthest depth of its corners.
 */
function projectBounds(cam: Camera, b: Box, at: number): void {
  const { ex, ey, ez, r, u, f, near } = cam;
  boxes[at] = 0;
  boxes[at + 2] = 0;
  let anyFront = false;
  let zFar = -Infinity;
  let zNear = Infinity;
  for (let k = 0; k < 8; k++) {
    const wx = (k & 1 ? b.x1 : b.x0) - ex;
    const wy = (k & 2 ? b.y1 : b.y0) - ey;
    const wz = (k & 4 ? b.z1 : b.z0) - ez;
    corner[3 * k] = wx * r[0] + wy * r[1] + wz * r[2];
    corner[3 * k + 1] = wx * u[0] + wy * u[1] + wz * u[2];
    const z = wx * f[0] + wy * f[1] + wz * f[2];
    corner[3 * k + 2] = z;
    if (z > near) anyFront = true;
    if (z > zFar) zFar = z;
    if (z < zNear) zNear = z;
  }
  if (!anyFront) return;
  rect.u0 = Infinity;
  rect.v0 = Infinity;
  rect.u1 = -Infinity;
  rect.v1 = -Infinity;
  for (let k = 0; k < 8; k++) {
    for (let bit = 1; bit <= 4; bit <<= 1) {
      const k2 = k ^ bit;
      if (k2 < k) continue;
      const za = corner[3 * k + 2];
      const zb = corner[3 * k2 + 2];
      if (za >= near) extendRect(cam, corner[3 * k], corner[3 * k + 1], za);
      if (zb >= near) extendRect(cam, corner[3 * k2], corner[3 * k2 + 1], zb);
      if (za >= near !== zb >= near) {
        const t = (near - za) / (zb - za);
        extendRect(
          cam,
          corner[3 * k] + (corner[3 * k2] - corner[3 * k]) * t,
          corner[3 * k + 1] + (corner[3 * k2 + 1] - corner[3 * k + 1]) * t,
          near,
        );
      }
    }
  }
  boxes[at] = Math.max(0, rect.u0);
  boxes[at + 1] = Math.max(0, rect.v0);
  boxes[at + 2] = Math.min(cam.width, rect.u1);
  boxes[at + 3] = Math.min(cam.height, rect.v1);
  boxes[at + 4] = Math.max(near, zNear);
  boxes[at + 5] = zFar;
}

/**
 * The share of object o's pixels that no other object's parts hide, as the image draws them (by
 * depth): a ray through the centre of each cell of a grid over o's projected box meets o's own
 * parts (a cell it misses is not o's pixel) and, where another object's part is met nearer, the
 * cell is hidden. Sets `shown` to the bounds of the cells left visible: o's whole box when nothing
 * is hidden, including when no object can be in front or no cell centre meets o (too small).
 */
function unhiddenShare(cam: Camera, batch: SolidBatch, first: Int32Array, n: number, o: number): number {
  const a = 6 * o;
  const u0 = boxes[a];
  const v0 = boxes[a + 1];
  const u1 = boxes[a + 2];
  const v1 = boxes[a + 3];
  shown.u0 = u0;
  shown.v0 = v0;
  shown.u1 = u1;
  shown.v1 = v1;
  let m = 0;
  for (let k = 0; k < n; k++) {
    const b = 6 * k;
    if (k === o || boxes[b + 2] <= boxes[b] || boxes[b + 4] >= boxes[a + 5]) continue;
    if (boxes[b] >= u1 || boxes[b + 2] <= u0 || boxes[b + 1] >= v1 || boxes[b + 3] <= v0) continue;
    front[m++] = k;
  }
  if (m === 0) return 1;
  const { ex, ey, ez, r, u, f, focal, cx, cy, near } = cam;
  const B = batch.boxes;
  const cols = Math.min(GRID, Math.max(1, Math.ceil(u1 - u0)));
  const rows = Math.min(GRID, Math.max(1, Math.ceil(v1 - v0)));
  const cw = (u1 - u0) / cols;
  const ch = (v1 - v0) / rows;
  let own = 0;
  let unhidden = 0;
  let su0 = Infinity;
  let sv0 = Infinity;
  let su1 = -Infinity;
  let sv1 = -Infinity;
  for (let j = 0; j < rows; j++) {
    const pv = v0 + (j + 0.5) * ch;
    const Y = (cy - pv) / focal;
    for (let i = 0; i < cols; i++) {
      const pu = u0 + (i + 0.5) * cw;
      const X = (pu - cx) / focal;
      // the ray's direction, scaled so that its parameter is the depth along the view
      const dx = f[0] + r[0] * X + u[0] * Y;
      const dy = f[1] + r[1] * X + u[1] * Y;
      const dz = f[2] + r[2] * X + u[2] * Y;
      const t = firstHit(B, first[o], first[o + 1], ex, ey, ez, dx, dy, dz, near, Infinity);
      if (t === Infinity) continue;
      own++;
      let hidden = false;
      for (let q = 0; q < m && !hidden; q++) {
        const b = 6 * front[q];
        if (pu < boxes[b] || pu > boxes[b + 2] || pv < boxes[b + 1] || pv > boxes[b + 3] || boxes[b + 4] >= t) continue;
        hidden = firstHit(B, first[front[q]], first[front[q] + 1], ex, ey, ez, dx, dy, dz, near, t) < t;
      }
      if (hidden) continue;
      unhidden++;
      su0 = Math.min(su0, u0 + i * cw);
      sv0 = Math.min(sv0, v0 + j * ch);
      su1 = Math.max(su1, u0 + (i + 1) * cw);
      sv1 = Math.max(sv1, v0 + (j + 1) * ch);
    }
  }
  if (unhidden === own) return 1;
  shown.u0 = su0;
  shown.v0 = sv0;
  shown.u1 = su1;
  shown.v1 = sv1;
  return unhidden / own;
}

/**
 * The depth at which the ray eye + t·d first enters one of boxes s0 .. s1 - 1 with t in
 * [tMin, tMax), or Infinity.
 */
function firstHit(
  B: Float64Array,
  s0: number,
  s1: number,
  ax: number,
  ay: number,
  az: number,
  dx: number,
  dy: number,
  dz: number,
  tMin: number,
  tMax: number,
): number {
  let best = tMax;
  for (let s = s0; s < s1; s++) {
    const t = slabEntry(B, 6 * s, ax, ay, az, dx, dy, dz, tMin, best, false);
    if (t < best) best = t;
  }
  return best === tMax ? Infinity : best;
}

/**
 * Where the ray a + t·d enters box `o` of B with t in [t0, t1), or Infinity when it does not (the
 * slab test). A ray parallel to an axis and lying on one of the box's faces misses an `open` box
 * (a sight line grazing a wall) and meets a closed one (an object's part seen edge-on).
 */
function slabEntry(
  B: Float64Array,
  o: number,
  ax: number,
  ay: number,
  az: number,
  dx: number,
  dy: number,
  dz: number,
  t0: number,
  t1: number,
  open: boolean,
): number {
  for (let k = 0; k < 3; k++) {
    const a = k === 0 ? ax : k === 1 ? ay : az;
    const d = k === 0 ? dx : k === 1 ? dy : dz;
    const lo = B[o + k];
    const hi = B[o + k + 3];
    if (d !== 0) {
      let ta = (lo - a) / d;
      let tb = (hi - a) / d;
      if (ta > tb) [ta, tb] = [tb, ta];
      if (ta > t0) t0 = ta;
      if (tb < t1) t1 = tb;
    } else if (open ? a <= lo || a >= hi : a < lo || a > hi) return Infinity;
  }
  return t0 < t1 ? t0 : Infinity;
}

const rect = { u0: 0, v0: 0, u1: 0, v1: 0 };
function extendRect(cam: Camera, X: number, Y: number, Z: number): void {
  const pu = cam.cx + (cam.focal * X) / Z;
  const pv = cam.cy - (cam.focal * Y) / Z;
  if (pu < rect.u0) rect.u0 = pu;
  if (pu > rect.u1) rect.u1 = pu;
  if (pv < rect.v0) rect.v0 = pv;
  if (pv > rect.v1) rect.v1 = pv;
}

/** Centre and eight corners pulled 30% toward it (so a point resting on a table is not "under" it). */
function samplePoints(
  b: { x0: number; y0: number; z0: number; x1: number; y1: number; z1: number },
  mx: number,
  my: number,
  mz: number,
): void {
  samples[0] = mx;
  samples[1] = my;
  samples[2] = mz;
  for (let k = 0; k < 8; k++) {
    samples[3 * (k + 1)] = mx + ((k & 1 ? b.x1 : b.x0) - mx) * 0.7;
    samples[3 * (k + 1) + 1] = my + ((k & 2 ? b.y1 : b.y0) - my) * 0.7;
    samples[3 * (k + 1) + 2] = mz + ((k & 4 ? b.z1 : b.z0) - mz) * 0.7;
  }
}

/** Does the segment eye→p pass no static solid (walls, lintels, furniture)? */
function clearLine(batch: SolidBatch, ax: number, ay: number, az: number, bx: number, by: number, bz: number): boolean {
  const B = batch.boxes;
  const lx = Math.min(ax, bx);
  const hx = Math.max(ax, bx);
  const lz = Math.min(az, bz);
  const hz = Math.max(az, bz);
  const ly = Math.min(ay, by);
  const dx = bx - ax;
  const dy = by - ay;
  const dz = bz - az;
  for (let s = 0; s < batch.count; s++) {
    const o = 6 * s;
    if (B[o] >= hx || B[o + 3] <= lx || B[o + 2] >= hz || B[o + 5] <= lz || B[o + 4] <= ly) continue;
    if (slabEntry(B, o, ax, ay, az, dx, dy, dz, 1e-4, 1 - 1e-4, true) !== Infinity) return false;
  }
  return true;
}
