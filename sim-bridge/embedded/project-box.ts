/**
 * A box seen through the camera: its corners in camera space (into shared scratch space), the
 * cheap tests that drop boxes and faces that cannot show, and the image columns a vertical face
 * spans under a level camera.
 */
import type { Camera } from "./camera.ts";

// corner index bits: x1 → 1, y1 → 2, z1 → 4; each face as a loop of corners
export const FACE_CORNERS = [
  [0, 2, 6, 4],
  [1, 5, 7, 3],
  [0, 4, 5, 1],
  [2, 3, 7, 6],
  [0, 1, 3, 2],
  [4, 6, 7, 5],
];
export const FACE_NORMALS = [
  [-1, 0, 0],
  [1, 0, 0],
  [0, -1, 0],
  [0, 1, 0],
  [0, 0, -1],
  [0, 0, 1],
];

// scratch space for the corners of the box being drawn (the rasterizer is single-threaded and not re-entrant)
export const cc = new Float64Array(24); // camera-space corners

/**
 * Is box `o` surely outside the view, by its bounding sphere (behind, or beyond a side)? A cheap
 * first test: it rejects only boxes projectCorners would reject too.
 */
export function sphereOutside(cam: Camera, B: Float64Array, o: number): boolean {
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
export function projectCorners(cam: Camera, B: Float64Array, o: number): boolean {
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
export function facesEye(cam: Camera, B: Float64Array, o: number, face: number): boolean {
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
 * A vertical face under a level camera spans image columns [ua, ub) with 1/z = ia + (x − ua)·slope
 * at pixel centre x; found from its bottom edge, clipped at the near plane. False if it covers
 * no pixel centre.
 */
export const span = { ua: 0, ia: 0, slope: 0, i0: 0, i1: -1 };
export function verticalSpan(cam: Camera, face: number): boolean {
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
