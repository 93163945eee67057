/**
 * Multi-source Dijkstra over the navigation grid's 16-neighbourhood on typed arrays: a geodesic
 * distance from the nearest seed to every cell it can reach, with Dial's bucket queue.
 */

/** Dijkstra's bucket ring never grows past this (seeds lie within a few metres of each other). */
const MAX_BUCKETS = 1 << 16;

// 16-neighbourhood: [dx, dz, cost in cells]
const SQ2 = Math.SQRT2;
const SQ5 = Math.sqrt(5);
export const NEIGHBOURS: [number, number, number][] = [
  [1, 0, 1],
  [-1, 0, 1],
  [0, 1, 1],
  [0, -1, 1],
  [1, 1, SQ2],
  [1, -1, SQ2],
  [-1, 1, SQ2],
  [-1, -1, SQ2],
  [1, 2, SQ5],
  [2, 1, SQ5],
  [-1, 2, SQ5],
  [-2, 1, SQ5],
  [1, -2, SQ5],
  [2, -1, SQ5],
  [-1, -2, SQ5],
  [-2, -1, SQ5],
];
/**
 * Distances from the seeds ([cell, distance] pairs) to every cell reachable through `cells`' 1s
 * (a grid `nx` cells wide, cells of `res` metres); Infinity elsewhere. `pool` holds the bucket
 * arrays, reused between calls. With `limit`, the search stops there: every distance under it
 * is the same as without; cells at or past it hold Infinity or a distance not below it.
 */
export function dijkstra(
  seeds: [number, number][],
  cells: Uint8Array,
  nx: number,
  res: number,
  pool: Int32Array[],
  limit = Infinity,
): Float64Array {
  const n = cells.length;
  const dist = new Float64Array(n).fill(Infinity);
  // neighbour k: index delta, the two cells it passes (no corner cutting), step cost
  const delta = new Int32Array(16);
  const passA = new Int32Array(16);
  const passB = new Int32Array(16);
  const cost = new Float64Array(16);
  NEIGHBOURS.forEach(([dx, dz, c], k) => {
    const sx = Math.sign(dx);
    const sz = Math.sign(dz);
    delta[k] = dz * nx + dx;
    cost[k] = c * res;
    if (k < 4) {
      passA[k] = delta[k];
      passB[k] = delta[k];
    } else if (k < 8) {
      passA[k] = sx;
      passB[k] = sz * nx;
    } else if (Math.abs(dz) === 2) {
      passA[k] = sz * nx;
      passB[k] = sz * nx + sx;
    } else {
      passA[k] = sx;
      passB[k] = sz * nx + sx;
    }
  });
  // Dial's bucket queue: buckets narrower than the cheapest step make the order exact
  const width = res / 8;
  const seedList = seeds.filter(([c, d]) => c >= 0 && cells[c] === 1 && Number.isFinite(d));
  // the queue holds distances within (seed spread + the costliest step) of the one popped:
  // the spread between seeds counts, not their size (one seed 1e6 m off needs no more buckets)
  const lo = seedList.reduce((m, [, d]) => Math.min(m, d), Infinity);
  const spread = seedList.reduce((m, [, d]) => Math.max(m, d - lo), 0);
  let nb = 32;
  while (nb * width < spread + 4 * res && nb < MAX_BUCKETS) nb *= 2;
  const mask = nb - 1;
  const buckets = bucketsFor(pool, nb);
  const counts = new Int32Array(nb);
  let total = 0;
  const push = (c: number, d: number) => {
    const b = Math.floor((d - lo) / width) & mask;
    let arr = buckets[b];
    if (counts[b] === arr.length) {
      const bigger = new Int32Array(arr.length * 2);
      bigger.set(arr);
      buckets[b] = bigger;
      arr = bigger;
    }
    arr[counts[b]++] = c;
    total++;
  };
  let minSeed = Infinity;
  for (const [c, d] of seedList) {
    if (d >= dist[c]) continue;
    dist[c] = d;
    minSeed = Math.min(minSeed, d);
    push(c, d);
  }
  const done = new Uint8Array(n);
  let cur = Number.isFinite(minSeed) ? Math.floor((minSeed - lo) / width) : 0;
  while (total > 0) {
    // every distance left in the queue is at least the lower edge of the bucket before this one
    // (a bucket's index is rounded from the distance: one bucket's slack), so none is below limit
    if (lo + (cur - 1) * width >= limit) break;
    const b = cur & mask;
    if (counts[b] === 0) {
      cur++;
      continue;
    }
    const c = buckets[b][--counts[b]];
    total--;
    if (done[c]) continue;
    done[c] = 1;
    const k = dist[c];
    // the grid's outer two rings are never navigable, so no bounds checks are needed
    for (let q = 0; q < 16; q++) {
      const nc = c + delta[q];
      const nd = k + cost[q];
      // whether the step gains first: most neighbours of a settled cell are settled or as near
      // already, and this one read settles them (a cell off the grid's 1s keeps Infinity)
      if (nd >= dist[nc]) continue;
      if (cells[nc] !== 1 || cells[c + passA[q]] !== 1 || cells[c + passB[q]] !== 1) continue;
      dist[nc] = nd;
      push(nc, nd);
    }
  }
  return dist;
}

function bucketsFor(pool: Int32Array[], nb: number): Int32Array[] {
  while (pool.length < nb) pool.push(new Int32Array(256));
  return pool;
}
