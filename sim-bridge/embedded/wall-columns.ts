/**
 * Per-column wall occlusion under a level camera: the nearest floor-to-ceiling wall of each image
 * column, collected before anything else is drawn, and the vertical faces drawn against it.
 */
import type { Camera } from "./camera.ts";
import { type Frame, setPixel } from "./frame.ts";
import { patternHit } from "./patterns.ts";
import { cc, FACE_CORNERS, facesEye, projectCorners, span, sphereOutside, verticalSpan } from "./project-box.ts";
import type { SolidBatch } from "./solid-batch.ts";

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

/** A plain box from floor to ceiling: its vertical faces are drawn through the columns. */
export function isWall(batch: SolidBatch, s: number, columns: ColumnOcclusion): boolean {
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

/** Is the face (corners in `cc`) behind full walls in every column it spans? */
export function hiddenByColumns(cam: Camera, columns: ColumnOcclusion, face: number): boolean {
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
export function drawVerticalFace(
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
