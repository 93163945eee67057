/**
 * Procedural houses from a seed: a floor plan (a hallway with rooms along it, or a recursive
 * split of the footprint), HM3D-like room labels by size, doorways that connect every room,
 * furniture against the walls per room type, and a default set of object instances.
 */
import { type Category, type ObjectSpec, PINNED_CATEGORIES } from "../../src/sim/protocol.ts";
import { SimError } from "../../src/sim/simulator.ts";
import { KINDS, ROOM_FURNITURE } from "./furniture.ts";
import { hashString, inflate, type RGB, Rng, rect, rectArea, rectsOverlap, round } from "./geometry.ts";
import type { Door, Facing, Furniture, House, Rect, Room } from "./house.ts";
import { NavGrid } from "./navgrid.ts";
import { canRestOnFloor, placeObjects, randomAttributes } from "./objects.ts";
import { WALL_THICKNESS } from "./structure.ts";

const MIN_ROOM = 2.2;
const DOOR_WIDTH = 0.9;
const WALL_HEIGHT = 2.6;

export function generateHouse(seed: number, opts: { rooms?: number } = {}): House {
  if (!Number.isInteger(seed)) throw new SimError("invalid_params", `seed must be an integer, got ${seed}`, "seed");
  const rng = new Rng(hashString(`polar-house:${seed}`));
  const n = opts.rooms ?? rng.int(3, 9);
  if (!Number.isInteger(n) || n < 3 || n > 9) {
    throw new SimError("invalid_params", `rooms must be an integer from 3 to 9, got ${n}`, "rooms");
  }
  const rects = floorPlan(rng, n);
  const rooms = labelRooms(rng, rects.rects, rects.hallway);
  const doors = connectRooms(rng, rooms);
  const xs = rooms.flatMap((r) => [r.rect.x0, r.rect.x1]);
  const zs = rooms.flatMap((r) => [r.rect.z0, r.rect.z1]);
  const house: House = {
    id: `seed:${seed}`,
    seed,
    rooms,
    doors,
    furniture: [],
    objects: [],
    bounds: rect(Math.min(...xs), Math.min(...zs), Math.max(...xs), Math.max(...zs)),
    wallHeight: WALL_HEIGHT,
  };
  house.furniture = furnish(rng, house);
  house.objects = defaultObjects(rng, house);
  return house;
}

// ---- floor plan ---------------------------------------------------------------------------

function floorPlan(rng: Rng, n: number): { rects: Rect[]; hallway?: Rect } {
  for (let grow = 1; ; grow *= 1.12) {
    const area = n * rng.range(13, 18) * grow;
    const aspect = rng.range(1.05, 1.7);
    const W = snap(Math.sqrt(area * aspect));
    const D = snap(area / W);
    const whole = rect(0, 0, W, D);
    if (n >= 5 && rng.chance(0.6)) {
      const plan = withHallway(rng, whole, n - 1);
      if (plan) return plan;
    }
    const leaves = bsp(rng, whole, n);
    if (leaves) return { rects: leaves };
  }
}

const snap = (v: number) => Math.round(v * 10) / 10;

/** A hallway across the house's long side with rooms lined up on both sides of it. */
function withHallway(rng: Rng, whole: Rect, others: number): { rects: Rect[]; hallway: Rect } | undefined {
  const alongX = whole.x1 - whole.x0 >= whole.z1 - whole.z0;
  const span = alongX ? whole.z1 - whole.z0 : whole.x1 - whole.x0;
  const hw = snap(rng.range(1.3, 1.7));
  const at = snap(span * rng.range(0.4, 0.6) - hw / 2);
  if (at < MIN_ROOM || span - at - hw < MIN_ROOM) return undefined;
  const hallway = alongX
    ? rect(whole.x0, whole.z0 + at, whole.x1, whole.z0 + at + hw)
    : rect(whole.x0 + at, whole.z0, whole.x0 + at + hw, whole.z1);
  const sideA = alongX
    ? rect(whole.x0, whole.z0, whole.x1, hallway.z0)
    : rect(whole.x0, whole.z0, hallway.x0, whole.z1);
  const sideB = alongX
    ? rect(whole.x0, hallway.z1, whole.x1, whole.z1)
    : rect(hallway.x1, whole.z0, whole.x1, whole.z1);
  const kA = Math.max(
    1,
    Math.min(others - 1, Math.round((others * rectArea(sideA)) / (rectArea(sideA) + rectArea(sideB)))),
  );
  const a = strips(rng, sideA, kA, alongX);
  const b = strips(rng, sideB, others - kA, alongX);
  if (!a || !b) return undefined;
  return { rects: [hallway, ...a, ...b], hallway };
}

