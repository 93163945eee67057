/**
 * The navigation grid: which floor points the agent's centre may occupy (cells of
 * `resolution` metres, clear of walls and furniture by the agent's radius), geodesic distance
 * fields by Dijkstra over 16 neighbours (errors against the true shortest path stay under 3%
 * in open space, where geodesic() is exact anyway), snapping, shortest paths and waypoints.
 */
import { SimError } from "../../src/sim/simulator.ts";
import { dijkstra } from "./dijkstra.ts";
import { type DistanceField, Field } from "./distance-field.ts";
import { pointRectDistance, segmentHitsRect } from "./geometry.ts";
import type { House, PlacedObject, Rect, Room } from "./house.ts";
import { wallPieces } from "./structure.ts";

/**
 * A subset of the grid's navigable cells to search instead of all of them (plan_path's
 * avoidRegions close the cells of the avoided rooms). `key` names it in the field cache, so it
 * must change whenever `cells` would.
 */
export interface CellMask {
  key: string;
  /** 1 where the search may go; same layout as NavGrid.cells */
  cells: Uint8Array;
}

/** Seeds of an object's field: navigable cells within this straight distance of it. */
export const OBJECT_REACH = 3.0;
const CACHE_SIZE = 24;
/**
 * Largest nav grid a scene may need (4096² cells: a 200 m × 200 m floor at 5 cm). Every search
 * below is linear in the grid's size, so this bounds the work any one request can cause.
 */
export const MAX_GRID_CELLS = 1 << 24;
/** Beyond this many metres from the grid, nearestCell measures from a stand-in point (see there). */
const FAR = 1e6;

export class NavGrid {
  readonly resolution: number;
  readonly radius: number;
  readonly navigableArea: number;
  /** world x, z of the grid's corner (cell (0,0)'s outer corner) */
  readonly ox: number;
  readonly oz: number;
  readonly nx: number;
  readonly nz: number;
  /** 1 where the agent's centre may be */
  readonly cells: Uint8Array;
  private readonly walls: Rect[];
  private readonly cache = new Map<string, Field>();
  // scratch for Dijkstra, reused between fields
  private readonly buckets: Int32Array[] = [];
  private regionOf?: Int32Array;
  /** geodesicToObjectWithin's bounded fields and which regions reach the object, by object and limit */
  private readonly within = new Map<string, { field?: Field; reach: Map<number, boolean>; all?: Set<number> }>();

  private constructor(house: House, resolution: number, radius: number) {
    this.resolution = resolution;
    this.radius = radius;
    const b = house.bounds;
    // two spare cells on every side keep the neighbour loops free of bounds checks
    this.ox = b.x0 - 2 * resolution;
    this.oz = b.z0 - 2 * resolution;
    this.nx = Math.ceil((b.x1 - b.x0) / resolution) + 5;
    this.nz = Math.ceil((b.z1 - b.z0) / resolution) + 5;
    this.cells = new Uint8Array(this.nx * this.nz);
    this.walls = wallPieces(house)
      .filter((w) => !w.lintel)
      .map((w) => ({ x0: w.box.x0, z0: w.box.z0, x1: w.box.x1, z1: w.box.z1 }));
    for (const room of house.rooms) this.fill(room.rect, 1, 0);
    for (const w of this.walls) this.fill(w, 0, radius);
    for (const f of house.furniture) this.fill(f.rect, 0, radius);
    for (let j = 0; j < this.nz; j++) {
      for (let i = 0; i < this.nx; i++) {
        if (i < 2 || j < 2 || i >= this.nx - 2 || j >= this.nz - 2) this.cells[j * this.nx + i] = 0;
      }
    }
    let count = 0;
    for (let i = 0; i < this.cells.length; i++) count += this.cells[i];
    this.navigableArea = count * resolution * resolution;
  }

  static build(house: House, opts: { resolution: number; radius: number }): NavGrid {
    if (!(opts.resolution > 0 && opts.resolution <= 0.1)) {
      throw new SimError("invalid_params", `grid resolution must be in (0, 0.1] m, got ${opts.resolution}`);
    }
    if (!(opts.radius >= 0)) throw new SimError("invalid_params", `agent radius must be ≥ 0, got ${opts.radius}`);
    const b = house.bounds;
    const cells = (Math.ceil((b.x1 - b.x0) / opts.resolution) + 5) * (Math.ceil((b.z1 - b.z0) / opts.resolution) + 5);
    if (!(cells <= MAX_GRID_CELLS)) {
      const size = `${(b.x1 - b.x0).toPrecision(4)} × ${(b.z1 - b.z0).toPrecision(4)} m`;
      throw new SimError(
        "invalid_params",
        `scene "${house.id}" of ${size} needs a nav grid of ${cells} cells at ${opts.resolution} m; the limit is ${MAX_GRID_CELLS}`,
        "bounds",
      );
    }
    return new NavGrid(house, opts.resolution, opts.radius);
  }

