/**
 * The heuristic's eyes: how much an instance seen in a view looks like the user's photo of the
 * object. The semantic sensor says where an instance is (its box) and what category it is;
 * which instance it is has to come from pixels, since its id is new every episode.
 *
 * An appearance is the colour make-up of the object's own pixels (a hue × saturation × value
 * histogram, with grey levels apart, so a white mug and a silver one differ) plus its outline's
 * height-to-width ratio. The object is cut from its surroundings by colour: pixels inside the
 * box whose colour also fills a ring just outside it are background. Both the photo and the
 * view go through the same cut (the photo's ring is its border), so they are compared alike.
 */
import sharp from "sharp";
import type { Image } from "../../sim/simulator.ts";

export interface Pixels {
  width: number;
  height: number;
  /** RGB, row-major */
  data: Buffer;
}

export interface Appearance {
  /** normalised colour histogram of the object's pixels */
  hist: Float32Array;
  /** height / width of the object's pixels' extent */
  aspect: number;
  /** share of neighbouring object pixels with a sharp colour step between them: a pattern's mark */
  texture: number;
  /** object pixels counted */
  pixels: number;
}

const HUES = 12;
const SATS = 3;
const GREYS = 4;
const BINS = HUES * SATS + GREYS;

/**
 * Adds one pixel to a histogram with soft bins: shading moves a face's value and saturation a
 * little, and hard bin edges would then split one colour across unrelated bins. Value itself
 * is left out for coloured pixels (it is mostly light and shade); greys are binned by value.
 */
function addPixel(hist: Float32Array, r: number, g: number, b: number): void {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const v = max / 255;
  const s = max === 0 ? 0 : (max - min) / max;
  if (s < 0.2 || max < 40) {
    const x = Math.min(GREYS - 1, Math.max(0, v * GREYS - 0.5));
    const i = Math.floor(x);
    const f = x - i;
    hist[HUES * SATS + i] += 1 - f;
    if (i + 1 < GREYS) hist[HUES * SATS + i + 1] += f;
    return;
  }
  const d = max - min;
  let h: number;
  if (max === r) h = ((g - b) / d + 6) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  const hx = (h / 6) * HUES - 0.5;
  const h0 = Math.floor(hx);
  const hf = hx - h0;
  const sx = Math.min(SATS - 1, Math.max(0, ((s - 0.2) / 0.8) * SATS - 0.5));
  const s0 = Math.floor(sx);
  const sf = sx - s0;
  for (const [hi, hw] of [
    [(h0 + HUES) % HUES, 1 - hf],
    [(h0 + 1 + HUES) % HUES, hf],
  ] as const) {
    hist[hi * SATS + s0] += hw * (1 - sf);
    if (s0 + 1 < SATS) hist[hi * SATS + s0 + 1] += hw * sf;
  }
}

/** A coarse colour key for the background test: 8 levels a channel absorb JPEG's noise. */
const key = (r: number, g: number, b: number) => ((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5);

/**
 * Pure: the appearance of what lies inside `box` ([x0, y0, x1, y1], pixels, end-exclusive),
 * with the colours of a `ring`-pixel band around it taken as background.
 */
export function appearanceIn(img: Pixels, box: readonly [number, number, number, number], ring = 3): Appearance {
  const { width: W, height: H, data } = img;
  const x0 = Math.max(0, Math.floor(box[0]));
  const y0 = Math.max(0, Math.floor(box[1]));
  const x1 = Math.min(W, Math.ceil(box[2]));
  const y1 = Math.min(H, Math.ceil(box[3]));
  const background = new Uint32Array(512);
  let ringCount = 0;
  for (let y = Math.max(0, y0 - ring); y < Math.min(H, y1 + ring); y++) {
    for (let x = Math.max(0, x0 - ring); x < Math.min(W, x1 + ring); x++) {
      if (x >= x0 && x < x1 && y >= y0 && y < y1) continue;
      const p = 3 * (y * W + x);
      background[key(data[p], data[p + 1], data[p + 2])]++;
      ringCount++;
    }
  }
  // A colour counts as background when it is more than a sliver of the ring.
  const isBackground = (k: number) => ringCount > 0 && background[k] > Math.max(2, ringCount * 0.02);
  const all = new Float32Array(BINS);
  const fg = new Float32Array(BINS);
  const mask = new Uint8Array(Math.max(0, x1 - x0) * Math.max(0, y1 - y0));
  let nAll = 0;
  let nFg = 0;
  let fx0 = Number.POSITIVE_INFINITY;
  let fx1 = -1;
  let fy0 = Number.POSITIVE_INFINITY;
  let fy1 = -1;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const p = 3 * (y * W + x);
      const r = data[p];
      const g = data[p + 1];
      const b = data[p + 2];
      addPixel(all, r, g, b);
      nAll++;
      if (isBackground(key(r, g, b))) continue;
      addPixel(fg, r, g, b);
      mask[(y - y0) * (x1 - x0) + (x - x0)] = 1;
      nFg++;
      if (x < fx0) fx0 = x;
      if (x > fx1) fx1 = x;
      if (y < fy0) fy0 = y;
      if (y > fy1) fy1 = y;
    }
  }
  // An object the colour of what it stands on loses most of its pixels to the cut: keep the box whole.
  const useFg = nFg >= Math.max(8, nAll * 0.03);
  const hist = useFg ? fg : all;
  const n = useFg ? nFg : nAll;
  if (n > 0) for (let i = 0; i < BINS; i++) hist[i] /= n;
  const aspect = useFg && fx1 >= fx0 ? (fy1 - fy0 + 1) / (fx1 - fx0 + 1) : (y1 - y0) / Math.max(1, x1 - x0);
  return { hist, aspect, texture: texture(img, [x0, y0, x1, y1], useFg ? mask : null), pixels: n };
}

