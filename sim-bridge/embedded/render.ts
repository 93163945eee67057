/**
 * Egocentric views: a perspective RGB image (optional) and the visible-instance list (always).
 * The list is computed analytically — frustum, projected bounding box, and line of sight from
 * the eye to sample points on the object past the walls and furniture — so it is identical
 * whether or not an image is drawn, and cheap for agents that never look at images.
 */
import type { Pose, VisibleInstance } from "../../src/sim/protocol.ts";
import { type Camera, makeCamera } from "./camera.ts";
import { type Frame, packedToRGB, packRGB } from "./frame.ts";
import type { House, PlacedObject } from "./house.ts";
import { CEILING } from "./palette.ts";
import { drawBatch } from "./raster.ts";
import { type FloorLevel, type FloorTexture, floorTexture, objectSolids, staticSolids } from "./scene.ts";
import type { SolidBatch } from "./solid-batch.ts";
import { type ColumnOcclusion, collectWalls } from "./wall-columns.ts";

export interface CameraSpec {
  width: number;
  height: number;
  /** horizontal field of view, degrees */
  hfov: number;
  /** camera height above the floor, metres */
  eyeHeight: number;
}

export interface ViewRender {
  width: number;
  height: number;
  /** raw RGB, 3 bytes per pixel, row-major from the top-left; a fresh buffer per call */
  rgb?: Buffer;
  visible: VisibleInstance[];
}

/**
 * Render one view. `yawOffset` turns the camera from the agent's heading (+π/2 = left view).
 * Visible instances are sorted nearest first.
 */
export function renderView(
  house: House,
  objects: PlacedObject[],
  pose: Pose,
  yawOffset: number,
  cam: CameraSpec,
  opts: { image: boolean },
): ViewRender {
  const [x, y, z] = pose.position;
  const camera = makeCamera([x, y + cam.eyeHeight, z], pose.heading + yawOffset, 0, cam.width, cam.height, cam.hfov);
  const visible = visibleInstances(house, objects, camera);
  if (!opts.image) return { width: cam.width, height: cam.height, visible };
  const n = cam.width * cam.height;
  const rgb = Buffer.allocUnsafe(n * 3);
  const frame: Frame = { width: cam.width, height: cam.height, rgb, invZ: depthBuffer(n) };
  // walls into their columns first; then walls, floor and ceiling into every pixel, row by row;
  // then the other solids over them with a depth test (nearest first, so hidden pixels fail it
  // early), each kept to where it is nearer than its column's wall
  const columns = columnBuffers(cam.width, cam.height, house.wallHeight);
  const statics = staticSolids(house);
  const movables = objectSolids(objects).batch;
  // walls hide what is behind them column by column only for an eye between floor and ceiling
  const inside = camera.ey > columns.floorY && camera.ey < columns.ceilingY;
  if (inside) {
    collectWalls(camera, statics, columns);
    collectWalls(camera, movables, columns);
  }
  drawBackground(frame, camera, house, columns);
  drawBatch(frame, camera, statics, true, inside ? columns : undefined);
  drawBatch(frame, camera, movables, false, inside ? columns : undefined);
  return { width: cam.width, height: cam.height, rgb, visible };
}

// buffers reused across views (rendering is synchronous)
let depthScratch = new Float32Array(0);
function depthBuffer(n: number): Float32Array {
  if (depthScratch.length < n) depthScratch = new Float32Array(n);
  const d = depthScratch.subarray(0, n);
  d.fill(0);
  return d;
}

let rowScratch = new Int32Array(0);
const columnScratch: ColumnOcclusion = {
  near: new Float32Array(0),
  color: new Int32Array(0),
  top: new Int32Array(0),
  bottom: new Int32Array(0),
  floorY: 0,
  ceilingY: 0,
};
function columnBuffers(width: number, height: number, ceilingY: number): ColumnOcclusion {
  const c = columnScratch;
  if (c.near.length !== width) {
    c.near = new Float32Array(width);
    c.color = new Int32Array(width);
    c.top = new Int32Array(width);
    c.bottom = new Int32Array(width);
    rowScratch = new Int32Array(width);
    byTop = new Int32Array(width);
    byBottom = new Int32Array(width);
  }
  c.near.fill(0);
  c.top.fill(height);
  c.bottom.fill(-1);
  c.ceilingY = ceilingY;
  return c;
}

/**
 * Walls, floor and ceiling for a level camera into every pixel, row by row. A column's wall
 * covers rows top..bottom in its one colour; above is ceiling, below is floor. With the eye
 * between floor and ceiling, each row starts as a copy of the one above, and only the pixels
 * that change are written: the columns whose wall starts on this row, the ceiling when its shade
 * steps, and the floor (textured, so every floor pixel).
 */
