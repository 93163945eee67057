/**
 * Furniture: what each room type holds, how big each piece is, and the boxes a piece is drawn
 * (and occludes) with. The renderer and the visibility test use the same boxes, so what the
 * image shows and what the semantic sensor reports agree.
 */
import type { Box, RGB } from "./geometry.ts";
import type { Facing, Furniture, Rect } from "./house.ts";

export interface FurnitureKind {
  kind: string;
  /** extent along the wall it stands against (or along x when free-standing), metres */
  width: [number, number];
  /** extent away from the wall */
  depth: [number, number];
  /** top surface height */
  height: number;
  surface: boolean;
  place: "wall" | "center";
  colors: RGB[];
}

const WOOD: RGB[] = [
  [150, 100, 60],
  [110, 74, 46],
  [186, 146, 100],
  [90, 60, 40],
];
const PAINT: RGB[] = [
  [236, 236, 232],
  [60, 64, 72],
  [180, 190, 200],
];
const FABRIC: RGB[] = [
  [90, 110, 150],
  [150, 60, 60],
  [120, 130, 90],
  [110, 110, 115],
  [180, 160, 130],
];

const K = (
  kind: string,
  width: [number, number],
  depth: [number, number],
  height: number,
  surface: boolean,
  place: "wall" | "center",
  colors: RGB[],
): FurnitureKind => ({ kind, width, depth, height, surface, place, colors });

export const KINDS: Record<string, FurnitureKind> = {
  sofa: K("sofa", [1.8, 2.2], [0.85, 0.95], 0.45, true, "wall", FABRIC),
  armchair: K("armchair", [0.8, 0.9], [0.8, 0.9], 0.45, true, "wall", FABRIC),
  "coffee table": K("coffee table", [0.9, 1.2], [0.5, 0.65], 0.42, true, "center", WOOD),
  "tv stand": K("tv stand", [1.4, 1.8], [0.4, 0.5], 0.55, true, "wall", WOOD),
  bookshelf: K("bookshelf", [0.8, 1.2], [0.3, 0.38], 1.1, true, "wall", WOOD),
  counter: K("counter", [1.8, 3.0], [0.6, 0.65], 0.9, true, "wall", PAINT),
  "kitchen table": K("kitchen table", [1.0, 1.3], [0.7, 0.85], 0.75, true, "center", WOOD),
  fridge: K("fridge", [0.7, 0.8], [0.65, 0.7], 1.8, false, "wall", [[225, 228, 232]]),
  bed: K("bed", [1.4, 1.7], [1.95, 2.1], 0.55, true, "wall", FABRIC),
  nightstand: K("nightstand", [0.45, 0.5], [0.4, 0.45], 0.55, true, "wall", WOOD),
  dresser: K("dresser", [1.0, 1.3], [0.45, 0.5], 0.85, true, "wall", WOOD),
  desk: K("desk", [1.2, 1.5], [0.6, 0.75], 0.75, true, "wall", WOOD),
  "office chair": K("office chair", [0.55, 0.6], [0.55, 0.6], 0.5, false, "center", [[40, 40, 44]]),
  "bathroom counter": K("bathroom counter", [0.9, 1.3], [0.5, 0.55], 0.85, true, "wall", PAINT),
  bathtub: K("bathtub", [1.5, 1.7], [0.7, 0.75], 0.55, false, "wall", [[240, 242, 245]]),
  "dining table": K("dining table", [1.6, 2.0], [0.85, 1.0], 0.75, true, "center", WOOD),
  sideboard: K("sideboard", [1.4, 1.8], [0.42, 0.5], 0.85, true, "wall", WOOD),
  "console table": K("console table", [0.9, 1.2], [0.3, 0.36], 0.8, true, "wall", WOOD),
  "shoe rack": K("shoe rack", [0.7, 0.9], [0.3, 0.35], 0.45, true, "wall", WOOD),
  washer: K("washer", [0.6, 0.62], [0.6, 0.62], 0.85, true, "wall", [[235, 235, 238]]),
  "laundry shelf": K("laundry shelf", [0.8, 1.1], [0.35, 0.4], 1.0, true, "wall", PAINT),
  workbench: K("workbench", [1.6, 2.0], [0.6, 0.7], 0.9, true, "wall", WOOD),
  "storage shelf": K("storage shelf", [1.0, 1.4], [0.4, 0.5], 1.2, true, "wall", PAINT),
};

