/**
 * An in-process vector index for one user's statements: rows of one Float32Array matrix, exact
 * top-k by dot product. Exact search is enough at Polar's scale (10k statements × 1024 dims is
 * ~10 M multiply-adds, a few ms) and never misses a memory the way an approximate index can.
 */
export class VectorMatrix {
  private data: Float32Array;
  private rows = 0;
  readonly ids: string[] = [];

  constructor(
    readonly dim: number,
    capacity = 64,
  ) {
    this.data = new Float32Array(dim * Math.max(1, capacity));
  }

  get size(): number {
    return this.rows;
  }

  /** Appends a row given as a Float32Array or as the raw little-endian bytes of one. */
  add(id: string, vector: Float32Array | Uint8Array): void {
    const bytes = vector instanceof Float32Array ? vector.byteLength : vector.length;
    if (bytes !== this.dim * 4) throw new Error(`vector of ${bytes / 4} dims, index holds ${this.dim}`);
    if ((this.rows + 1) * this.dim > this.data.length) {
      const grown = new Float32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const row = new Uint8Array(this.data.buffer, this.rows * this.dim * 4, this.dim * 4);
    row.set(
      vector instanceof Float32Array ? new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength) : vector,
    );
    this.ids.push(id);
    this.rows++;
  }

  /** The `k` best rows by dot product with `query`, best first. */
  topK(query: Float32Array, k: number): { index: number; score: number }[] {
    if (query.length !== this.dim) throw new Error(`query of ${query.length} dims, index holds ${this.dim}`);
    const best: { index: number; score: number }[] = [];
    if (k <= 0) return best;
    const d = this.dim;
    const data = this.data;
    let floor = Number.NEGATIVE_INFINITY;
    const body = d - (d % 4);
    for (let r = 0; r < this.rows; r++) {
      const off = r * d;
      // four accumulators: independent chains let V8 keep the FPU busy (~1.3× on a 1024-d dot)
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let i = 0; i < body; i += 4) {
        s0 += data[off + i] * query[i];
        s1 += data[off + i + 1] * query[i + 1];
        s2 += data[off + i + 2] * query[i + 2];
        s3 += data[off + i + 3] * query[i + 3];
      }
      let s = s0 + s1 + s2 + s3;
      for (let i = body; i < d; i++) s += data[off + i] * query[i];
      if (best.length < k) {
        insertSorted(best, { index: r, score: s });
        if (best.length === k) floor = best[k - 1].score;
      } else if (s > floor) {
        best.pop();
        insertSorted(best, { index: r, score: s });
        floor = best[k - 1].score;
      }
    }
    return best;
  }
}

function insertSorted(list: { index: number; score: number }[], item: { index: number; score: number }): void {
  let i = list.length;
  while (i > 0 && list[i - 1].score < item.score) i--;
  list.splice(i, 0, item);
}