function drawBackground(frame: Frame, cam: Camera, house: House, columns: ColumnOcclusion): void {
  if (!(cam.ey > columns.floorY && cam.ey < columns.ceilingY)) {
    drawBackgroundRows(frame, cam, house, columns);
    return;
  }
  const { width: W, height: H, rgb } = frame;
  const { top, bottom, color: wall } = columns;
  const tex = floorTexture(house);
  const eyeH = cam.ey;
  const ceilH = house.wallHeight - cam.ey;
  // columns in the order their walls start (byTop) and end (byBottom)
  sortColumns(top, W, H, byTop);
  sortColumns(bottom, W, H, byBottom);
  let walls = 0; // byTop[0..walls): wall started by this row
  let floors = 0; // byBottom[0..floors): wall ended (or none) by this row, so floor
  let shade = 0;
  const stride = 3 * W;
  for (let j = 0; j < H; j++) {
    const at = j * stride;
    if (j > 0) rgb.copyWithin(at, at - stride, at);
    const vy = -(j + 0.5 - cam.cy) / cam.focal;
    const from = walls;
    while (walls < W && top[byTop[walls]] <= j) walls++;
    if (vy >= 0) {
      // ceiling, a little darker far away; its columns are those whose wall starts lower
      const zc = vy > 1e-6 ? ceilH / vy : 1e6;
      const k = 1 - Math.min(0.25, zc * 0.02);
      const c = packRGB(Math.trunc(CEILING[0] * k), Math.trunc(CEILING[1] * k), Math.trunc(CEILING[2] * k));
      if (j === 0 || c !== shade) for (let q = walls; q < W; q++) put(rgb, at + 3 * byTop[q], c);
      shade = c;
      for (let q = from; q < walls; q++) put(rgb, at + 3 * byTop[q], wall[byTop[q]]);
      continue;
    }
    for (let q = from; q < walls; q++) {
      const i = byTop[q];
      if (bottom[i] >= j) put(rgb, at + 3 * i, wall[i]);
    }
    while (floors < W && bottom[byBottom[floors]] < j) floors++;
    const { level, x0, z0, dx, dz } = floorRow(cam, tex, eyeH / -vy);
    const nx = level.nx;
    const maxI = level.nx - 1;
    const maxJ = level.nz - 1;
    const src = level.px;
    for (let q = 0; q < floors; q++) {
      const i = byBottom[q];
      let ti = (x0 + i * dx) | 0;
      let tj = (z0 + i * dz) | 0;
      if (ti < 0) ti = 0;
      else if (ti > maxI) ti = maxI;
      if (tj < 0) tj = 0;
      else if (tj > maxJ) tj = maxJ;
      put(rgb, at + 3 * i, src[tj * nx + ti]);
    }
  }
}

const rowScratchFloor = { level: null as unknown as FloorLevel, x0: 0, z0: 0, dx: 0, dz: 0 };

/**
 * Where one image row meets the floor, in texel units of the texture level fine enough for its
 * depth `zc`: the texel under column 0 and the step per column. Both background passes use it.
 */
function floorRow(cam: Camera, tex: FloorTexture, zc: number): typeof rowScratchFloor {
  const level = zc / cam.focal > tex.fine.res * 1.2 ? tex.coarse : tex.fine;
  const inv = 1 / level.res;
  const r = rowScratchFloor;
  r.level = level;
  r.x0 = (cam.ex + cam.f[0] * zc + cam.r[0] * ((0.5 - cam.cx) / cam.focal) * zc - tex.ox) * inv;
  r.z0 = (cam.ez + cam.f[2] * zc + cam.r[2] * ((0.5 - cam.cx) / cam.focal) * zc - tex.oz) * inv;
  r.dx = ((cam.r[0] * zc) / cam.focal) * inv;
  r.dz = ((cam.r[2] * zc) / cam.focal) * inv;
  return r;
}

function put(rgb: Uint8Array, p: number, c: number): void {
  rgb[p] = c;
  rgb[p + 1] = c >> 8;
  rgb[p + 2] = c >> 16;
}

let byTop = new Int32Array(0);
let byBottom = new Int32Array(0);
let rowCounts = new Int32Array(0);

/** Column indices into `out`, ordered by rows[i] (each in −1..height), by counting. */
function sortColumns(rows: Int32Array, width: number, height: number, out: Int32Array): void {
  if (rowCounts.length < height + 3) rowCounts = new Int32Array(height + 3);
  const counts = rowCounts;
  counts.fill(0);
  for (let i = 0; i < width; i++) counts[rows[i] + 2]++;
  for (let r = 1; r < height + 3; r++) counts[r] += counts[r - 1];
  for (let i = 0; i < width; i++) out[counts[rows[i] + 1]++] = i;
}

