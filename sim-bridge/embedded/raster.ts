/**
 * A small z-buffered rasterizer of axis-aligned boxes into typed arrays. Faces are convex
 * quads: back faces are skipped, the rest are clipped at the near plane, projected, and
 * scan-converted with 1/z interpolated exactly (it is affine in screen space for a plane), so
 * occlusion is per pixel. Flat colours per face; patterned faces (object attributes) evaluate
 * their pattern at the pixel's world point.
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

/** Boxes with per-face colours, stored flat for speed. Face order: -x, +x, -y, +y, -z, +z. */
export class SolidBatch {
  count = 0;
  boxes = new Float64Array(6 * 64);
  colors = new Uint8Array(18 * 64);
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
    for (let k = 0; k < 6; k++) this.colors.set(faceColors[k], 18 * i + 3 * k);
    this.pattern[i] = pattern;
    this.accent.set(accent, 3 * i);
    this.period[i] = period;
  }

  private grow(): void {
    const n = this.pattern.length * 2;
    const re = <T extends Float64Array | Uint8Array | Float32Array>(a: T, k: number): T => {
      const b = new (a.constructor as new (n: number) => T)(n * k);
      b.set(a);
      return b;
    };
    this.boxes = re(this.boxes, 6);
    this.colors = re(this.colors, 18);
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
  const { ex, ey, ez, r, u, f, near } = cam;
  const tanX = (cam.width / 2 + 2) / cam.focal;
  const tanY = (cam.height / 2 + 2) / cam.focal;
  const B = batch.boxes;
  const n = batch.count;
  if (order.length < n) {
    order = new Int32Array(n * 2);
    orderKey = new Float64Array(n * 2);
  }
  for (let s = 0; s < n; s++) {
    order[s] = s;
    if (nearFirst) {
      const o = 6 * s;
      const dx = ex < B[o] ? B[o] - ex : ex > B[o + 3] ? ex - B[o + 3] : 0;
      const dy = ey < B[o + 1] ? B[o + 1] - ey : ey > B[o + 4] ? ey - B[o + 4] : 0;
      const dz = ez < B[o + 2] ? B[o + 2] - ez : ez > B[o + 5] ? ez - B[o + 5] : 0;
      orderKey[s] = dx * dx + dy * dy + dz * dz;
    }
  }
  const sorted = order.subarray(0, n);
  if (nearFirst) sorted.sort((a, b) => orderKey[a] - orderKey[b]);
  for (let q = 0; q < n; q++) {
    const s = sorted[q];
    const o = 6 * s;
    const x0 = B[o];
    const y0 = B[o + 1];
    const z0 = B[o + 2];
    const x1 = B[o + 3];
    const y1 = B[o + 4];
    const z1 = B[o + 5];
    // camera-space corners, and a conservative frustum cull
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
    if (allBehind || allLeft || allRight || allUp || allDown) continue;
    const mask = batch.faces[s];
    for (let face = 0; face < 6; face++) {
      if (((mask >> face) & 1) === 0) continue;
      // back-face cull: the eye must be on the outer side of the face's plane
      switch (face) {
        case 0:
          if (ex >= x0) continue;
          break;
        case 1:
          if (ex <= x1) continue;
          break;
        case 2:
          if (ey >= y0) continue;
          break;
        case 3:
          if (ey <= y1) continue;
          break;
        case 4:
          if (ez >= z0) continue;
          break;
        default:
          if (ez <= z1) continue;
      }
      if (cam.level && (face < 2 || face > 3)) drawVerticalFace(frame, cam, batch, s, face, columns);
      else if (!columns || !hiddenByColumns(cam, columns, face)) drawFace(frame, cam, batch, s, face, 0, frame.width - 1);
    }
  }
}

/**
 * Per image column, the nearest 1/z of a floor-to-ceiling wall drawn so far: nothing behind it
 * in that column can show (everything stands between floor and ceiling), so farther faces are
 * skipped column by column without touching their pixels.
 */