/** Cut a side into k rooms side by side, each touching the hallway. */
function strips(rng: Rng, side: Rect, k: number, alongX: boolean): Rect[] | undefined {
  const len = alongX ? side.x1 - side.x0 : side.z1 - side.z0;
  if (len / k < MIN_ROOM) return undefined;
  const weights = Array.from({ length: k }, () => rng.range(0.7, 1.3));
  const total = weights.reduce((s, w) => s + w, 0);
  const out: Rect[] = [];
  let pos = alongX ? side.x0 : side.z0;
  for (let i = 0; i < k; i++) {
    const end = i === k - 1 ? (alongX ? side.x1 : side.z1) : snap(pos + (len * weights[i]) / total);
    if (end - pos < MIN_ROOM) return undefined;
    out.push(alongX ? rect(pos, side.z0, end, side.z1) : rect(side.x0, pos, side.x1, end));
    pos = end;
  }
  return out;
}

/** Recursive splits of the largest splittable room until there are n. */
function bsp(rng: Rng, whole: Rect, n: number): Rect[] | undefined {
  const leaves = [whole];
  while (leaves.length < n) {
    const order = leaves.map((r, i) => [rectArea(r), i] as const).sort((p, q) => q[0] - p[0]);
    let done = false;
    for (const [, i] of order) {
      const r = leaves[i];
      const w = r.x1 - r.x0;
      const d = r.z1 - r.z0;
      const alongX = w > d * 1.15 ? true : d > w * 1.15 ? false : rng.chance(0.5);
      const len = alongX ? w : d;
      if (len < 2 * MIN_ROOM) continue;
      const lo = Math.max(MIN_ROOM, len * 0.35);
      const hi = Math.min(len - MIN_ROOM, len * 0.65);
      if (hi < lo) continue;
      const cut = snap(rng.range(lo, hi));
      const [a, b] = alongX
        ? [rect(r.x0, r.z0, r.x0 + cut, r.z1), rect(r.x0 + cut, r.z0, r.x1, r.z1)]
        : [rect(r.x0, r.z0, r.x1, r.z0 + cut), rect(r.x0, r.z0 + cut, r.x1, r.z1)];
      leaves.splice(i, 1, a, b);
      done = true;
      break;
    }
    if (!done) return undefined;
  }
  return leaves;
}

// ---- labels -------------------------------------------------------------------------------

/** Typical size rank of each label: bigger rooms get the labels that are usually bigger. */
const SIZE_RANK: Record<string, number> = {
  garage: 6,
  "living room": 5,
  "dining room": 3.6,
  bedroom: 3.4,
  kitchen: 3.2,
  office: 2.6,
  "laundry room": 1.4,
  bathroom: 1,
};

function labelRooms(rng: Rng, rects: Rect[], hallway?: Rect): Room[] {
  const others = rects.filter((r) => r !== hallway);
  const m = others.length;
  const labels =
    m === 3
      ? rng.chance(0.5)
        ? ["living room", "kitchen", "bedroom"]
        : ["living room", "bedroom", "bathroom"]
      : ["living room", "kitchen", "bedroom", "bathroom"];
  const extras = rng.shuffle(["bedroom", "office", "dining room", "laundry room", "bedroom", "bathroom", "garage"]);
  while (labels.length < m) labels.push(extras.shift() as string);
  labels.sort((a, b) => SIZE_RANK[b] - SIZE_RANK[a]);
  const bySize = [...others].sort((a, b) => rectArea(b) - rectArea(a));
  const labelOf = new Map(bySize.map((r, i) => [r, labels[i]]));
  return rects.map((r, i) => ({
    id: `room_${i}`,
    label: r === hallway ? "hallway" : (labelOf.get(r) as string),
    rect: r,
  }));
}

// ---- doors --------------------------------------------------------------------------------

interface Shared {
  a: number;
  b: number;
  axis: "x" | "z";
  /** wall line coordinate (z for axis x, x for axis z) */
  at: number;
  lo: number;
  hi: number;
}

function sharedWalls(rooms: Room[]): Shared[] {
  const out: Shared[] = [];
  const eq = (p: number, q: number) => Math.abs(p - q) < 1e-6;
  for (let i = 0; i < rooms.length; i++) {
    for (let j = i + 1; j < rooms.length; j++) {
      const A = rooms[i].rect;
      const B = rooms[j].rect;
      if (eq(A.x1, B.x0) || eq(B.x1, A.x0)) {
        const lo = Math.max(A.z0, B.z0);
        const hi = Math.min(A.z1, B.z1);
        if (hi - lo >= DOOR_WIDTH + 0.5) out.push({ a: i, b: j, axis: "z", at: eq(A.x1, B.x0) ? A.x1 : A.x0, lo, hi });
      }
      if (eq(A.z1, B.z0) || eq(B.z1, A.z0)) {
        const lo = Math.max(A.x0, B.x0);
        const hi = Math.min(A.x1, B.x1);
        if (hi - lo >= DOOR_WIDTH + 0.5) out.push({ a: i, b: j, axis: "x", at: eq(A.z1, B.z0) ? A.z1 : A.z0, lo, hi });
      }
    }
  }
  return out;
}

