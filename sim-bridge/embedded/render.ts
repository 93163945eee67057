/**
 * Egocentric views: a perspective RGB image (optional) and the visible-instance list (always).
 * The list is computed analytically (visibility.ts), so it is identical whether or not an image
 * is drawn, and cheap for agents that never look at images.
 */
import type { Pose, VisibleInstance } from "../../src/sim/protocol.ts";
import { type Camera, makeCamera } from "./camera.ts";
import { type Frame, packedToRGB, packRGB } from "./frame.ts";
import type { House, PlacedObject } from "./house.ts";
import { CEILING } from "./palette.ts";
import { drawBatch } from "./raster.ts";
import { type FloorLevel, type FloorTexture, floorTexture, objectSolids, staticSolids } from "./scene.ts";
import { visibleInstances } from "./visibility.ts";
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
