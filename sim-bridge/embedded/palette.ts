/**
 * Colours and attribute vocabularies. Named colours give object attributes a concrete look;
 * room and furniture colours keep the rendered houses readable (floors differ per room type,
 * so an agent can tell a kitchen from a bedroom by its floor as in real houses).
 */
import type { Category } from "../../src/sim/protocol.ts";
import { hashString, type RGB } from "./geometry.ts";

export const NAMED_COLORS: Record<string, RGB> = {
  red: [200, 40, 40],
  blue: [40, 80, 210],
  green: [40, 160, 60],
  yellow: [235, 205, 40],
  black: [28, 28, 30],
  white: [240, 240, 236],
  grey: [130, 130, 134],
  gray: [130, 130, 134],
  brown: [120, 72, 36],
  pink: [240, 130, 180],
  purple: [128, 60, 170],
  orange: [240, 130, 30],
  navy: [24, 36, 100],
  beige: [220, 200, 160],
  teal: [30, 140, 140],
  silver: [190, 192, 198],
  gold: [212, 170, 50],
  maroon: [110, 20, 36],
  cream: [245, 235, 205],
  olive: [110, 120, 40],
};

/** Colours the generator draws from (distinct enough to tell instances apart). */
export const OBJECT_COLORS = [
  "red",
  "blue",
  "green",
  "yellow",
  "black",
  "white",
  "grey",
  "brown",
  "pink",
  "purple",
  "orange",
  "navy",
  "teal",
  "silver",
  "gold",
  "beige",
] as const;

export const PATTERNS = ["plain", "striped", "checkered", "dotted", "floral", "plaid"] as const;

/** Materials that make sense per category (the first is the most common). */
export const CATEGORY_MATERIALS: Record<Category, readonly string[]> = {
  backpack: ["canvas", "leather", "fabric"],
  bag: ["leather", "canvas", "fabric"],
  ball: ["plastic", "leather", "fabric"],
  book: ["paper", "leather"],
  camera: ["plastic", "metal"],
  cellphone: ["plastic", "metal"],
  eyeglasses: ["plastic", "metal"],
  hat: ["fabric", "wool", "straw"],
  headphones: ["plastic", "metal", "leather"],
  keys: ["metal"],
  laptop: ["metal", "plastic"],
  mug: ["ceramic", "metal", "glass"],
  shoes: ["leather", "canvas", "fabric"],
  "teddy bear": ["fabric", "wool"],
  toy: ["plastic", "wood"],
  visor: ["fabric", "plastic"],
  wallet: ["leather", "fabric"],
  watch: ["metal", "leather", "plastic"],
};

/** Resolve a colour name to RGB; unknown names hash to a stable colour so files may use any word. */
export function colorOf(name: string): RGB {
  const c = NAMED_COLORS[name.toLowerCase().trim()];
  if (c) return c;
  const h = hashString(name.toLowerCase());
  return [60 + (h & 0x7f) + 40, 60 + ((h >>> 8) & 0x7f), 60 + ((h >>> 16) & 0x7f)];
}

/** Secondary colour for patterns: a contrasting shade of the primary. */
export function accentOf(c: RGB): RGB {
  const lum = 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2];
  return lum > 140
    ? [Math.round(c[0] * 0.45), Math.round(c[1] * 0.45), Math.round(c[2] * 0.45)]
    : [Math.min(255, c[0] + 150), Math.min(255, c[1] + 150), Math.min(255, c[2] + 150)];
}

/** Floor colour per room label (base colour; the renderer adds a plank or tile pattern). */
export const FLOOR_COLORS: Record<string, { color: RGB; tile: "planks" | "tiles" | "carpet" | "concrete" }> = {
  "living room": { color: [168, 124, 84], tile: "planks" },
  kitchen: { color: [205, 200, 190], tile: "tiles" },
  bedroom: { color: [150, 140, 170], tile: "carpet" },
  bathroom: { color: [180, 205, 215], tile: "tiles" },
  office: { color: [140, 110, 80], tile: "planks" },
  hallway: { color: [178, 142, 100], tile: "planks" },
  "dining room": { color: [155, 105, 70], tile: "planks" },
  "laundry room": { color: [190, 190, 175], tile: "tiles" },
  garage: { color: [130, 130, 128], tile: "concrete" },
};
export const DEFAULT_FLOOR = { color: [170, 150, 120] as RGB, tile: "planks" as const };

/** Wall paint per room label. */
export const WALL_COLORS: Record<string, RGB> = {
  "living room": [232, 222, 200],
  kitchen: [240, 238, 226],
  bedroom: [205, 215, 232],
  bathroom: [226, 240, 240],
  office: [222, 232, 210],
  hallway: [236, 228, 214],
  "dining room": [240, 220, 200],
  "laundry room": [232, 232, 232],
  garage: [190, 190, 185],
};
export const DEFAULT_WALL: RGB = [230, 226, 218];
export const CEILING: RGB = [246, 246, 242];

/** Top-down map fill per room label. */
export const MAP_ROOM_COLORS: Record<string, RGB> = {
  "living room": [250, 224, 170],
  kitchen: [200, 230, 250],
  bedroom: [215, 200, 245],
  bathroom: [180, 235, 230],
  office: [220, 240, 190],
  hallway: [235, 235, 225],
  "dining room": [250, 205, 185],
  "laundry room": [210, 220, 230],
  garage: [200, 200, 200],
};

/** Distinct marker colour per category for the top-down map. */
export function categoryMarker(category: string): RGB {
  const h = hashString(category);
  const hue = (h % 360) / 360;
  return hsl(hue, 0.75, 0.45);
}

export function hsl(h: number, s: number, l: number): RGB {
  const f = (n: number) => {
    const k = (n + h * 12) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}
