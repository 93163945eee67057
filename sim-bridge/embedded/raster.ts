/**
 * A small z-buffered rasterizer of axis-aligned boxes into typed arrays. Faces are convex
 * quads: back faces are skipped, the rest are clipped at the near plane, projected, and
 * scan-converted row by row with 1/z interpolated exactly (it is affine in screen space for a
 * plane), so occlusion is per pixel. Flat colours per face; patterned faces (object attributes)
 * evaluate their pattern at the pixel's world point.
 */
import type { Box, RGB } from "./geometry.ts";

export interface Camera {
  ex: number;
  ey: number;
  ez: number;
  /** right, up, forward unit vectors in world space */
  r: [number, number, number];
  u: [number, number, number];
  f: [number, number, number];
  /** focal length in pixels; principal point */
  focal: number;
  cx: number;
  cy: number;
  width: number;
  height: number;
  near: number;
  /** true when the camera looks level (pitch 0), which the fast floor pass relies on */
  level: boolean;
}

/** yaw about +y (0 faces -z, positive turns left), pitch up positive; hfov in degrees. */
export function makeCamera(
  eye: [number, number, number],
  yaw: number,
  pitch: number,
  width: number,
  height: number,
  hfovDeg: number,
): Camera {
  const cp = Math.cos(pitch);
  const f: [number, number, number] = [-Math.sin(yaw) * cp, Math.sin(pitch), -Math.cos(yaw) * cp];
  const r: [number, number, number] = [Math.cos(yaw), 0, -Math.sin(yaw)];
  const u: [number, number, number] = [r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2], r[0] * f[1] - r[1] * f[0]];
  const focal = width / 2 / Math.tan((hfovDeg * Math.PI) / 360);
  return {
    ex: eye[0],
    ey: eye[1],
    ez: eye[2],
    r,
    u,
    f,
    focal,
    cx: width / 2,
    cy: height / 2,
    width,
    height,
    near: 0.05,
    level: pitch === 0,
  };
}

/** A colour buffer (RGB, 3 bytes per pixel) and a 1/z depth buffer of the same size. */
export interface Frame {
  width: number;
  height: number;
  rgb: Uint8Array;
  invZ: Float32Array;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * A colour as one pixel word: R in the low byte, then G, B and 255 (so on a little-endian
 * machine its bytes in memory are R, G, B, 255).
 */
export function packRGB(r: number, g: number, b: number): number {
  return (r & 255) | ((g & 255) << 8) | ((b & 255) << 16) | (255 << 24);
}

/**
 * Packed pixels src[0..n) into RGB bytes from out[at] on; whole words four pixels at a time
 * where the layout allows (the common case: a fresh Buffer, `at` a multiple of 4).
 */
export function packedToRGB(src: Int32Array, n: number, out: Uint8Array, at = 0): void {
  let i = 0;
  const start = out.byteOffset + at;
  if (LITTLE_ENDIAN && start % 4 === 0) {
    const words = new Int32Array(out.buffer, start, (3 * (n - (n % 4))) / 4);
    // four pixels RGBx → three words: R0G0B0R1 G1B1R2G2 B2R3G3B3
    for (let w = 0; i + 3 < n; i += 4, w += 3) {
      const a = src[i];
      const b = src[i + 1];
      const c = src[i + 2];
      const d = src[i + 3];
      words[w] = (a & 0xffffff) | (b << 24);
      words[w + 1] = ((b >>> 8) & 0xffff) | (c << 16);
      words[w + 2] = ((c >>> 16) & 0xff) | (d << 8);
    }
  }
  for (; i < n; i++) {
    const c = src[i];
    const p = at + 3 * i;
    out[p] = c;
    out[p + 1] = c >> 8;
    out[p + 2] = c >> 16;
  }
}

/** RGB bytes → packed pixels. */
/** Stores a pixel nearer than what the frame holds there: its inverse depth w and its colour. */
function setPixel(depth: Float32Array, rgb: Uint8Array, idx: number, w: number, r: number, g: number, b: number): void {
  depth[idx] = w;
  const p = 3 * idx;
  rgb[p] = r;
  rgb[p + 1] = g;
  rgb[p + 2] = b;
}

export function rgbToPacked(rgb: Uint8Array, n: number, px: Int32Array): void {
  for (let i = 0, p = 0; i < n; i++, p += 3) px[i] = packRGB(rgb[p], rgb[p + 1], rgb[p + 2]);
}

/** Boxes with per-face colours, stored flat for speed. Face order: -x, +x, -y, +y, -z, +z. */
export class SolidBatch {
  count = 0;
  boxes = new Float64Array(6 * 64);
  colors = new Uint8Array(18 * 64);
  /** per face: its colour as a pixel word (packRGB), and its pattern's accent shaded by FACE_LIGHT */
  packed = new Int32Array(6 * 64);
  accentColors = new Uint8Array(18 * 64);
  pattern = new Uint8Array(64);
  accent = new Uint8Array(3 * 64);
  period = new Float32Array(64);
  /** bit k set: face k is drawn (faces inside a neighbouring box are switched off) */
  faces = new Uint8Array(64);

