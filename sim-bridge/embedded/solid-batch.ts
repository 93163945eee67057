/**
 * The rasterizer's input: axis-aligned boxes with a colour (and optional pattern) per face,
 * stored flat, and the per-face shading that makes box edges read in flat colours.
 */
import { packRGB } from "./frame.ts";
import type { Box, RGB } from "./geometry.ts";

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