/** What a room of each label gets, in placement order: [kind, probability]. */
export const ROOM_FURNITURE: Record<string, [string, number][]> = {
  "living room": [
    ["sofa", 1],
    ["coffee table", 0.9],
    ["tv stand", 0.8],
    ["bookshelf", 0.6],
    ["armchair", 0.5],
  ],
  kitchen: [
    ["counter", 1],
    ["fridge", 0.9],
    ["kitchen table", 0.7],
    ["counter", 0.3],
  ],
  bedroom: [
    ["bed", 1],
    ["nightstand", 0.9],
    ["dresser", 0.7],
    ["desk", 0.3],
  ],
  bathroom: [
    ["bathroom counter", 1],
    ["bathtub", 0.5],
  ],
  office: [
    ["desk", 1],
    ["bookshelf", 0.9],
    ["office chair", 0.8],
    ["armchair", 0.3],
  ],
  hallway: [
    ["console table", 0.8],
    ["shoe rack", 0.6],
  ],
  "dining room": [
    ["dining table", 1],
    ["sideboard", 0.8],
    ["bookshelf", 0.3],
  ],
  "laundry room": [
    ["washer", 1],
    ["laundry shelf", 0.9],
    ["washer", 0.4],
  ],
  garage: [
    ["workbench", 1],
    ["storage shelf", 0.9],
    ["storage shelf", 0.5],
  ],
};

const OPEN_BELOW = new Set(["coffee table", "kitchen table", "dining table", "desk", "console table", "workbench"]);

/** Tables stand on legs: there is floor space under them. */
export function isOpenBelow(kind: string): boolean {
  return OPEN_BELOW.has(kind);
}

/** A box of a furniture piece with its colour. */
export interface Part {
  box: Box;
  color: RGB;
}

const shade = (c: RGB, k: number): RGB => [
  Math.min(255, Math.round(c[0] * k)),
  Math.min(255, Math.round(c[1] * k)),
  Math.min(255, Math.round(c[2] * k)),
];

/**
 * The boxes a piece is made of. Tables have a top and four legs (you can see under them);
 * sofas and beds have a back or headboard on the wall side; cabinets are solid.
 */
export function furnitureParts(f: Furniture): Part[] {
  const { x0, z0, x1, z1 } = f.rect;
  const h = f.height;
  const c = f.color;
  const box = (a: number, b: number, y0: number, y1: number, cc: number, d: number): Box => ({
    x0: a,
    x1: b,
    y0,
    y1,
    z0: cc,
    z1: d,
  });
  const back = backStrip(f.rect, f.facing ?? "+z");
  switch (f.kind) {
    case "coffee table":
    case "kitchen table":
    case "dining table":
    case "desk":
    case "console table":
    case "workbench": {
      const top = 0.04;
      const leg = 0.05;
      const lc = shade(c, 0.7);
      return [
        { box: box(x0, x1, h - top, h, z0, z1), color: c },
        { box: box(x0 + 0.03, x0 + 0.03 + leg, 0, h - top, z0 + 0.03, z0 + 0.03 + leg), color: lc },
        { box: box(x1 - 0.03 - leg, x1 - 0.03, 0, h - top, z0 + 0.03, z0 + 0.03 + leg), color: lc },
        { box: box(x0 + 0.03, x0 + 0.03 + leg, 0, h - top, z1 - 0.03 - leg, z1 - 0.03), color: lc },
        { box: box(x1 - 0.03 - leg, x1 - 0.03, 0, h - top, z1 - 0.03 - leg, z1 - 0.03), color: lc },
      ];
    }
    case "sofa":
    case "armchair": {
      const b = back(0.2);
      const parts: Part[] = [
        { box: box(x0, x1, 0, h, z0, z1), color: c },
        { box: box(b.x0, b.x1, h, h + 0.42, b.z0, b.z1), color: shade(c, 0.85) },
      ];
      for (const arm of arms(f.rect, f.facing ?? "+z", 0.15)) {
        parts.push({ box: box(arm.x0, arm.x1, h, h + 0.18, arm.z0, arm.z1), color: shade(c, 0.9) });
      }
      return parts;
    }
    case "bed": {
      const b = back(0.08);
      return [
        { box: box(x0, x1, 0, h - 0.2, z0, z1), color: [120, 90, 60] },
        { box: box(x0 + 0.02, x1 - 0.02, h - 0.2, h, z0 + 0.02, z1 - 0.02), color: c },
        { box: box(b.x0, b.x1, 0, h + 0.55, b.z0, b.z1), color: [110, 76, 48] },
      ];
    }
    case "office chair": {
      const b = back(0.08);
      return [
        { box: box(x0 + 0.22, x1 - 0.22, 0, h - 0.08, z0 + 0.22, z1 - 0.22), color: [90, 90, 95] },
        { box: box(x0, x1, h - 0.08, h, z0, z1), color: c },
        { box: box(b.x0, b.x1, h, h + 0.45, b.z0, b.z1), color: c },
      ];
    }
    case "counter":
    case "bathroom counter":
    case "sideboard":
    case "dresser":
    case "tv stand":
    case "nightstand": {
      const top: RGB = f.kind === "counter" ? [70, 70, 76] : shade(c, 1.1);
      return [
        { box: box(x0 + 0.02, x1 - 0.02, 0.08, h - 0.04, z0 + 0.02, z1 - 0.02), color: c },
        { box: box(x0 + 0.06, x1 - 0.06, 0, 0.08, z0 + 0.06, z1 - 0.06), color: shade(c, 0.5) },
        { box: box(x0, x1, h - 0.04, h, z0, z1), color: top },
      ];
    }
    default:
      return [{ box: box(x0, x1, 0, h, z0, z1), color: c }];
  }
}

