/**
 * How much an instance seen in a view looks like the user's photo of the object. The semantic
 * sensor says where an instance is (its box) and what category it is; which instance it is has
 * to come from pixels, since its id is new every episode.
 *
 * An appearance is the colour make-up of the object's own pixels, twice: a hue × saturation
 * histogram with grey levels apart (so a white mug and a silver one differ), and a CIELAB
 * histogram (perceptual: equal steps there are about equally visible, which the hue wheel's
 * are not for dark and pale colours); plus a pattern's mark, the share of neighbouring object
 * pixels with a sharp colour step between them. The object is cut from its surroundings by
 * colour: pixels inside the box whose colour also fills a ring just outside it are background.
 * Both the photo and the view go through the same cut (the photo's ring is its border).
 *
 * Shape is left out: same-category instances share their shape, size does not show in a photo
 * that the object fills, and the outline's proportions change with the viewing angle.
 *
 * Calibrated on development splits only (scripts/dev/appearance-calibration.ts over polar-dev
 * and a set generated with seed 5; never polar-mini): see the README for its ROC.
 */
/** An image as RGB pixels. */
export interface Pixels {
  width: number;
  height: number;
  /** RGB, row-major */
  data: Buffer;
}

export interface Appearance {
  /** hue × saturation histogram with grey bins, normalised */
  hsv: Float32Array;
  /** CIELAB histogram (L × a × b, soft bins), normalised */
  lab: Float32Array;
  /** share of neighbouring object pixels with a sharp colour step between them: a pattern's mark */
  texture: number;
  /** object pixels counted */
  pixels: number;
}

const HUES = 12;
const SATS = 3;
const GREYS = 4;
const HSV_BINS = HUES * SATS + GREYS;
const LAB_L = 6;
const LAB_AB = 8;
const LAB_BINS = LAB_L * LAB_AB * LAB_AB;

/**
 * Adds one pixel to the hue histogram with soft bins: shading moves a face's value and
 * saturation a little, and hard bin edges would then split one colour across unrelated bins.
 * Value itself is left out for coloured pixels (it is mostly light and shade); greys are binned
 * by value.
 */
function addHsv(hist: Float32Array, r: number, g: number, b: number): void {
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

/** sRGB → linear light, per 8-bit level */
const LINEAR = Float32Array.from({ length: 256 }, (_, i) => {
  const x = i / 255;
  return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
});
const labF = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t) / 116 + 16 / 116);

/** Pure: CIELAB (D65) of an sRGB pixel. */
export function toLab(r: number, g: number, b: number): [number, number, number] {
  const R = LINEAR[r];
  const G = LINEAR[g];
  const B = LINEAR[b];
  const fx = labF((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047);
  const fy = labF(0.2126 * R + 0.7152 * G + 0.0722 * B);
  const fz = labF((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** Adds one pixel to the Lab histogram, spread over the eight nearest bins (trilinear). */
function addLab(hist: Float32Array, r: number, g: number, b: number): void {
  const [L, A, B] = toLab(r, g, b);
  const l = Math.min(LAB_L - 1.001, Math.max(0, (L / 100) * LAB_L - 0.5));
  const a = Math.min(LAB_AB - 1.001, Math.max(0, ((A + 80) / 160) * LAB_AB - 0.5));
  const c = Math.min(LAB_AB - 1.001, Math.max(0, ((B + 80) / 160) * LAB_AB - 0.5));
  const l0 = Math.floor(l);
  const a0 = Math.floor(a);
  const c0 = Math.floor(c);
  const fl = l - l0;
  const fa = a - a0;
  const fc = c - c0;
  for (let dl = 0; dl < 2; dl++) {
    const wl = dl ? fl : 1 - fl;
    for (let da = 0; da < 2; da++) {
      const wa = wl * (da ? fa : 1 - fa);
      const row = ((l0 + dl) * LAB_AB + a0 + da) * LAB_AB + c0;
      hist[row] += wa * (1 - fc);
      hist[row + 1] += wa * fc;
    }
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
  const w = Math.max(0, x1 - x0);
  const mask = new Uint8Array(w * Math.max(0, y1 - y0));
  let nAll = 0;
  let nFg = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const p = 3 * (y * W + x);
      nAll++;
      if (isBackground(key(data[p], data[p + 1], data[p + 2]))) continue;
      mask[(y - y0) * w + (x - x0)] = 1;
      nFg++;
    }
  }
  // An object the colour of what it stands on loses most of its pixels to the cut: keep the box whole.
  const useFg = nFg >= Math.max(8, nAll * 0.03);
  const hsv = new Float32Array(HSV_BINS);
  const lab = new Float32Array(LAB_BINS);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (useFg && mask[(y - y0) * w + (x - x0)] === 0) continue;
      const p = 3 * (y * W + x);
      addHsv(hsv, data[p], data[p + 1], data[p + 2]);
      addLab(lab, data[p], data[p + 1], data[p + 2]);
    }
  }
  const n = useFg ? nFg : nAll;
  if (n > 0) {
    for (let i = 0; i < HSV_BINS; i++) hsv[i] /= n;
    for (let i = 0; i < LAB_BINS; i++) lab[i] /= n;
  }
  return { hsv, lab, texture: texture(img, [x0, y0, x1, y1], useFg ? mask : null), pixels: n };
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

const overlap = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.min(a[i], b[i]);
  return s;
};

/**
 * Pure: 0 (nothing alike) to 1 (same colours in the same shares, same pattern). Colour carries
 * most of what tells same-category instances apart. A pattern's mark is the next cue (the
 * hardest pairs on the development split are one colour, plain against patterned), but it is
 * only read once the view has the pixels to show a pattern at all: a small or far view blurs it
 * away, and then its absence says nothing.
 */
export function similarity(photo: Appearance, view: Appearance): number {
  const colour = 0.5 * overlap(photo.hsv, view.hsv) + 0.5 * overlap(photo.lab, view.lab);
  const patternShown = Math.min(1, Math.max(0, (view.pixels - 100) / 300));
  const patternGap = Math.abs(Math.log((photo.texture + 0.02) / (view.texture + 0.02)));
  return Math.max(0, Math.min(1, colour - 0.15 * patternGap * patternShown));
}

/** The object in a user's photo: framed in the middle, the photo's border is its surroundings. */
export function photoAppearanceOf(px: Pixels): Appearance {
  const m = Math.max(2, Math.round(Math.min(px.width, px.height) * 0.04));
  return appearanceIn(px, [m, m, px.width - m, px.height - m], m);
}