  add(b: Box, faceColors: RGB[], pattern = 0, accent: RGB = [0, 0, 0], period = 0.1, faceMask = 0x3f): void {
    if (this.count === this.pattern.length) this.grow();
    const i = this.count++;
    this.faces[i] = faceMask;
    this.boxes.set([b.x0, b.y0, b.z0, b.x1, b.y1, b.z1], 6 * i);
    for (let k = 0; k < 6; k++) {
      const c = faceColors[k];
      this.colors.set(c, 18 * i + 3 * k);
      this.packed[6 * i + k] = packRGB(c[0], c[1], c[2]);
      // a byte store truncates
      for (let ch = 0; ch < 3; ch++) this.accentColors[18 * i + 3 * k + ch] = accent[ch] * FACE_LIGHT[k];
    }
    this.pattern[i] = pattern;
    this.accent.set(accent, 3 * i);
    this.period[i] = period;
  }

  private grow(): void {
    const n = this.pattern.length * 2;
    const re = <T extends Float64Array | Uint8Array | Float32Array | Int32Array>(a: T, k: number): T => {
      const b = new (a.constructor as new (n: number) => T)(n * k);
      b.set(a);
      return b;
    };
    this.boxes = re(this.boxes, 6);
    this.colors = re(this.colors, 18);
    this.packed = re(this.packed, 6);
    this.accentColors = re(this.accentColors, 18);
    this.pattern = re(this.pattern, 1);
    this.accent = re(this.accent, 3);
    this.period = re(this.period, 1);
    this.faces = re(this.faces, 1);
  }
}

/** Directional shading per face so box edges read in flat colours. */
export const FACE_LIGHT = [0.8, 0.88, 0.55, 1.0, 0.94, 0.72];

export function shadedFaces(c: RGB, light = FACE_LIGHT): RGB[] {
  return light.map((k) => [Math.round(c[0] * k), Math.round(c[1] * k), Math.round(c[2] * k)] as RGB);
}

// corner index bits: x1 → 1, y1 → 2, z1 → 4; each face as a loop of corners
const FACE_CORNERS = [
  [0, 2, 6, 4],
  [1, 5, 7, 3],
  [0, 4, 5, 1],
  [2, 3, 7, 6],
  [0, 1, 3, 2],
  [4, 6, 7, 5],
];
const FACE_NORMALS = [
  [-1, 0, 0],
  [1, 0, 0],
  [0, -1, 0],
  [0, 1, 0],
  [0, 0, -1],
  [0, 0, 1],
];

// scratch space (the rasterizer is single-threaded and not re-entrant)
const cc = new Float64Array(24); // camera-space corners
const px = new Float64Array(12); // clipped polygon, screen x
const py = new Float64Array(12);
const inX = new Float64Array(8);
const inY = new Float64Array(8);
const inZ = new Float64Array(8);

let order = new Int32Array(0);
let orderKey = new Float64Array(0);

/**
 * Draw every box of the batch into the frame, with depth test. `nearFirst` sorts the boxes by
 * distance first: pixels hidden behind a near wall then cost one comparison, not a write.
 */
export function drawBatch(
  frame: Frame,
  cam: Camera,
  batch: SolidBatch,
  nearFirst = false,
  columns?: ColumnOcclusion,
): void {
  const { ex, ey, ez } = cam;
  const B = batch.boxes;
  const n = batch.count;
  if (order.length < n) {
    order = new Int32Array(n * 2);
    orderKey = new Float64Array(n * 2);
  }
  // with column occlusion and a level camera, plain walls live in the columns (collectWalls)
  const walls = columns !== undefined && cam.level;
  // the boxes that may show, then (stably) nearest first
  let m = 0;
  for (let s = 0; s < n; s++) {
    const o = 6 * s;
    if (walls && isWall(batch, s, columns) && ey > B[o + 1] && ey < B[o + 4]) continue;
    if (sphereOutside(cam, B, o)) continue;
    order[m++] = s;
    if (nearFirst) {
      const dx = ex < B[o] ? B[o] - ex : ex > B[o + 3] ? ex - B[o + 3] : 0;
      const dy = ey < B[o + 1] ? B[o + 1] - ey : ey > B[o + 4] ? ey - B[o + 4] : 0;
      const dz = ez < B[o + 2] ? B[o + 2] - ez : ez > B[o + 5] ? ez - B[o + 5] : 0;
      orderKey[s] = dx * dx + dy * dy + dz * dz;
    }
  }
  const sorted = order.subarray(0, m);
  if (nearFirst) sorted.sort((a, b) => orderKey[a] - orderKey[b]);
  for (let q = 0; q < m; q++) {
    const s = sorted[q];
    const o = 6 * s;
    const wall = walls && isWall(batch, s, columns);
    if (!projectCorners(cam, B, o)) continue;
    const mask = batch.faces[s];
    for (let face = 0; face < 6; face++) {
      if (((mask >> face) & 1) === 0 || !facesEye(cam, B, o, face)) continue;
      const vertical = face < 2 || face > 3;
      if (wall && vertical) continue;
      if (cam.level && vertical && columns) drawVerticalFace(frame, cam, batch, s, face, columns);
      else if (!columns || !hiddenByColumns(cam, columns, face))
        drawFace(frame, cam, batch, s, face, columns ? columns.near : null);
    }
  }
}

/** A plain box from floor to ceiling: its vertical faces are drawn through the columns. */
function isWall(batch: SolidBatch, s: number, columns: ColumnOcclusion): boolean {
  return (
    batch.boxes[6 * s + 1] <= columns.floorY && batch.boxes[6 * s + 4] >= columns.ceilingY && batch.pattern[s] === 0
  );
}

/**
 * The batch's walls into the columns (level camera): per column, the nearest wall's 1/z, colour
 * and rows. Call it for every batch before drawing any with the same columns.
 */
export function collectWalls(cam: Camera, batch: SolidBatch, columns: ColumnOcclusion): void {
  if (!cam.level) return;
  for (let s = 0; s < batch.count; s++) {
    if (!isWall(batch, s, columns)) continue;
    const o = 6 * s;
    if (sphereOutside(cam, batch.boxes, o) || !projectCorners(cam, batch.boxes, o)) continue;
    const mask = batch.faces[s];
    for (let face = 0; face < 6; face++) {
      if (face === 2 || face === 3 || ((mask >> face) & 1) === 0 || !facesEye(cam, batch.boxes, o, face)) continue;
      wallColumns(cam, batch, s, face, columns);
    }
  }
}

/**
 * Is box `o` surely outside the view, by its bounding sphere (behind, or beyond a side)? A cheap
 * first test: it rejects only boxes projectCorners would reject too.
 */
function sphereOutside(cam: Camera, B: Float64Array, o: number): boolean {
  const { r, f } = cam;
  const tanX = (cam.width / 2 + 2) / cam.focal;
  const hx = (B[o + 3] - B[o]) / 2;
  const hy = (B[o + 4] - B[o + 1]) / 2;
  const hz = (B[o + 5] - B[o + 2]) / 2;
  const rad = Math.sqrt(hx * hx + hy * hy + hz * hz);
  const mx = B[o] + hx - cam.ex;
  const my = B[o + 1] + hy - cam.ey;
  const mz = B[o + 2] + hz - cam.ez;
  const MX = mx * r[0] + my * r[1] + mz * r[2];
  const MZ = mx * f[0] + my * f[1] + mz * f[2];
  const side = rad * Math.sqrt(1 + tanX * tanX);
  return MZ + rad <= cam.near || MX + tanX * MZ + side <= 0 || tanX * MZ - MX + side <= 0;
}

/** Camera-space corners of box `o` into `cc`; false when the box is surely outside the view. */
function projectCorners(cam: Camera, B: Float64Array, o: number): boolean {
  const { ex, ey, ez, r, u, f, near } = cam;
  const tanX = (cam.width / 2 + 2) / cam.focal;
  const tanY = (cam.height / 2 + 2) / cam.focal;
  const x0 = B[o];
  const y0 = B[o + 1];
  const z0 = B[o + 2];
  const x1 = B[o + 3];
  const y1 = B[o + 4];
  const z1 = B[o + 5];
  let allBehind = true;
  let allLeft = true;
  let allRight = true;
  let allUp = true;
  let allDown = true;
  for (let k = 0; k < 8; k++) {
    const wx = (k & 1 ? x1 : x0) - ex;
    const wy = (k & 2 ? y1 : y0) - ey;
    const wz = (k & 4 ? z1 : z0) - ez;
    const X = wx * r[0] + wy * r[1] + wz * r[2];
    const Y = wx * u[0] + wy * u[1] + wz * u[2];
    const Z = wx * f[0] + wy * f[1] + wz * f[2];
    cc[3 * k] = X;
    cc[3 * k + 1] = Y;
    cc[3 * k + 2] = Z;
    if (Z > near) allBehind = false;
    if (X > -tanX * Z) allLeft = false;
    if (X < tanX * Z) allRight = false;
    if (Y < tanY * Z) allUp = false;
    if (Y > -tanY * Z) allDown = false;
  }
  return !(allBehind || allLeft || allRight || allUp || allDown);
}

/** Back-face cull: is the eye on the outer side of the face's plane? */
function facesEye(cam: Camera, B: Float64Array, o: number, face: number): boolean {
  switch (face) {
    case 0:
      return cam.ex < B[o];
    case 1:
      return cam.ex > B[o + 3];
    case 2:
      return cam.ey < B[o + 1];
    case 3:
      return cam.ey > B[o + 4];
    case 4:
      return cam.ez < B[o + 2];
    default:
      return cam.ez > B[o + 5];
  }
}

/**
 * Per image column, the nearest floor-to-ceiling wall (level camera): its 1/z (constant down a
 * column), its colour, and the rows it covers. Nothing behind it in that column can show
 * (everything stands between floor and ceiling), so farther faces are skipped column by column
 * and the rest are tested against it per pixel. The walls are painted with the floor and ceiling
 * first, row by row and without depth; the other solids are then drawn over them, in front.
 * With columns, drawBatch leaves walls out: collectWalls puts them into the columns.
 */
export interface ColumnOcclusion {
  /** 1/z of the nearest wall, 0 where none */
  near: Float32Array;
  /** its colour (packRGB) and first and last image row, top ≥ height where none */
  color: Int32Array;
  top: Int32Array;
  bottom: Int32Array;
  floorY: number;
  ceilingY: number;
}

/** Is the face (corners in `cc`) behind full walls in every column it spans? */
function hiddenByColumns(cam: Camera, columns: ColumnOcclusion, face: number): boolean {
  let umin = Infinity;
  let umax = -Infinity;
  let maxInv = 0;
  const corners = FACE_CORNERS[face];
  for (let k = 0; k < 4; k++) {
    const c = corners[k];
    const Z = cc[3 * c + 2];
    if (Z <= cam.near) return false;
    const u = cam.cx + (cam.focal * cc[3 * c]) / Z;
    if (u < umin) umin = u;
    if (u > umax) umax = u;
    if (1 / Z > maxInv) maxInv = 1 / Z;
  }
  const i0 = Math.max(0, Math.floor(umin));
  const i1 = Math.min(cam.width - 1, Math.ceil(umax));
  for (let i = i0; i <= i1; i++) if (columns.near[i] < maxInv) return false;
  return true;
}

/**
 * A vertical face under a level camera spans image columns [ua, ub) with 1/z = ia + (x − ua)·slope
 * at pixel centre x; found from its bottom edge, clipped at the near plane. False if it covers
 * no pixel centre.
 */
const span = { ua: 0, ia: 0, slope: 0, i0: 0, i1: -1 };
function verticalSpan(cam: Camera, face: number): boolean {
  const { near, focal, cx } = cam;
  const corners = FACE_CORNERS[face];
  // the face's two bottom corners (the top ones share X and Z under a level camera)
  let a = -1;
  let b = -1;
  for (let k = 0; k < 4; k++) {
    if ((corners[k] & 2) === 0) {
      if (a < 0) a = corners[k];
      else b = corners[k];
    }
  }
  let xa = cc[3 * a];
  let za = cc[3 * a + 2];
  let xb = cc[3 * b];
  let zb = cc[3 * b + 2];
  if (za < near && zb < near) return false;
  if (za < near) {
    const t = (near - za) / (zb - za);
    xa += (xb - xa) * t;
    za = near;
  } else if (zb < near) {
    const t = (near - zb) / (za - zb);
    xb += (xa - xb) * t;
    zb = near;
  }
  let ua = cx + (focal * xa) / za;
  let ub = cx + (focal * xb) / zb;
  let ia = 1 / za;
  let ib = 1 / zb;
  if (ua > ub) {
    const tu = ua;
    ua = ub;
    ub = tu;
    const ti = ia;
    ia = ib;
    ib = ti;
  }
  span.i0 = Math.max(0, Math.ceil(ua - 0.5));
  span.i1 = Math.min(cam.width - 1, Math.ceil(ub - 0.5) - 1);
  if (span.i1 < span.i0 || ub - ua < 1e-9) return false;
  span.ua = ua;
  span.ia = ia;
  span.slope = (ib - ia) / (ub - ua);
  return true;
}

/** A wall face into the columns where it is the nearest wall so far. */
function wallColumns(cam: Camera, batch: SolidBatch, s: number, face: number, columns: ColumnOcclusion): void {
  if (!verticalSpan(cam, face)) return;
  const { ua, ia, slope, i0, i1 } = span;
  const { focal, cy } = cam;
  const H = cam.height;
  const o = 6 * s;
  const yTop = batch.boxes[o + 4] - cam.ey;
  const yBot = batch.boxes[o + 1] - cam.ey;
  const color = batch.packed[6 * s + face];
  const { near: colNear, top, bottom } = columns;
  for (let i = i0; i <= i1; i++) {
    const w = ia + (i + 0.5 - ua) * slope;
    if (colNear[i] >= w) continue;
    colNear[i] = w;
    columns.color[i] = color;
    top[i] = Math.max(0, Math.ceil(cy - focal * yTop * w - 0.5));
    bottom[i] = Math.min(H - 1, Math.ceil(cy - focal * yBot * w - 0.5) - 1);
  }
}

/**
 * Any other vertical face seen by a level camera: 1/z is constant down each image column, so
 * the columns where a nearer wall hides it are known before any pixel is touched, and its top
 * and bottom edges are straight lines in the image. It is filled row by row (memory order)
 * between those edges, each row's span solved from the edge lines.
 */
function drawVerticalFace(
  frame: Frame,
  cam: Camera,
  batch: SolidBatch,
  s: number,
  face: number,
  columns: ColumnOcclusion,
): void {
  if (!verticalSpan(cam, face)) return;
  const { ua, ia, slope, i0, i1 } = span;
  const colNear = columns.near;
  let first = -1;
  let last = -1;
  // hidden columns between visible ones: then each pixel checks its column too
  let gaps = false;
  for (let i = i0; i <= i1; i++) {
    if (colNear[i] < ia + (i + 0.5 - ua) * slope) {
      if (last >= 0 && last < i - 1) gaps = true;
      if (first < 0) first = i;
      last = i;
    }
  }
  if (first < 0) return;
  const o = 6 * s;
  const W = frame.width;
  const H = frame.height;
  const { focal, cy } = cam;
  const yTop = batch.boxes[o + 4] - cam.ey;
  const yBot = batch.boxes[o + 1] - cam.ey;
  // the edges in the image: v(x) = v0 + k·(x − ua), a pixel is in if vTop ≤ yc < vBot
  const kt = -focal * yTop * slope;
  const vt0 = cy - focal * yTop * ia;
  const kb = -focal * yBot * slope;
  const vb0 = cy - focal * yBot * ia;
  const xf = first + 0.5 - ua;
  const xl = last + 0.5 - ua;
  const j0 = Math.max(0, Math.ceil(Math.min(vt0 + kt * xf, vt0 + kt * xl) - 0.5));
  const j1 = Math.min(H - 1, Math.ceil(Math.max(vb0 + kb * xf, vb0 + kb * xl) - 0.5) - 1);
  const ci = 18 * s + 3 * face;
  const cr = batch.colors[ci];
  const cg = batch.colors[ci + 1];
  const cb = batch.colors[ci + 2];
  const pattern = batch.pattern[s];
  const rgb = frame.rgb;
  const depth = frame.invZ;
  for (let j = j0; j <= j1; j++) {
    const yc = j + 0.5;
    let lo = first;
    let hi = last;
    if (kt > 0) hi = Math.min(hi, Math.floor(ua + (yc - vt0) / kt - 0.5));
    else if (kt < 0) lo = Math.max(lo, Math.ceil(ua + (yc - vt0) / kt - 0.5));
    else if (vt0 > yc) continue;
    if (kb > 0) lo = Math.max(lo, Math.floor(ua + (yc - vb0) / kb - 0.5) + 1);
    else if (kb < 0) hi = Math.min(hi, Math.ceil(ua + (yc - vb0) / kb - 0.5) - 1);
    else if (vb0 <= yc) continue;
    if (hi < lo) continue;
    let w = ia + (lo + 0.5 - ua) * slope;
    const row = j * W;
    if (pattern === 0 && !gaps) {
      for (let idx = row + lo, end = row + hi; idx <= end; idx++, w += slope) {
        if (w > depth[idx]) setPixel(depth, rgb, idx, w, cr, cg, cb);
      }
    } else {
      for (let i = lo; i <= hi; i++, w += slope) {
        const idx = row + i;
        if (w > depth[idx] && w > colNear[i]) {
          depth[idx] = w;
          const c =
            pattern !== 0 && patternHit(cam, batch, s, face, i + 0.5, yc, w) ? batch.accentColors : batch.colors;
          const p = 3 * idx;
          rgb[p] = c[ci];
          rgb[p + 1] = c[ci + 1];
          rgb[p + 2] = c[ci + 2];
        }
      }
    }
  }
}

let zeros = new Float32Array(0);
function noColumns(width: number): Float32Array {
  if (zeros.length < width) zeros = new Float32Array(width);
  return zeros;
}

/** Scan-convert one face; with `colNear`, only where it is nearer than the column's wall. */
function drawFace(
  frame: Frame,
  cam: Camera,
  batch: SolidBatch,
  s: number,
  face: number,
  colNear: Float32Array | null,
): void {
  const { near, focal, cx, cy } = cam;
  const corners = FACE_CORNERS[face];
  for (let k = 0; k < 4; k++) {
    const c = corners[k];
    inX[k] = cc[3 * c];
    inY[k] = cc[3 * c + 1];
    inZ[k] = cc[3 * c + 2];
  }
  // clip the quad at z = near (Sutherland–Hodgman, one plane) and project
  let n = 0;
  for (let k = 0; k < 4; k++) {
    const k2 = (k + 1) & 3;
    const za = inZ[k];
    const zb = inZ[k2];
    if (za >= near) {
      px[n] = cx + (focal * inX[k]) / za;
      py[n] = cy - (focal * inY[k]) / za;
      n++;
    }
    if (za >= near !== zb >= near) {
      const t = (near - za) / (zb - za);
      const X = inX[k] + (inX[k2] - inX[k]) * t;
      const Y = inY[k] + (inY[k2] - inY[k]) * t;
      px[n] = cx + (focal * X) / near;
      py[n] = cy - (focal * Y) / near;
      n++;
    }
  }
  if (n < 3) return;
  // plane of the face in camera space → 1/z = A·u + B·v + C over pixel coordinates
  const nw = FACE_NORMALS[face];
  const { r, u, f } = cam;
  const ncx = nw[0] * r[0] + nw[1] * r[1] + nw[2] * r[2];
  const ncy = nw[0] * u[0] + nw[1] * u[1] + nw[2] * u[2];
  const ncz = nw[0] * f[0] + nw[1] * f[1] + nw[2] * f[2];
  const c0 = corners[0];
  const d = ncx * cc[3 * c0] + ncy * cc[3 * c0 + 1] + ncz * cc[3 * c0 + 2];
  if (Math.abs(d) < 1e-9) return;
  const A = ncx / (focal * d);
  const Bv = -ncy / (focal * d);
  const C = (ncz - (ncx * cx) / focal + (ncy * cy) / focal) / d;
  const pattern = batch.pattern[s];
  const ci = 18 * s + 3 * face;
  const cr = batch.colors[ci];
  const cg = batch.colors[ci + 1];
  const cb = batch.colors[ci + 2];
  const W = frame.width;
  // without columns, compare against zeros (1/z > 0 always holds in front of the camera)
  const cn = colNear ?? noColumns(W);
  const H = frame.height;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let k = 0; k < n; k++) {
    if (py[k] < minY) minY = py[k];
    if (py[k] > maxY) maxY = py[k];
  }
  const j0 = Math.max(0, Math.ceil(minY - 0.5));
  const j1 = Math.min(H - 1, Math.ceil(maxY - 0.5) - 1);
  const rgb = frame.rgb;
  const depth = frame.invZ;
  for (let j = j0; j <= j1; j++) {
    const yc = j + 0.5;
    let xl = Infinity;
    let xr = -Infinity;
    for (let k = 0; k < n; k++) {
      const k2 = k + 1 === n ? 0 : k + 1;
      const ya = py[k];
      const yb = py[k2];
      if ((ya <= yc && yb > yc) || (yb <= yc && ya > yc)) {
        const x = px[k] + ((yc - ya) / (yb - ya)) * (px[k2] - px[k]);
        if (x < xl) xl = x;
        if (x > xr) xr = x;
      }
    }
    if (xl >= xr) continue;
    const i0 = Math.max(0, Math.ceil(xl - 0.5));
    const i1 = Math.min(W - 1, Math.ceil(xr - 0.5) - 1);
    if (i1 < i0) continue;
    let w = A * (i0 + 0.5) + Bv * yc + C;
    let idx = j * W + i0;
    if (pattern === 0) {
      for (let i = i0; i <= i1; i++, idx++, w += A) {
        if (w > depth[idx] && w > cn[i]) setPixel(depth, rgb, idx, w, cr, cg, cb);
      }
    } else {
      for (let i = i0; i <= i1; i++, idx++, w += A) {
        if (w > depth[idx] && w > cn[i]) {
          depth[idx] = w;
          const c = patternHit(cam, batch, s, face, i + 0.5, yc, w) ? batch.accentColors : batch.colors;
          const p = 3 * idx;
          rgb[p] = c[ci];
          rgb[p + 1] = c[ci + 1];
          rgb[p + 2] = c[ci + 2];
        }
      }
    }
  }
}

