/**
 * Object instances of the 18 PInNED categories: their shapes (a few boxes each), how their
 * attributes change their look, default attributes, and placement on receptacles or the floor.
 */
import type { Category, ObjectAttributes, ObjectSpec, Vec3 } from "../../src/sim/protocol.ts";
import { SimError } from "../../src/sim/simulator.ts";
import { isOpenBelow, surfaceRect } from "./furniture.ts";
import { type Box, containsPoint, hashString, type RGB, Rng, rectsOverlap, round } from "./geometry.ts";
import type { House, PlacedObject, Rect } from "./house.ts";
import { accentOf, CATEGORY_MATERIALS, colorOf, OBJECT_COLORS, PATTERNS } from "./palette.ts";
import { regionOf } from "./regions.ts";
import { wallPieces } from "./structure.ts";

/** Medium-size extents [x, y, z] in metres. */
const DIMS: Record<Category, [number, number, number]> = {
  backpack: [0.32, 0.44, 0.22],
  bag: [0.38, 0.3, 0.16],
  ball: [0.24, 0.24, 0.24],
  book: [0.18, 0.05, 0.25],
  camera: [0.14, 0.1, 0.09],
  cellphone: [0.08, 0.015, 0.16],
  eyeglasses: [0.15, 0.05, 0.06],
  hat: [0.3, 0.15, 0.3],
  headphones: [0.19, 0.2, 0.1],
  keys: [0.11, 0.025, 0.07],
  laptop: [0.34, 0.23, 0.25],
  mug: [0.11, 0.12, 0.11],
  shoes: [0.3, 0.12, 0.27],
  "teddy bear": [0.27, 0.38, 0.22],
  toy: [0.22, 0.15, 0.15],
  visor: [0.27, 0.09, 0.27],
  wallet: [0.12, 0.03, 0.09],
  watch: [0.07, 0.03, 0.08],
};

const SIZE_SCALE = { small: 0.75, medium: 1, large: 1.35 } as const;

/** Categories that are as likely on the floor as on furniture. */
const FLOOR_CATEGORIES = new Set<Category>(["backpack", "bag", "ball", "shoes", "teddy bear", "toy"]);

type Role = "primary" | "accent" | "dark" | "metal" | "white";
/** Part boxes in fractions of the extents: x, z in [-0.5, 0.5], y in [0, 1]. */
type Shape = [Role, number, number, number, number, number, number][];

