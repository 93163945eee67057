/**
 * A small z-buffered rasterizer of axis-aligned boxes into typed arrays. Faces are convex
 * quads: back faces are skipped, the rest are clipped at the near plane, projected, and
 * scan-converted row by row with 1/z interpolated exactly (it is affine in screen space for a
 * plane), so occlusion is per pixel. Flat colours per face; patterned faces (object attributes)
 * evaluate their pattern at the pixel's world point. This file draws a batch of boxes; the
 * camera, the frame, the boxes, their projection, wall columns and patterns have their own files.
 */
import type { Camera } from "./camera.ts";
import { type Frame, setPixel } from "./frame.ts";
import { patternHit } from "./patterns.ts";
import { cc, FACE_CORNERS, FACE_NORMALS, facesEye, projectCorners, sphereOutside } from "./project-box.ts";
import type { SolidBatch } from "./solid-batch.ts";
import { type ColumnOcclusion, drawVerticalFace, hiddenByColumns, isWall } from "./wall-columns.ts";

// scratch space (the rasterizer is single-threaded and not re-entrant)
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