/** The same, pixel by pixel, for any eye height (a row is assembled as words, then stored). */
function drawBackgroundRows(frame: Frame, cam: Camera, house: House, columns: ColumnOcclusion): void {
  const { width: W, height: H, rgb } = frame;
  const { top, bottom, color: wall } = columns;
  const row = rowScratch;
  const tex = floorTexture(house);
  const eyeH = cam.ey;
  const ceilH = house.wallHeight - cam.ey;
  for (let j = 0; j < H; j++) {
    const vy = -(j + 0.5 - cam.cy) / cam.focal;
    if (vy >= 0 || eyeH <= 0) {
      // ceiling, a little darker far away
      const zc = vy > 1e-6 && ceilH > 0 ? ceilH / vy : 1e6;
      const k = 1 - Math.min(0.25, zc * 0.02);
      const c = packRGB(Math.trunc(CEILING[0] * k), Math.trunc(CEILING[1] * k), Math.trunc(CEILING[2] * k));
      for (let i = 0; i < W; i++) row[i] = j >= top[i] && j <= bottom[i] ? wall[i] : c;
    } else {
      const { level, x0, z0, dx, dz } = floorRow(cam, tex, eyeH / -vy);
      const nx = level.nx;
      const maxI = level.nx - 1;
      const maxJ = level.nz - 1;
      const src = level.px;
      let tx = x0;
      let tz = z0;
      for (let i = 0; i < W; i++, tx += dx, tz += dz) {
        if (j >= top[i] && j <= bottom[i]) {
          row[i] = wall[i];
          continue;
        }
        let ti = tx | 0;
        let tj = tz | 0;
        if (ti < 0) ti = 0;
        else if (ti > maxI) ti = maxI;
        if (tj < 0) tj = 0;
        else if (tj > maxJ) tj = maxJ;
        row[i] = src[tj * nx + ti];
      }
    }
    packedToRGB(row, W, rgb, 3 * j * W);
  }
}

// ---- visibility -----------------------------------------------------------------------------

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

/** The instances a camera sees, nearest first. */
export function visibleInstances(house: House, objects: PlacedObject[], cam: Camera): VisibleInstance[] {
  const { bounds } = objectSolids(objects);
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
  const out: VisibleInstance[] = [];
  for (let o = 0; o < objects.length; o++) {
    const b = bounds[o];
    // projected box of the object, clipped at the near plane and to the image
    let anyFront = false;
    for (let k = 0; k < 8; k++) {
      const wx = (k & 1 ? b.x1 : b.x0) - ex;
      const wy = (k & 2 ? b.y1 : b.y0) - ey;
      const wz = (k & 4 ? b.z1 : b.z0) - ez;
      corner[3 * k] = wx * r[0] + wy * r[1] + wz * r[2];
      corner[3 * k + 1] = wx * u[0] + wy * u[1] + wz * u[2];
      corner[3 * k + 2] = wx * f[0] + wy * f[1] + wz * f[2];
      if (corner[3 * k + 2] > near) anyFront = true;
    }
    if (!anyFront) continue;
    // the box's edges clipped at the near plane, their ends projected into `rect`
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
    let { u0, v0, u1, v1 } = rect;
    u0 = Math.max(0, u0);
    v0 = Math.max(0, v0);
    u1 = Math.min(W, u1);
    v1 = Math.min(H, v1);
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
    const area = (u1 - u0) * (v1 - v0);
    const pixels = Math.max(1, Math.round((area * FILL * seen) / inView));
    const obj = objects[o];
    out.push({
      id: obj.id,
      category: obj.category,
      bbox: [Math.floor(u0), Math.floor(v0), Math.ceil(u1), Math.ceil(v1)],
      distance: Math.round(Math.hypot(mx - ex, my - ey, mz - ez) * 1000) / 1000,
      pixels,
    });
  }
  out.sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : 1));
  return out;
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
    // slab test on the open segment
    let t0 = 1e-4;
    let t1 = 1 - 1e-4;
    if (dx !== 0) {
      let ta = (B[o] - ax) / dx;
      let tb = (B[o + 3] - ax) / dx;
      if (ta > tb) [ta, tb] = [tb, ta];
      if (ta > t0) t0 = ta;
      if (tb < t1) t1 = tb;
    } else if (ax <= B[o] || ax >= B[o + 3]) continue;
    if (dy !== 0) {
      let ta = (B[o + 1] - ay) / dy;
      let tb = (B[o + 4] - ay) / dy;
      if (ta > tb) [ta, tb] = [tb, ta];
      if (ta > t0) t0 = ta;
      if (tb < t1) t1 = tb;
    } else if (ay <= B[o + 1] || ay >= B[o + 4]) continue;
    if (dz !== 0) {
      let ta = (B[o + 2] - az) / dz;
      let tb = (B[o + 5] - az) / dz;
      if (ta > tb) [ta, tb] = [tb, ta];
      if (ta > t0) t0 = ta;
      if (tb < t1) t1 = tb;
    } else if (az <= B[o + 2] || az >= B[o + 5]) continue;
    if (t0 < t1) return false;
  }
  return true;
}