const SHAPES: Record<Category, Shape> = {
  backpack: [
    ["primary", -0.5, 0, -0.3, 0.5, 0.92, 0.5],
    ["accent", -0.36, 0.08, -0.5, 0.36, 0.5, -0.3],
    ["dark", -0.2, 0.92, -0.05, 0.2, 1, 0.15],
  ],
  bag: [
    ["primary", -0.5, 0, -0.5, 0.5, 0.72, 0.5],
    ["dark", -0.32, 0.72, -0.08, -0.22, 1, 0.08],
    ["dark", 0.22, 0.72, -0.08, 0.32, 1, 0.08],
    ["dark", -0.32, 0.92, -0.08, 0.32, 1, 0.08],
  ],
  ball: [
    ["primary", -0.5, 0.18, -0.34, 0.5, 0.82, 0.34],
    ["primary", -0.34, 0, -0.34, 0.34, 1, 0.34],
    ["primary", -0.34, 0.18, -0.5, 0.34, 0.82, 0.5],
  ],
  book: [
    ["primary", -0.5, 0, -0.5, 0.5, 1, 0.5],
    ["white", 0.42, 0.12, -0.46, 0.52, 0.88, 0.46],
  ],
  camera: [
    ["primary", -0.5, 0, -0.2, 0.5, 0.78, 0.5],
    ["dark", -0.22, 0.1, -0.5, 0.22, 0.62, -0.2],
    ["dark", -0.42, 0.78, 0.0, -0.1, 1, 0.35],
  ],
  cellphone: [
    ["primary", -0.5, 0, -0.5, 0.5, 0.8, 0.5],
    ["dark", -0.42, 0.8, -0.44, 0.42, 1, 0.44],
  ],
  eyeglasses: [
    ["primary", -0.5, 0.5, -0.5, 0.5, 1, -0.3],
    ["dark", -0.46, 0, -0.5, -0.06, 0.9, -0.35],
    ["dark", 0.06, 0, -0.5, 0.46, 0.9, -0.35],
    ["primary", -0.5, 0.6, -0.3, -0.42, 0.8, 0.5],
    ["primary", 0.42, 0.6, -0.3, 0.5, 0.8, 0.5],
  ],
  hat: [
    ["primary", -0.5, 0, -0.5, 0.5, 0.12, 0.5],
    ["primary", -0.32, 0.12, -0.32, 0.32, 1, 0.32],
    ["accent", -0.33, 0.14, -0.33, 0.33, 0.34, 0.33],
  ],
  headphones: [
    ["primary", -0.44, 0.84, -0.18, 0.44, 1, 0.18],
    ["primary", -0.5, 0.3, -0.18, -0.36, 0.9, 0.18],
    ["primary", 0.36, 0.3, -0.18, 0.5, 0.9, 0.18],
    ["dark", -0.5, 0, -0.5, -0.18, 0.5, 0.5],
    ["dark", 0.18, 0, -0.5, 0.5, 0.5, 0.5],
  ],
  keys: [
    ["metal", -0.5, 0, -0.16, 0.15, 0.6, 0.16],
    ["metal", -0.1, 0, -0.5, 0.15, 0.6, -0.16],
    ["primary", 0.15, 0, -0.5, 0.5, 1, 0.5],
  ],
  laptop: [
    ["primary", -0.5, 0, -0.5, 0.5, 0.08, 0.42],
    ["primary", -0.5, 0, 0.42, 0.5, 1, 0.5],
    ["dark", -0.44, 0.14, 0.38, 0.44, 0.94, 0.42],
    ["dark", -0.4, 0.08, -0.3, 0.4, 0.1, 0.3],
  ],
  mug: [
    ["primary", -0.36, 0, -0.36, 0.36, 1, 0.36],
    ["primary", 0.36, 0.22, -0.08, 0.5, 0.78, 0.08],
    ["dark", -0.3, 0.9, -0.3, 0.3, 1.001, 0.3],
  ],
  shoes: [
    ["primary", -0.5, 0.15, -0.5, -0.06, 0.6, 0.5],
    ["primary", 0.06, 0.15, -0.5, 0.5, 0.6, 0.5],
    ["primary", -0.5, 0.6, 0.1, -0.06, 1, 0.5],
    ["primary", 0.06, 0.6, 0.1, 0.5, 1, 0.5],
    ["white", -0.5, 0, -0.5, -0.06, 0.15, 0.5],
    ["white", 0.06, 0, -0.5, 0.5, 0.15, 0.5],
  ],
  "teddy bear": [
    ["primary", -0.42, 0, -0.4, 0.42, 0.58, 0.4],
    ["primary", -0.32, 0.58, -0.3, 0.32, 0.92, 0.3],
    ["primary", -0.32, 0.88, -0.08, -0.16, 1, 0.08],
    ["primary", 0.16, 0.88, -0.08, 0.32, 1, 0.08],
    ["accent", -0.12, 0.64, -0.5, 0.12, 0.78, -0.3],
    ["primary", -0.5, 0, -0.5, -0.2, 0.18, -0.1],
    ["primary", 0.2, 0, -0.5, 0.5, 0.18, -0.1],
  ],
  toy: [
    ["primary", -0.5, 0.2, -0.4, 0.5, 0.62, 0.4],
    ["accent", -0.24, 0.62, -0.36, 0.26, 1, 0.36],
    ["dark", -0.4, 0, -0.5, -0.16, 0.32, -0.34],
    ["dark", 0.16, 0, -0.5, 0.4, 0.32, -0.34],
    ["dark", -0.4, 0, 0.34, -0.16, 0.32, 0.5],
    ["dark", 0.16, 0, 0.34, 0.4, 0.32, 0.5],
  ],
  visor: [
    ["primary", -0.5, 0, -0.5, 0.5, 0.25, 0.0],
    ["primary", -0.4, 0, 0.0, 0.4, 1, 0.12],
    ["primary", -0.4, 0, 0.38, 0.4, 1, 0.5],
    ["primary", -0.4, 0, 0.0, -0.3, 1, 0.5],
    ["primary", 0.3, 0, 0.0, 0.4, 1, 0.5],
  ],
  wallet: [
    ["primary", -0.5, 0, -0.5, 0.5, 1, 0.5],
    ["accent", -0.5, 0.35, -0.51, 0.5, 0.65, 0.51],
  ],
  watch: [
    ["primary", -0.22, 0, -0.5, 0.22, 0.5, 0.5],
    ["metal", -0.4, 0.3, -0.3, 0.4, 1, 0.3],
    ["dark", -0.28, 0.98, -0.2, 0.28, 1.02, 0.2],
  ],
};