function texture(img: Pixels, box: readonly [number, number, number, number], mask: Uint8Array | null): number {
  const [x0, y0, x1, y1] = box;
  const w = x1 - x0;
  const { width: W, data } = img;
  let pairs = 0;
  let steps = 0;
  const fg = (x: number, y: number) =>
    x >= x0 && x < x1 && y >= y0 && y < y1 && (mask === null || mask[(y - y0) * w + (x - x0)] === 1);
  // Only pixels whose four neighbours are object too: the outline's own step is not a pattern.
  const inside = (x: number, y: number) =>
    fg(x, y) && (mask === null || (fg(x - 1, y) && fg(x + 1, y) && fg(x, y - 1) && fg(x, y + 1)));
  const step = (p: number, q: number) =>
    Math.abs(data[p] - data[q]) + Math.abs(data[p + 1] - data[q + 1]) + Math.abs(data[p + 2] - data[q + 2]) > 90;
  for (let y = y0; y < y1 - 1; y++) {
    for (let x = x0; x < x1 - 1; x++) {
      if (!inside(x, y)) continue;
      const p = 3 * (y * W + x);
      if (inside(x + 1, y)) {
        pairs++;
        if (step(p, p + 3)) steps++;
      }
      if (inside(x, y + 1)) {
        pairs++;
        if (step(p, p + 3 * W)) steps++;
      }
    }
  }
  return pairs ? steps / pairs : 0;
}

/** Pure: 0 (nothing alike) to 1 (same colours in the same shares, same pattern, same outline ratio). */
export function similarity(a: Appearance, b: Appearance): number {
  let overlap = 0;
  for (let i = 0; i < BINS; i++) overlap += Math.min(a.hist[i], b.hist[i]);
  const ratio = Math.min(a.aspect, b.aspect) / Math.max(a.aspect, b.aspect, 1e-6);
  const pattern = 1 - Math.min(1, 3 * Math.abs(a.texture - b.texture));
  // Colour carries most of what tells same-category instances apart; a pattern's edges are the
  // next cue (same colour, plain or striped); the outline changes with the viewing angle, so it
  // only nudges.
  return 0.7 * overlap + 0.2 * pattern + 0.1 * ratio;
}

const decoded = new WeakMap<Buffer, Promise<Pixels>>();

/** Decodes an encoded image to RGB once per buffer. */
export function pixelsOf(image: Image): Promise<Pixels> {
  let p = decoded.get(image.data);
  if (!p) {
    p = sharp(image.data)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ width: info.width, height: info.height, data }));
    decoded.set(image.data, p);
  }
  return p;
}

const photos = new WeakMap<Buffer, Promise<Appearance>>();

/** The object in a user's photo: framed in the middle, the photo's border is its surroundings. */
export function photoAppearance(photo: Image): Promise<Appearance> {
  let p = photos.get(photo.data);
  if (!p) {
    p = pixelsOf(photo).then((px) => {
      const m = Math.max(2, Math.round(Math.min(px.width, px.height) * 0.04));
      return appearanceIn(px, [m, m, px.width - m, px.height - m], m);
    });
    photos.set(photo.data, p);
  }
  return p;
}