/** The strip of depth `d` on the back (wall) side of a footprint. */
function backStrip(r: Rect, facing: Facing): (d: number) => Rect {
  return (d: number) => {
    switch (facing) {
      case "+z":
        return { x0: r.x0, x1: r.x1, z0: r.z0, z1: r.z0 + d };
      case "-z":
        return { x0: r.x0, x1: r.x1, z0: r.z1 - d, z1: r.z1 };
      case "+x":
        return { x0: r.x0, x1: r.x0 + d, z0: r.z0, z1: r.z1 };
      default:
        return { x0: r.x1 - d, x1: r.x1, z0: r.z0, z1: r.z1 };
    }
  };
}

function arms(r: Rect, facing: Facing, w: number): Rect[] {
  if (facing === "+z" || facing === "-z") {
    return [
      { x0: r.x0, x1: r.x0 + w, z0: r.z0, z1: r.z1 },
      { x0: r.x1 - w, x1: r.x1, z0: r.z0, z1: r.z1 },
    ];
  }
  return [
    { x0: r.x0, x1: r.x1, z0: r.z0, z1: r.z0 + w },
    { x0: r.x0, x1: r.x1, z0: r.z1 - w, z1: r.z1 },
  ];
}

/**
 * Where objects may rest on a piece: its top, minus a margin, minus the back and arms of seats
 * and the headboard of beds.
 */
export function surfaceRect(f: Furniture): Rect {
  const m = 0.06;
  let r: Rect = { x0: f.rect.x0 + m, z0: f.rect.z0 + m, x1: f.rect.x1 - m, z1: f.rect.z1 - m };
  const facing = f.facing ?? "+z";
  const cut = f.kind === "sofa" || f.kind === "armchair" ? 0.22 : f.kind === "bed" ? 0.1 : 0;
  const side = f.kind === "sofa" || f.kind === "armchair" ? 0.17 : 0;
  if (cut > 0) {
    if (facing === "+z") r = { ...r, z0: r.z0 + cut };
    else if (facing === "-z") r = { ...r, z1: r.z1 - cut };
    else if (facing === "+x") r = { ...r, x0: r.x0 + cut };
    else r = { ...r, x1: r.x1 - cut };
  }
  if (side > 0) {
    if (facing === "+z" || facing === "-z") r = { ...r, x0: r.x0 + side, x1: r.x1 - side };
    else r = { ...r, z0: r.z0 + side, z1: r.z1 - side };
  }
  return r;
}