export const PATTERN_IDS: Record<string, number> = {
  plain: 0,
  striped: 1,
  checkered: 2,
  dotted: 3,
  floral: 4,
  plaid: 5,
};

/** A renderable box of an object with its look. */
export interface ObjectPart {
  box: Box;
  color: RGB;
  accent: RGB;
  /** 0 plain; see PATTERN_IDS */
  pattern: number;
  /** pattern period in metres */
  period: number;
}

export function objectExtents(category: Category, attributes: ObjectAttributes): [number, number, number] {
  const k = SIZE_SCALE[attributes.size];
  const [x, y, z] = DIMS[category];
  return [x * k, y * k, z * k];
}

/** Largest extent, metres. */
export function objectSize(category: Category, attributes: ObjectAttributes): number {
  return round(Math.max(...objectExtents(category, attributes)), 3);
}

/** Quarter turn per instance (from its id) so instances do not all face the same way. */
function quarterTurns(id: string): number {
  let turns = TURNS.get(id);
  if (turns === undefined) {
    turns = hashString(`${id}:yaw`) % 4;
    if (TURNS.size >= 50_000) TURNS.clear();
    TURNS.set(id, turns);
  }
  return turns;
}
// an object's bounds are asked for at every spot tried for every object placed after it
const TURNS = new Map<string, number>();

/** The world-space bounding box of an object. */
export function objectBounds(obj: PlacedObject): Box {
  const [ex, ey, ez] = objectExtents(obj.category, obj.attributes);
  const swap = quarterTurns(obj.id) % 2 === 1;
  const hx = (swap ? ez : ex) / 2;
  const hz = (swap ? ex : ez) / 2;
  const [x, y, z] = obj.position;
  return { x0: x - hx, x1: x + hx, y0: y, y1: y + ey, z0: z - hz, z1: z + hz };
}

const MATERIAL_TINT: Record<string, number> = {
  leather: 0.82,
  metal: 1.12,
  plastic: 1.0,
  fabric: 0.92,
  canvas: 0.95,
  wood: 0.9,
  ceramic: 1.05,
  denim: 0.85,
  wool: 0.9,
  straw: 1.0,
  paper: 1.0,
  glass: 1.1,
};

const scale = (c: RGB, k: number): RGB => [
  Math.min(255, Math.round(c[0] * k)),
  Math.min(255, Math.round(c[1] * k)),
  Math.min(255, Math.round(c[2] * k)),
];

/** The boxes an object is drawn with, coloured from its attributes. */
export function objectParts(obj: PlacedObject): ObjectPart[] {
  const [ex, ey, ez] = objectExtents(obj.category, obj.attributes);
  const turns = quarterTurns(obj.id);
  const base = scale(colorOf(obj.attributes.color), MATERIAL_TINT[obj.attributes.material ?? ""] ?? 1);
  const accent = accentOf(base);
  const patternId = PATTERN_IDS[obj.attributes.pattern ?? "plain"] ?? hashString(obj.attributes.pattern ?? "") % 6;
  const period = Math.max(0.025, Math.min(ex, ez, Math.max(ey, 0.04)) / 3);
  const [px, py, pz] = obj.position;
  const parts: ObjectPart[] = [];
  for (const [role, a0, b0, c0, a1, b1, c1] of SHAPES[obj.category]) {
    // rotate the part's footprint by quarter turns about +y
    let [u0, v0, u1, v1] = [a0 * ex, c0 * ez, a1 * ex, c1 * ez];
    for (let t = 0; t < turns; t++) [u0, v0, u1, v1] = [v0, -u1, v1, -u0];
    const box: Box = {
      x0: px + Math.min(u0, u1),
      x1: px + Math.max(u0, u1),
      y0: py + b0 * ey,
      y1: py + b1 * ey,
      z0: pz + Math.min(v0, v1),
      z1: pz + Math.max(v0, v1),
    };
    const color: RGB =
      role === "primary"
        ? base
        : role === "accent"
          ? accent
          : role === "dark"
            ? [30, 30, 34]
            : role === "metal"
              ? [196, 198, 204]
              : [238, 236, 228];
    parts.push({ box, color, accent, pattern: role === "primary" ? patternId : 0, period });
  }
  return parts;
}

/**
 * Default attributes for an instance without any: a deterministic function of its id, so the
 * same episode file always gives the same look.
 */
export function defaultAttributes(id: string, category: Category): ObjectAttributes {
  const rng = new Rng(hashString(`${id}:${category}:attrs`));
  return randomAttributes(rng, category);
}