  /** Set cells whose centre lies within `margin` of r (or inside it) to v. */
  private fill(r: Rect, v: number, margin: number): void {
    const res = this.resolution;
    const i0 = Math.max(0, Math.floor((r.x0 - margin - this.ox) / res));
    const i1 = Math.min(this.nx - 1, Math.floor((r.x1 + margin - this.ox) / res));
    const j0 = Math.max(0, Math.floor((r.z0 - margin - this.oz) / res));
    const j1 = Math.min(this.nz - 1, Math.floor((r.z1 + margin - this.oz) / res));
    for (let j = j0; j <= j1; j++) {
      const cz = this.oz + (j + 0.5) * res;
      for (let i = i0; i <= i1; i++) {
        const cx = this.ox + (i + 0.5) * res;
        const inside = cx >= r.x0 && cx <= r.x1 && cz >= r.z0 && cz <= r.z1;
        if (inside || (margin > 0 && pointRectDistance(r, cx, cz) <= margin)) this.cells[j * this.nx + i] = v;
      }
    }
  }

  cellOf(x: number, z: number): number {
    const i = Math.floor((x - this.ox) / this.resolution);
    const j = Math.floor((z - this.oz) / this.resolution);
    // NaN fails every comparison, so it is tested for explicitly
    if (!(i >= 0 && j >= 0 && i < this.nx && j < this.nz)) return -1;
    return j * this.nx + i;
  }

  cellCenter(c: number): [number, number] {
    const i = c % this.nx;
    const j = (c - i) / this.nx;
    return [this.ox + (i + 0.5) * this.resolution, this.oz + (j + 0.5) * this.resolution];
  }

  isNavigable(x: number, z: number): boolean {
    const c = this.cellOf(x, z);
    return c >= 0 && this.cells[c] === 1;
  }

  /** (x, z) itself when navigable, else the centre of the nearest navigable cell; null if none. */
  snap(x: number, z: number): [number, number] | null {
    if (this.isNavigable(x, z)) return [x, z];
    const c = this.nearestCell(x, z, Infinity);
    return c < 0 ? null : this.cellCenter(c);
  }

