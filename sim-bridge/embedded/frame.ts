/**
 * The frame the rasterizer draws into (colour and 1/z depth) and colours as packed pixel words,
 * with the conversions between packed pixels and RGB bytes.
 */

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

/** Stores a pixel nearer than what the frame holds there: its inverse depth w and its colour. */
export function setPixel(
  depth: Float32Array,
  rgb: Uint8Array,
  idx: number,
  w: number,
  r: number,
  g: number,
  b: number,
): void {
  depth[idx] = w;
  const p = 3 * idx;
  rgb[p] = r;
  rgb[p + 1] = g;
  rgb[p + 2] = b;
}

/** RGB bytes → packed pixels. */
export function rgbToPacked(rgb: Uint8Array, n: number, px: Int32Array): void {
  for (let i = 0, p = 0; i < n; i++, p += 3) px[i] = packRGB(rgb[p], rgb[p + 1], rgb[p + 2]);
}