export function randomAttributes(rng: Rng, category: Category, avoidColors: string[] = []): ObjectAttributes {
  const colors = OBJECT_COLORS.filter((c) => !avoidColors.includes(c));
  const pattern = rng.chance(0.45) ? "plain" : rng.pick(PATTERNS.slice(1));
  const sizes = ["small", "medium", "large"] as const;
  return {
    color: rng.pick(colors.length ? colors : OBJECT_COLORS),
    pattern,
    material: rng.pick(CATEGORY_MATERIALS[category]),
    size: sizes[rng.int(0, 2)],
  };
}

export function canRestOnFloor(category: Category): boolean {
  return FLOOR_CATEGORIES.has(category);
}

/** clearance kept between objects placed at random spots, metres */
const GAP = 0.02;
/**
 * How far a recorded position may reach past its surface or into another object's clearance:
 * positions are stored to 1 mm (half a millimetre of rounding per coordinate) and floating point
 * adds its own (0.05 + 0.06 > 0.3 − 0.19), so a spot the simulator chose must fit when replayed.
 */
const RECORDED_TOLERANCE = 0.0015;

const shrink = (r: Rect, by: number): Rect => ({ x0: r.x0 + by, x1: r.x1 - by, z0: r.z0 + by, z1: r.z1 - by });

/**
 * Place object specs in a house. A spec with `receptacleId` and a position goes on that piece's
 * top exactly there (within RECORDED_TOLERANCE of fitting) or is refused as unplaceable, naming
 * the object and why; with `receptacleId` alone, at a spot chosen from its id (trying others
 * when that one is taken); a spec with a position alone stands
 * there (lifted onto a surface when the position lies over one). Objects already in `house`
 * are not considered; specs placed earlier in the list are.
 */
export function placeObjects(house: House, specs: ObjectSpec[]): PlacedObject[] {
  const placed: PlacedObject[] = [];
  specs.forEach((spec, i) => {
    placed.push(placeAfter(house, placed, spec, i));
  });
  return placed;
}

/**
 * The object `spec` as placeObjects places it after `placed` (what placeObjects made of the
 * specs before it, `index` of them): a layout that adds one object at a time places only that
 * one, not every object again.
 */
export function placeAfter(house: House, placed: PlacedObject[], spec: ObjectSpec, index = placed.length) {
  const where = `objects[${index}]`;
  if (placed.some((o) => o.id === spec.id))
    throw new SimError("invalid_params", `duplicate object id "${spec.id}"`, `${where}.id`);
  const fit = fitting(spec, placed);
  return spec.receptacleId !== undefined ? onReceptacle(house, fit, where) : standing(house, fit, where);
}

/** A spec's looks, size and footprint, and how a footprint fares against the objects placed so far. */
interface Fitting {
  spec: ObjectSpec;
  attributes: ObjectAttributes;
  size: number;
  /** half the footprint along x and z, turned as the object stands */
  hx: number;
  hz: number;
  footprint: (x: number, z: number) => Rect;
  /** the placed object a footprint comes within GAP of, if any */
  overlapping: (fp: Rect) => PlacedObject | undefined;
  free: (fp: Rect) => boolean;
}

function fitting(spec: ObjectSpec, placed: PlacedObject[]): Fitting {
  const attributes = spec.attributes ?? defaultAttributes(spec.id, spec.category);
  const [ex, , ez] = objectExtents(spec.category, attributes);
  const swap = quarterTurns(spec.id) % 2 === 1;
  const hx = (swap ? ez : ex) / 2;
  const hz = (swap ? ex : ez) / 2;
  const size = objectSize(spec.category, attributes);
  const footprint = (x: number, z: number): Rect => ({ x0: x - hx, x1: x + hx, z0: z - hz, z1: z + hz });
  // each placed object's clearance, taken once for the up to 40 spots tried for this one
  let clear: { o: PlacedObject; r: Rect }[] | undefined;
  const overlapping = (fp: Rect) => {
    clear ??= placed.map((o) => {
      const b = objectBounds(o);
      return { o, r: { x0: b.x0 - GAP, x1: b.x1 + GAP, z0: b.z0 - GAP, z1: b.z1 + GAP } };
    });
    return clear.find((c) => rectsOverlap(fp, c.r))?.o;
  };
  const free = (fp: Rect) => overlapping(fp) === undefined;
  return { spec, attributes, size, hx, hz, footprint, overlapping, free };
}

