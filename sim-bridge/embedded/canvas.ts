/** Minimal drawing on raw RGB buffers for the top-down map: rectangles, discs, lines, text. */

import { GLYPHS } from "./font.ts";
import type { RGB } from "./geometry.ts";

export class Canvas {
  readonly rgb: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
    background: RGB,
  ) {
    this.rgb = Buffer.alloc(width * height * 3);
    for (let i = 0; i < width * height; i++) this.rgb.set(background, 3 * i);
  }

  pixel(x: number, y: number, c: RGB, alpha = 1): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const p = 3 * (y * this.width + x);
    if (alpha >= 1) {
      this.rgb[p] = c[0];
      this.rgb[p + 1] = c[1];
      this.rgb[p + 2] = c[2];
    } else {
      this.rgb[p] = this.rgb[p] * (1 - alpha) + c[0] * alpha;
      this.rgb[p + 1] = this.rgb[p + 1] * (1 - alpha) + c[1] * alpha;
      this.rgb[p + 2] = this.rgb[p + 2] * (1 - alpha) + c[2] * alpha;
    }
  }

  /** Fill pixels whose centres fall in [x0, x1) × [y0, y1) (pixel units, fractional allowed). */
  fillRect(x0: number, y0: number, x1: number, y1: number, c: RGB, alpha = 1): void {
    const i0 = Math.max(0, Math.round(x0));
    const i1 = Math.min(this.width, Math.round(x1));
    const j0 = Math.max(0, Math.round(y0));
    const j1 = Math.min(this.height, Math.round(y1));
    for (let j = j0; j < j1; j++) for (let i = i0; i < i1; i++) this.pixel(i, j, c, alpha);
  }

  strokeRect(x0: number, y0: number, x1: number, y1: number, c: RGB): void {
    this.fillRect(x0, y0, x1, y0 + 1, c);
    this.fillRect(x0, y1 - 1, x1, y1, c);
    this.fillRect(x0, y0, x0 + 1, y1, c);
    this.fillRect(x1 - 1, y0, x1, y1, c);
  }

  disc(cx: number, cy: number, r: number, c: RGB): void {
    for (let j = Math.floor(cy - r); j <= Math.ceil(cy + r); j++) {
      for (let i = Math.floor(cx - r); i <= Math.ceil(cx + r); i++) {
        const d = Math.hypot(i + 0.5 - cx, j + 0.5 - cy);
        if (d <= r) this.pixel(i, j, c, Math.min(1, r - d + 0.5));
      }
    }
  }

  ring(cx: number, cy: number, r: number, w: number, c: RGB): void {
    for (let j = Math.floor(cy - r - w); j <= Math.ceil(cy + r + w); j++) {
      for (let i = Math.floor(cx - r - w); i <= Math.ceil(cx + r + w); i++) {
        const d = Math.abs(Math.hypot(i + 0.5 - cx, j + 0.5 - cy) - r);
        if (d <= w / 2) this.pixel(i, j, c);
      }
    }
  }

  line(x0: number, y0: number, x1: number, y1: number, w: number, c: RGB): void {
    const len = Math.hypot(x1 - x0, y1 - y0);
    const n = Math.max(1, Math.ceil(len * 2));
    for (let k = 0; k <= n; k++) this.disc(x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n, w / 2, c);
  }

  /** Filled triangle (for the agent's arrow). */
  triangle(pts: [number, number][], c: RGB): void {
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const [a, b, d] = pts;
    const sign = (p: [number, number], q: [number, number], r: [number, number]) =>
      (p[0] - r[0]) * (q[1] - r[1]) - (q[0] - r[0]) * (p[1] - r[1]);
    for (let j = Math.floor(Math.min(...ys)); j <= Math.ceil(Math.max(...ys)); j++) {
      for (let i = Math.floor(Math.min(...xs)); i <= Math.ceil(Math.max(...xs)); i++) {
        const p: [number, number] = [i + 0.5, j + 0.5];
        const s1 = sign(p, a, b);
        const s2 = sign(p, b, d);
        const s3 = sign(p, d, a);
        const neg = s1 < 0 || s2 < 0 || s3 < 0;
        const pos = s1 > 0 || s2 > 0 || s3 > 0;
        if (!(neg && pos)) this.pixel(i, j, c);
      }
    }
  }

  /** Text in a 5×7 pixel font, scaled by an integer; returns the width drawn. */
  text(x: number, y: number, s: string, c: RGB, scale = 1): number {
    let cx = Math.round(x);
    for (const ch of s.toLowerCase()) {
      const g = GLYPHS[ch] ?? GLYPHS["?"];
      for (let row = 0; row < 7; row++) {
        for (let col = 0; col < 5; col++) {
          if ((g[row] >> (4 - col)) & 1)
            this.fillRect(cx + col * scale, y + row * scale, cx + (col + 1) * scale, y + (row + 1) * scale, c);
        }
      }
      cx += 6 * scale;
    }
    return cx - x;
  }

  static textWidth(s: string, scale = 1): number {
    return s.length * 6 * scale;
  }
}