/** A spanning tree over shared walls (so every room is reachable), favouring the hub, plus a few loops. */
function connectRooms(rng: Rng, rooms: Room[]): Door[] {
  const walls = sharedWalls(rooms);
  const hallway = rooms.findIndex((r) => r.label === "hallway");
  const hub =
    hallway >= 0
      ? hallway
      : Math.max(
          0,
          rooms.findIndex((r) => r.label === "living room"),
        );
  const central = new Set(["hallway", "living room"]);
  const weight = new Map(
    walls.map((w) => {
      const la = rooms[w.a].label;
      const lb = rooms[w.b].label;
      let cost = rng.next();
      if (!central.has(la) && !central.has(lb)) cost += 1;
      if (la === "bathroom" || lb === "bathroom") cost += 0.5;
      return [w, cost];
    }),
  );
  const inTree = new Set([hub]);
  const chosen: Shared[] = [];
  while (inTree.size < rooms.length) {
    let best: Shared | undefined;
    for (const w of walls) {
      if (inTree.has(w.a) === inTree.has(w.b)) continue;
      if (!best || (weight.get(w) as number) < (weight.get(best) as number)) best = w;
    }
    if (!best) throw new SimError("internal", "floor plan is not connected (generator bug)");
    chosen.push(best);
    inTree.add(best.a);
    inTree.add(best.b);
  }
  for (const w of walls) {
    const labels = [rooms[w.a].label, rooms[w.b].label];
    if (!chosen.includes(w) && !labels.includes("bathroom") && !labels.includes("garage") && rng.chance(0.25)) {
      chosen.push(w);
    }
  }
  return chosen.map((w, i) => {
    const margin = 0.25 + DOOR_WIDTH / 2;
    const c = round(rng.range(w.lo + margin, w.hi - margin), 2);
    return {
      id: `door_${i}`,
      rooms: [rooms[w.a].id, rooms[w.b].id],
      x: w.axis === "x" ? c : w.at,
      z: w.axis === "x" ? w.at : c,
      width: DOOR_WIDTH,
      axis: w.axis,
    };
  });
}

// ---- furniture ----------------------------------------------------------------------------

function furnish(rng: Rng, house: House): Furniture[] {
  const furniture: Furniture[] = [];
  const t = WALL_THICKNESS / 2;
  const doorZones = house.doors.map((d) =>
    d.axis === "x"
      ? rect(d.x - d.width / 2 - 0.15, d.z - 1.0, d.x + d.width / 2 + 0.15, d.z + 1.0)
      : rect(d.x - 1.0, d.z - d.width / 2 - 0.15, d.x + 1.0, d.z + d.width / 2 + 0.15),
  );
  let counter = 0;
  for (const room of house.rooms) {
    const inner = inflate(room.rect, -t);
    for (const [kindName, p] of ROOM_FURNITURE[room.label] ?? []) {
      if (!rng.chance(p)) continue;
      const kind = KINDS[kindName];
      const color = rng.pick(kind.colors) as RGB;
      for (let attempt = 0; attempt < 24; attempt++) {
        const w = snap2(rng.range(...kind.width));
        const d = snap2(rng.range(...kind.depth));
        let fp: Rect;
        let facing: Facing;
        if (kind.place === "wall") {
          facing = rng.pick(["+x", "-x", "+z", "-z"] as const);
          const alongX = facing === "+z" || facing === "-z";
          const len = alongX ? inner.x1 - inner.x0 : inner.z1 - inner.z0;
          if (len < w) continue;
          const s = (alongX ? inner.x0 : inner.z0) + rng.range(0, len - w);
          if (facing === "+z") fp = rect(s, inner.z0, s + w, inner.z0 + d);
          else if (facing === "-z") fp = rect(s, inner.z1 - d, s + w, inner.z1);
          else if (facing === "+x") fp = rect(inner.x0, s, inner.x0 + d, s + w);
          else fp = rect(inner.x1 - d, s, inner.x1, s + w);
        } else {
          const alongX = rng.chance(0.5);
          const [fw, fd] = alongX ? [w, d] : [d, w];
          const free = inflate(inner, -0.75);
          if (free.x1 - free.x0 < fw || free.z1 - free.z0 < fd) break;
          const cx = rng.range(free.x0 + fw / 2, free.x1 - fw / 2);
          const cz = rng.range(free.z0 + fd / 2, free.z1 - fd / 2);
          fp = rect(cx - fw / 2, cz - fd / 2, cx + fw / 2, cz + fd / 2);
          facing = rng.pick(["+x", "-x", "+z", "-z"] as const);
        }
        fp = rect(round(fp.x0), round(fp.z0), round(fp.x1), round(fp.z1));
        if (doorZones.some((z) => rectsOverlap(z, fp))) continue;
        if (furniture.some((f) => rectsOverlap(inflate(f.rect, 0.55), fp))) continue;
        furniture.push({
          id: `${kindName.replace(/ /g, "_")}_${counter++}`,
          kind: kindName,
          roomId: room.id,
          rect: fp,
          height: kind.height,
          color,
          surface: kind.surface,
          facing,
        });
        break;
      }
    }
  }
  // keep every room reachable from every other: drop pieces (latest first) until it is
  while (furniture.length > 0 && !allRoomsConnected({ ...house, furniture })) furniture.pop();
  return furniture;
}