export interface ColumnOcclusion {
  near: Float32Array;
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
 * A vertical face seen by a level camera: 1/z is constant down each image column, so the
 * columns where a nearer full wall hides it are known before any pixel is touched, and its
 * pixels down a column need one depth each. A floor-to-ceiling face then hides its own
 * columns for everything behind it.
 */
function drawVerticalFace(
  frame: Frame,
  cam: Camera,
  batch: SolidBatch,
  s: number,
  face: number,
  columns?: ColumnOcclusion,
): void {
  if (!columns) {
    drawFace(frame, cam, batch, s, face, 0, frame.width - 1);
    return;
  }
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
  if (za < near && zb < near) return;
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
    [ua, ub] = [ub, ua];
    [ia, ib] = [ib, ia];
  }
  const W = frame.width;
  const i0 = Math.max(0, Math.ceil(ua - 0.5));
  const i1 = Math.min(W - 1, Math.ceil(ub - 0.5) - 1);
  if (i1 < i0 || ub - ua < 1e-9) return;
  const slope = (ib - ia) / (ub - ua);
  const colNear = columns.near;
  let first = -1;
  let last = -1;
  for (let i = i0; i <= i1; i++) {
    if (colNear[i] < ia + (i + 0.5 - ua) * slope) {
      if (first < 0) first = i;
      last = i;
    }
  }
  if (first < 0) return;
  // column by column: a column's pixels share one depth, so the depth test is one compare
  const o = 6 * s;
  const H = frame.height;
  const { cy } = cam;
  const y0 = batch.boxes[o + 1] - cam.ey;
  const y1 = batch.boxes[o + 4] - cam.ey;
  const full = batch.boxes[o + 1] <= columns.floorY && batch.boxes[o + 4] >= columns.ceilingY;
  const ci = 18 * s + 3 * face;
  const cr = batch.colors[ci];
  const cg = batch.colors[ci + 1];
  const cb = batch.colors[ci + 2];
  const pattern = batch.pattern[s];
  const rgb = frame.rgb;
  const depth = frame.invZ;
  for (let i = first; i <= last; i++) {
    const w = ia + (i + 0.5 - ua) * slope;
    if (colNear[i] >= w) continue;
    const jt = Math.max(0, Math.ceil(cy - focal * y1 * w - 0.5));
    const jb = Math.min(H - 1, Math.ceil(cy - focal * y0 * w - 0.5) - 1);
    let idx = jt * W + i;
    for (let j = jt; j <= jb; j++, idx += W) {
      if (w <= depth[idx]) continue;
      depth[idx] = w;
      const p = 3 * idx;
      if (pattern !== 0 && patternHit(cam, batch, s, face, i + 0.5, j + 0.5, w)) {
        const ai = 3 * s;
        const k = FACE_LIGHT[face];
        rgb[p] = batch.accent[ai] * k;
        rgb[p + 1] = batch.accent[ai + 1] * k;
        rgb[p + 2] = batch.accent[ai + 2] * k;
      } else {
        rgb[p] = cr;
        rgb[p + 1] = cg;
        rgb[p + 2] = cb;
      }
    }
    if (full && w > colNear[i]) colNear[i] = w;
  }
}

/** Scan-convert one face, limited to image columns clipL..clipR. */
function drawFace(
  frame: Frame,
  cam: Camera,
  batch: SolidBatch,
  s: number,
  face: number,
  clipL: number,
  clipR: number,
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
    const i0 = Math.max(clipL, Math.ceil(xl - 0.5));
    const i1 = Math.min(clipR, Math.ceil(xr - 0.5) - 1);
    if (i1 < i0) continue;
    let w = A * (i0 + 0.5) + Bv * yc + C;
    let idx = j * W + i0;
    if (pattern === 0) {
      for (let i = i0; i <= i1; i++, idx++, w += A) {
        if (w > depth[idx]) {
          depth[idx] = w;
          const p = 3 * idx;
          rgb[p] = cr;
          rgb[p + 1] = cg;
          rgb[p + 2] = cb;
        }
      }
    } else {
      for (let i = i0; i <= i1; i++, idx++, w += A) {
        if (w > depth[idx]) {
          depth[idx] = w;
          const p = 3 * idx;
          if (patternHit(cam, batch, s, face, i + 0.5, yc, w)) {
            const ai = 3 * s;
            const k = FACE_LIGHT[face];
            rgb[p] = batch.accent[ai] * k;
            rgb[p + 1] = batch.accent[ai + 1] * k;
            rgb[p + 2] = batch.accent[ai + 2] * k;
          } else {
            rgb[p] = cr;
            rgb[p + 1] = cg;
            rgb[p + 2] = cb;
          }
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