/** A spec with `receptacleId`: on that piece's top, at its recorded spot or at one chosen from its id. */
function onReceptacle(house: House, fit: Fitting, where: string): PlacedObject {
  const { spec, attributes, size, hx, hz, footprint, overlapping, free } = fit;
  const f = house.furniture.find((x) => x.id === spec.receptacleId);
  if (!f) throw new SimError("not_found", `no receptacle "${spec.receptacleId}" in the scene`, `${where}.receptacleId`);
  if (!f.surface) {
    throw new SimError("unplaceable", `"${f.id}" (${f.kind}) has no surface to put things on`, `${where}.receptacleId`);
  }
  const s = surfaceRect(f);
  if (spec.position) {
    // A recorded spot is kept exactly or refused with the reason: never moved silently
    // (an object moved to a random spot can take the room of one listed after it).
    const [x, , z] = spec.position;
    const fp = footprint(x, z);
    const off = Math.max(s.x0 - fp.x0, fp.x1 - s.x1, s.z0 - fp.z0, fp.z1 - s.z1);
    if (off > RECORDED_TOLERANCE)
      throw new SimError(
        "unplaceable",
        `"${spec.id}" recorded at [${x}, ${z}] reaches ${(off * 1000).toFixed(1)} mm past the top of "${f.id}" (${f.kind})`,
        `${where}.position`,
      );
    const blocker = overlapping(shrink(fp, RECORDED_TOLERANCE));
    if (blocker)
      throw new SimError(
        "unplaceable",
        `"${spec.id}" recorded at [${x}, ${z}] on "${f.id}" (${f.kind}) overlaps "${blocker.id}"`,
        `${where}.position`,
      );
    return {
      id: spec.id,
      category: spec.category,
      attributes,
      position: [x, f.height, z],
      roomId: f.roomId,
      receptacleId: f.id,
      size,
    };
  }
  const rng = new Rng(hashString(`${spec.id}:spot`));
  for (let attempt = 0; attempt < 40; attempt++) {
    if (s.x1 - s.x0 < 2 * hx || s.z1 - s.z0 < 2 * hz) break;
    const x = rng.range(s.x0 + hx, s.x1 - hx);
    const z = rng.range(s.z0 + hz, s.z1 - hz);
    const fp = footprint(x, z);
    if (fp.x0 < s.x0 || fp.x1 > s.x1 || fp.z0 < s.z0 || fp.z1 > s.z1 || !free(fp)) continue;
    return {
      id: spec.id,
      category: spec.category,
      attributes,
      position: [round(x), f.height, round(z)],
      roomId: f.roomId,
      receptacleId: f.id,
      size,
    };
  }
  throw new SimError("unplaceable", `no room left on "${f.id}" (${f.kind}) for "${spec.id}"`, `${where}.receptacleId`);
}

/** A spec with a position alone: it stands there, lifted onto a surface when the position lies over one. */
function standing(house: House, fit: Fitting, where: string): PlacedObject {
  const { spec, attributes, size, footprint } = fit;
  const pos = spec.position as Vec3;
  const [x, y, z] = pos;
  const room = regionOf(house, x, z);
  if (!room) throw new SimError("unplaceable", `position [${x}, ${z}] is outside every room`, `${where}.position`);
  const fp = footprint(x, z);
  for (const w of wallPieces(house)) {
    if (!w.lintel && rectsOverlap(fp, { x0: w.box.x0, x1: w.box.x1, z0: w.box.z0, z1: w.box.z1 })) {
      throw new SimError("unplaceable", `"${spec.id}" at [${x}, ${z}] would sit inside a wall`, `${where}.position`);
    }
  }
  // resting height: on top of the piece under the object's centre, or on the floor beneath
  // a table when the position says so (y below the table top)
  let restY = 0;
  let receptacleId: string | undefined;
  for (const f of house.furniture) {
    if (!containsPoint(f.rect, x, z)) continue;
    if (isOpenBelow(f.kind) && y < f.height - 0.3) continue;
    if (!f.surface) {
      throw new SimError(
        "unplaceable",
        `"${spec.id}" at [${x}, ${z}] is inside "${f.id}" (${f.kind})`,
        `${where}.position`,
      );
    }
    if (f.height > restY) {
      restY = f.height;
      receptacleId = f.id;
    }
  }
  return {
    id: spec.id,
    category: spec.category,
    attributes,
    position: [x, restY, z],
    roomId: room.id,
    ...(receptacleId ? { receptacleId } : {}),
    size,
  };
}