const snap2 = (v: number) => Math.round(v * 20) / 20;

function allRoomsConnected(house: House): boolean {
  const grid = NavGrid.build(house, { resolution: 0.1, radius: 0.2 });
  const first = grid.waypoint(house.rooms[0]);
  const field = grid.distanceField(first[0], first[1]);
  return house.rooms.every((r) => {
    const [x, z] = grid.waypoint(r);
    return grid.isNavigable(x, z) && Number.isFinite(field.at(x, z));
  });
}

// ---- default objects ----------------------------------------------------------------------

function defaultObjects(rng: Rng, house: House) {
  const count = rng.int(8, 16);
  const categories = rng.shuffle([...PINNED_CATEGORIES]) as Category[];
  const dupes = rng.int(2, 4);
  const distinct = categories.slice(0, count - dupes);
  const list: Category[] = [...distinct];
  for (let i = 0; i < dupes; i++) list.push(distinct[i % distinct.length]);
  const usedColors = new Map<Category, string[]>();
  const counters = new Map<Category, number>();
  const surfaces = house.furniture.filter((f) => f.surface);
  const specs: ObjectSpec[] = [];
  for (const category of list) {
    const k = counters.get(category) ?? 0;
    counters.set(category, k + 1);
    const id = `${category.replace(/ /g, "_")}_${k}`;
    const avoid = usedColors.get(category) ?? [];
    const attributes = randomAttributes(rng, category, avoid);
    usedColors.set(category, [...avoid, attributes.color]);
    specs.push({ id, category, attributes, receptacleId: rng.pick(surfaces)?.id });
  }
  // place one at a time so a full receptacle or a floor spot that does not fit is retried elsewhere
  const placed: ReturnType<typeof placeObjects> = [];
  for (const spec of specs) {
    for (let attempt = 0; attempt < 12; attempt++) {
      const onFloor = canRestOnFloor(spec.category) && (attempt % 2 === 1 || rng.chance(0.3));
      const candidate: ObjectSpec = onFloor
        ? { ...spec, receptacleId: undefined, position: floorSpot(rng, house) }
        : { ...spec, receptacleId: rng.pick(surfaces).id };
      if (!candidate.receptacleId) delete candidate.receptacleId;
      try {
        const [obj] = placeObjects(house, [candidate]).map((o) => o);
        const clash = placed.some(
          (p) => Math.hypot(p.position[0] - obj.position[0], p.position[2] - obj.position[2]) < 0.3,
        );
        if (clash) continue;
        placed.push(obj);
        break;
      } catch (err) {
        if (!(err instanceof SimError)) throw err;
      }
    }
  }
  return placed;
}

/** A floor spot near a wall, clear of furniture and doorways. */
function floorSpot(rng: Rng, house: House): [number, number, number] {
  const room = rng.pick(house.rooms);
  const r = inflate(room.rect, -0.3);
  const side = rng.int(0, 3);
  const x = side === 0 ? r.x0 : side === 1 ? r.x1 : rng.range(r.x0, r.x1);
  const z = side === 2 ? r.z0 : side === 3 ? r.z1 : rng.range(r.z0, r.z1);
  const blocked =
    house.furniture.some((f) => rectsOverlap(inflate(f.rect, 0.2), rect(x - 0.01, z - 0.01, x + 0.01, z + 0.01))) ||
    house.doors.some((d) => Math.hypot(d.x - x, d.z - z) < 1.0);
  return blocked ? [Number.NaN, 0, Number.NaN] : [round(x), 0, round(z)];
}