/** Is the pixel on the accent part of the face's pattern? Evaluated at its world point. */
function patternHit(
  cam: Camera,
  batch: SolidBatch,
  s: number,
  face: number,
  sx: number,
  sy: number,
  w: number,
): boolean {
  const zc = 1 / w;
  const xc = ((sx - cam.cx) / cam.focal) * zc;
  const yc = (-(sy - cam.cy) / cam.focal) * zc;
  const wx = cam.ex + cam.r[0] * xc + cam.u[0] * yc + cam.f[0] * zc;
  const wy = cam.ey + cam.r[1] * xc + cam.u[1] * yc + cam.f[1] * zc;
  const wz = cam.ez + cam.r[2] * xc + cam.u[2] * yc + cam.f[2] * zc;
  const o = 6 * s;
  const B = batch.boxes;
  // the two in-face coordinates, from the box corner, in pattern periods
  const p = batch.period[s];
  let a: number;
  let b: number;
  if (face < 2) {
    a = (wz - B[o + 2]) / p;
    b = (wy - B[o + 1]) / p;
  } else if (face < 4) {
    a = (wx - B[o]) / p;
    b = (wz - B[o + 2]) / p;
  } else {
    a = (wx - B[o]) / p;
    b = (wy - B[o + 1]) / p;
  }
  return patternAt(batch.pattern[s], a, b);
}

export function patternAt(pattern: number, a: number, b: number): boolean {
  const fa = a - Math.floor(a);
  const fb = b - Math.floor(b);
  switch (pattern) {
    case 1: // striped (diagonal)
      return (Math.floor(a + b) & 1) === 1;
    case 2: // checkered
      return ((Math.floor(a) + Math.floor(b)) & 1) === 1;
    case 3: // dotted
      return (fa - 0.5) ** 2 + (fb - 0.5) ** 2 < 0.07;
    case 4: {
      // floral: small cross-shaped flowers on a staggered grid
      const ga = a * 0.7 + (Math.floor(b * 0.7) & 1) * 0.5;
      const ha = ga - Math.floor(ga) - 0.5;
      const hb = b * 0.7 - Math.floor(b * 0.7) - 0.5;
      return ha * ha + hb * hb < 0.14 && (Math.abs(ha) < 0.09 || Math.abs(hb) < 0.09);
    }
    case 5: // plaid
      return fa < 0.22 || fb < 0.22;
    default:
      return false;
  }
}
