/**
 * Face patterns (striped, checkered, dotted, floral, plaid): whether a pixel is on the pattern's
 * accent, evaluated at the world point it shows.
 */
import type { Camera } from "./camera.ts";
import type { SolidBatch } from "./solid-batch.ts";

/** Is the pixel on the accent part of the face's pattern? Evaluated at its world point. */
export function patternHit(
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