  /**
   * Nearest navigable cell within `rings` cells (Chebyshev) of (x, z), by distance to its
   * centre; -1 if none, and for a non-finite point. On the grid, rings grow around the point's
   * cell; off the grid, one scan of the grid's part within reach answers. So the work is
   * bounded by the grid's size, never by how far away the point is (at 1e15 m, `j++` no
   * longer changes j).
   */
  nearestCell(x: number, z: number, rings: number): number {
    if (!Number.isFinite(x) || !Number.isFinite(z)) return -1;
    const { nx, nz } = this;
    const res = this.resolution;
    const ci = Math.floor((x - this.ox) / res);
    const cj = Math.floor((z - this.oz) / res);
    // cells between the point's cell and the grid, 0 on the grid
    const gap = Math.max(0, -ci, ci - (nx - 1), -cj, cj - (nz - 1));
    if (gap > rings) return -1;
    // a point more than FAR m off is measured from where it appears to be, seen from the grid's
    // centre, FAR m away: past ~1e16 m the cells' distances would all round to the same number
    let px = x;
    let pz = z;
    const mx = this.ox + (nx * res) / 2;
    const mz = this.oz + (nz * res) / 2;
    const m = Math.max(Math.abs(x - mx), Math.abs(z - mz));
    if (m > FAR) {
      px = mx + ((x - mx) / m) * FAR;
      pz = mz + ((z - mz) / m) * FAR;
    }
    let best = -1;
    let bestD = Infinity;
    const consider = (i: number, j: number) => {
      const c = j * nx + i;
      if (this.cells[c] !== 1) return;
      const d = Math.hypot(this.ox + (i + 0.5) * res - px, this.oz + (j + 0.5) * res - pz);
      // (near Number.MAX_VALUE every distance overflows to Infinity: the first cell then wins)
      if (d < bestD || best < 0) {
        bestD = d;
        best = c;
      }
    };
    if (gap > 0) {
      // unlimited rings: the whole grid (ci may be ±∞ then, and ∞ − ∞ is NaN); limited rings
      // with the gap within them: ci and cj are finite
      const all = !Number.isFinite(rings);
      const i0 = all ? 0 : Math.max(0, ci - rings);
      const i1 = all ? nx - 1 : Math.min(nx - 1, ci + rings);
      const j0 = all ? 0 : Math.max(0, cj - rings);
      const j1 = all ? nz - 1 : Math.min(nz - 1, cj + rings);
      for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) consider(i, j);
      return best;
    }
    const maxRing = Math.min(rings, Math.max(nx, nz));
    for (let ring = 0; ring <= maxRing; ring++) {
      // once a hit is found, one more ring can still hold a closer centre
      if (best >= 0 && (ring - 1.5) * res > bestD) break;
      for (let j = Math.max(0, cj - ring); j <= Math.min(nz - 1, cj + ring); j++) {
        const edgeRow = j === cj - ring || j === cj + ring;
        for (let i = ci - ring; i <= ci + ring; i += edgeRow ? 1 : 2 * ring || 1) {
          if (i >= 0 && i < nx) consider(i, j);
        }
      }
    }
    return best;
  }

  /**
   * Is the straight segment a→b navigable all along (sampled at half a cell)? Both ends must be
   * navigable, so the segment lies on the grid and the samples are bounded by the grid's size.
   */
  lineOfSight(ax: number, az: number, bx: number, bz: number): boolean {
    if (!this.isNavigable(ax, az) || !this.isNavigable(bx, bz)) return false;
    const len = Math.hypot(bx - ax, bz - az);
    const n = Math.max(1, Math.ceil(len / (this.resolution * 0.5)));
    for (let k = 0; k <= n; k++) {
      const t = k / n;
      if (!this.isNavigable(ax + (bx - ax) * t, az + (bz - az) * t)) return false;
    }
    return true;
  }

  /**
   * Geodesic field from a point (cached: the session asks for the same goal every step); with a
   * mask, over the mask's cells only (distances are Infinity on every other cell).
   */
  distanceField(x: number, z: number, mask?: CellMask): DistanceField {
    const key = `p:${x.toFixed(3)},${z.toFixed(3)}${mask ? `|${mask.key}` : ""}`;
    return this.cached(key, () => {
      const seeds: [number, number][] = [];
      for (const c of this.cellsAround(x, z)) {
        const [cx, cz] = this.cellCenter(c);
        seeds.push([c, Math.hypot(cx - x, cz - z)]);
      }
      return this.dijkstra(seeds, mask?.cells ?? this.cells);
    });
  }

  /**
   * Geodesic field to an object: the shortest walk to a navigable point p near it, plus the
   * straight distance from p to the object (p must see the object past the walls; furniture
   * does not block that last leg, so an object on a table is reached by walking up to the
   * table). Seeds are navigable points within OBJECT_REACH m; when none exists the nearest
   * navigable point is used. In open space with the object in view this equals the straight
   * distance, so "success = value < successDistance" means "stopped within that distance".
   */
  objectField(obj: PlacedObject): DistanceField {
    const [ox, , oz] = obj.position;
    return this.cached(`o:${obj.id}:${ox.toFixed(3)},${oz.toFixed(3)}`, () => this.dijkstra(this.objectSeeds(obj)));
  }

  /**
   * objectField's seeds: navigable cells within OBJECT_REACH that see the object, else the
   * nearest. With `only`: the first seed among the cells it accepts, or none (no stand-in).
   */
  private objectSeeds(obj: PlacedObject, only?: (cell: number) => boolean): [number, number][] {
    const [ox, , oz] = obj.position;
    const seeds: [number, number][] = [];
    const res = this.resolution;
    const walls = this.walls.filter((w) => pointRectDistance(w, ox, oz) <= OBJECT_REACH);
    const i0 = Math.max(0, Math.floor((ox - OBJECT_REACH - this.ox) / res));
    const i1 = Math.min(this.nx - 1, Math.floor((ox + OBJECT_REACH - this.ox) / res));
    const j0 = Math.max(0, Math.floor((oz - OBJECT_REACH - this.oz) / res));
    const j1 = Math.min(this.nz - 1, Math.floor((oz + OBJECT_REACH - this.oz) / res));
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const c = j * this.nx + i;
        if (this.cells[c] !== 1) continue;
        const cx = this.ox + (i + 0.5) * res;
        const cz = this.oz + (j + 0.5) * res;
        const d = Math.hypot(cx - ox, cz - oz);
        if (d > OBJECT_REACH) continue;
        if (only && !only(c)) continue;
        if (walls.some((w) => segmentHitsRect(w, cx, cz, ox, oz))) continue;
        seeds.push([c, d]);
        if (only) return seeds;
      }
    }
    if (seeds.length === 0 && !only) {
      const c = this.nearestCell(ox, oz, Infinity);
      if (c >= 0) {
        const [cx, cz] = this.cellCenter(c);
        seeds.push([c, Math.hypot(cx - ox, cz - oz)]);
      }
    }
    return seeds;
  }

  /**
   * Can the agent walk from `from` to the object: exactly when geodesicToObject is not null, but
   * from the grid's connected regions instead of a whole distance field (the dataset builder
   * asks this of every surface of a house).
   */
  reachesObject(from: [number, number], obj: PlacedObject): boolean {
    const regions = this.regions();
    const want = new Set(this.cellsAround(from[0], from[1]).map((c) => regions[c]));
    if (want.size === 0) return false;
    // one seed in a region of `from` answers; without one, all seeds (the nearest cell stands in when there is none)
    if (this.objectSeeds(obj, (c) => want.has(regions[c])).length > 0) return true;
    return this.objectSeeds(obj).some(([c]) => want.has(regions[c]));
  }

  /**
   * geodesicToObject where only distances under `limit` matter: the same number when it is
   * under `limit`, `limit` when the walk is at least that long, null when there is none. A
   * dataset's start is drawn a few metres from its target: the field is searched only up to
   * `limit`, and only once a point asks for it; a point that far in a straight line is that far
   * on foot too (the field counts straight steps from straight seed distances), so only whether
   * it can get there at all is asked, from the grid's regions.
   */
  geodesicToObjectWithin(from: [number, number], obj: PlacedObject, limit: number): number | null {
    const [ox, , oz] = obj.position;
    const key = `${limit}:${obj.id}:${ox.toFixed(3)},${oz.toFixed(3)}`;
    let w = this.within.get(key);
    if (!w) {
      w = { reach: new Map() };
      this.within.set(key, w);
      if (this.within.size > CACHE_SIZE) this.within.delete(this.within.keys().next().value as string);
    }
    // (a margin far above rounding keeps the straight-line shortcut exact)
    if (Math.hypot(from[0] - ox, from[1] - oz) < limit + 1e-6) {
      w.field ??= new Field(
        this,
        dijkstra(this.objectSeeds(obj), this.cells, this.nx, this.resolution, this.buckets, limit),
      );
      const d = w.field.at(from[0], from[1]);
      if (d < limit) return d;
    }
    const regions = this.regions();
    for (const c of this.cellsAround(from[0], from[1])) {
      const r = regions[c];
      let reached = w.reach.get(r);
      if (reached === undefined) {
        // one seed in the region answers; without one, all seeds (the nearest cell stands in when there is none)
        reached = this.objectSeeds(obj, (cell) => regions[cell] === r).length > 0;
        if (!reached) {
          w.all ??= new Set(this.objectSeeds(obj).map(([cell]) => regions[cell]));
          reached = w.all.has(r);
        }
        w.reach.set(r, reached);
      }
      if (reached) return limit;
    }
    return null;
  }

  /**
   * Each navigable cell's connected region (1, 2, …; 0 off the navigable cells), computed once.
   * Four neighbours suffice: every step of the 16-neighbourhood passes only navigable cells
   * that join its ends side by side (dijkstra.ts), so both reach the same cells.
   */
  private regions(): Int32Array {
    if (this.regionOf) return this.regionOf;
    const { nx, cells } = this;
    const region = new Int32Array(cells.length);
    const stack = new Int32Array(cells.length);
    let next = 0;
    for (let s = 0; s < cells.length; s++) {
      if (cells[s] !== 1 || region[s] !== 0) continue;
      region[s] = ++next;
      let top = 0;
      stack[top++] = s;
      while (top > 0) {
        const c = stack[--top];
        // the grid's outer two rings are never navigable, so no bounds checks are needed
        for (const n of [c + 1, c - 1, c + nx, c - nx]) {
          if (cells[n] !== 1 || region[n] !== 0) continue;
          region[n] = next;
          stack[top++] = n;
        }
      }
    }
    this.regionOf = region;
    return region;
  }

  /**
   * Shortest navigable distance: the straight line when it is clear, else the shorter of the
   * field's value and the length of the string-pulled path (both lengths of real paths, so
   * never below the true geodesic; the pulled path removes most of the grid's error).
   */
  geodesic(a: [number, number], b: [number, number]): number | null {
    const euclid = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (this.isNavigable(a[0], a[1]) && this.lineOfSight(a[0], a[1], b[0], b[1])) return euclid;
    const d = this.distanceField(b[0], b[1]).at(a[0], a[1]);
    if (!Number.isFinite(d)) return null;
    const p = this.path(a, b);
    let len = Infinity;
    if (p && p.length > 1) {
      const end = p[p.length - 1];
      len = Math.hypot(b[0] - end[0], b[1] - end[1]);
      for (let i = 1; i < p.length; i++) len += Math.hypot(p[i][0] - p[i - 1][0], p[i][1] - p[i - 1][1]);
    }
    return Math.max(Math.min(d, len), euclid);
  }

  geodesicToObject(from: [number, number], obj: PlacedObject): number | null {
    const d = this.objectField(obj).at(from[0], from[1]);
    return Number.isFinite(d) ? d : null;
  }

  /** A navigable polyline from a to b (grid descent, then string-pulled); null if unreachable. */
  path(a: [number, number], b: [number, number]): [number, number][] | null {
    const field = this.distanceField(b[0], b[1]) as Field;
    return field.descend(a, b);
  }

  /** A navigable point in the room: the navigable cell nearest its centre (deterministic). */
  waypoint(room: Room): [number, number] {
    const { x0, z0, x1, z1 } = room.rect;
    const mx = (x0 + x1) / 2;
    const mz = (z0 + z1) / 2;
    const res = this.resolution;
    let best = -1;
    let bestD = Infinity;
    for (let j = Math.max(0, Math.floor((z0 - this.oz) / res)); j < this.nz; j++) {
      const cz = this.oz + (j + 0.5) * res;
      if (cz > z1) break;
      if (cz < z0) continue;
      for (let i = Math.max(0, Math.floor((x0 - this.ox) / res)); i < this.nx; i++) {
        const cx = this.ox + (i + 0.5) * res;
        if (cx > x1) break;
        if (cx < x0 || this.cells[j * this.nx + i] !== 1) continue;
        const d = (cx - mx) ** 2 + (cz - mz) ** 2;
        if (d < bestD) {
          bestD = d;
          best = j * this.nx + i;
        }
      }
    }
    if (best >= 0) return this.cellCenter(best);
    return this.snap(mx, mz) ?? [mx, mz];
  }

  /** Navigable cells of the 3×3 block around (x, z), or the nearest one within 0.5 m. */
  cellsAround(x: number, z: number): number[] {
    const out: number[] = [];
    const ci = Math.floor((x - this.ox) / this.resolution);
    const cj = Math.floor((z - this.oz) / this.resolution);
    // off the grid by more than a cell (or not finite): no block to look at
    if (ci >= -1 && cj >= -1 && ci <= this.nx && cj <= this.nz) {
      for (let j = cj - 1; j <= cj + 1; j++) {
        for (let i = ci - 1; i <= ci + 1; i++) {
          if (i < 0 || j < 0 || i >= this.nx || j >= this.nz) continue;
          if (this.cells[j * this.nx + i] === 1) out.push(j * this.nx + i);
        }
      }
    }
    if (out.length === 0) {
      const c = this.nearestCell(x, z, Math.ceil(0.5 / this.resolution));
      if (c >= 0) out.push(c);
    }
    return out;
  }

  private cached(key: string, make: () => Field): Field {
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const field = make();
    this.cache.set(key, field);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    return field;
  }

  /** Multi-source Dijkstra over the 16-neighbourhood (dijkstra.ts), through `cells`' 1s. */
  private dijkstra(seeds: [number, number][], cells: Uint8Array = this.cells): Field {
    return new Field(this, dijkstra(seeds, cells, this.nx, this.resolution, this.buckets));
  }
}
