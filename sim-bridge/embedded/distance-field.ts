/**
 * A computed geodesic distance field over the navigation grid: the distance from any point, and
 * a shortest path down the field, string-pulled to straight navigable segments.
 */
import { NEIGHBOURS } from "./dijkstra.ts";

export interface DistanceField {
  /** geodesic distance in metres from (x, z) to the field's source; Infinity when unreachable */
  at(x: number, z: number): number;
}

/** What a field reads of the grid it was computed on (NavGrid; named here so the two files do not import each other). */
export interface GridCells {
  readonly nx: number;
  readonly nz: number;
  readonly cells: Uint8Array;
  cellsAround(x: number, z: number): number[];
  cellCenter(c: number): [number, number];
  isNavigable(x: number, z: number): boolean;
  lineOfSight(ax: number, az: number, bx: number, bz: number): boolean;
}

/** A computed distance field over a grid. */
export class Field implements DistanceField {
  constructor(
    private readonly grid: GridCells,
    readonly dist: Float64Array,
  ) {}

  /** Best over the navigable cells around (x, z) of their distance plus the step to their centre. */
  at(x: number, z: number): number {
    const g = this.grid;
    let best = Infinity;
    for (const c of g.cellsAround(x, z)) {
      const d = this.dist[c];
      if (d === Infinity) continue;
      const [cx, cz] = g.cellCenter(c);
      const v = d + Math.hypot(cx - x, cz - z);
      if (v < best) best = v;
    }
    return best;
  }

  descend(a: [number, number], b: [number, number]): [number, number][] | null {
    const g = this.grid;
    if (!Number.isFinite(this.at(a[0], a[1]))) return null;
    let c = -1;
    let cd = Infinity;
    for (const k of g.cellsAround(a[0], a[1])) {
      if (this.dist[k] < cd) {
        cd = this.dist[k];
        c = k;
      }
    }
    const pts: [number, number][] = [a];
    const { nx, nz } = g;
    for (let guard = 0; guard < nx * nz; guard++) {
      pts.push(g.cellCenter(c));
      const i = c % nx;
      const j = (c - i) / nx;
      let next = -1;
      let nd = this.dist[c];
      for (let n = 0; n < 8; n++) {
        const [dx, dz] = NEIGHBOURS[n];
        const ni = i + dx;
        const nj = j + dz;
        if (ni < 0 || nj < 0 || ni >= nx || nj >= nz) continue;
        const k = nj * nx + ni;
        if (g.cells[k] === 1 && this.dist[k] < nd - 1e-6) {
          nd = this.dist[k];
          next = k;
        }
      }
      if (next < 0) break;
      c = next;
    }
    if (g.isNavigable(b[0], b[1])) pts.push(b);
    return stringPull(g, pts);
  }
}

/** Drop every point that a straight navigable segment can skip. */
function stringPull(g: GridCells, pts: [number, number][]): [number, number][] {
  const out: [number, number][] = [pts[0]];
  let anchor = 0;
  while (anchor < pts.length - 1) {
    // the farthest point still in sight (scanning back from the end finds corners exactly)
    let far = anchor + 1;
    for (let k = pts.length - 1; k > anchor + 1; k--) {
      if (g.lineOfSight(pts[anchor][0], pts[anchor][1], pts[k][0], pts[k][1])) {
        far = k;
        break;
      }
    }
    out.push(pts[far]);
    anchor = far;
  }
  return tighten(g, out);
}

/**
 * Pull each corner toward the straight line between its neighbours while both legs stay
 * navigable: corners at cell centres become corners at the obstacle's real edge.
 */
function tighten(g: GridCells, pts: [number, number][]): [number, number][] {
  for (let pass = 0; pass < 4; pass++) {
    for (let i = 1; i + 1 < pts.length; i++) {
      const [px, pz] = pts[i - 1];
      const [nx, nz] = pts[i + 1];
      const mx = (px + nx) / 2;
      const mz = (pz + nz) / 2;
      for (const t of [0.5, 0.25, 0.12, 0.06, 0.03]) {
        const cx = pts[i][0] + (mx - pts[i][0]) * t;
        const cz = pts[i][1] + (mz - pts[i][1]) * t;
        if (g.lineOfSight(px, pz, cx, cz) && g.lineOfSight(cx, cz, nx, nz)) {
          pts[i] = [cx, cz];
          break;
        }
      }
    }
  }
  return pts;
}
