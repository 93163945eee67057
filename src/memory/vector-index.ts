/**
 * An in-process vector index for one user's statements: exact top-k by dot product. Exact
 * search is enough at Polar's scale and never misses a memory the way an approximate index can.
 *
 * Speed: an exact float32 scan reads 4 bytes per dimension (400 MB at 100k × 1024), more than
 * one core can read in 20 ms. So the index holds every row as int8 (one scale per row), in
 * WebAssembly memory, and a SIMD kernel (int8-kernel.ts) scores all of them against the query
 * quantized to int16, in exact integer arithmetic: a quarter of the bytes. Each approximate
 * score comes with a bound on its error that holds for any vectors (Cauchy–Schwarz on the
 * quantization residuals, kept per row):
 *
 *   |a·q − a'·q'| ≤ ‖a − a'‖·‖q‖ + ‖a'‖·‖q − q'‖
 *
 * A row whose score plus its bound is below the k-th best score minus bound cannot be in the
 * top k; every other row is rescored in float64 from its exact float32 vector, and the top k are
 * chosen from those exact scores. The result (ids, order, scores) is therefore the float64
 * brute-force scan's, on every query; the number of rows rescored adapts to how close the
 * scores are. Rows with NaN or ±Infinity have an infinite bound, so they are always rescored.
 *
 * The exact vectors come from an `exactRows` source when one is given (the SQLite store reads the
 * few candidates from their rows), so only the int8 form stays in memory; without one they are
 * kept here too. The int8 form of a row is what `quantizeRows` writes, so a store can persist it
 * and load it back as whole blocks (`addQuantized`) instead of re-quantizing row by row.
 * Without WebAssembly SIMD, or past its 4 GiB, the same integer screen runs in plain JS.
 */
import { INT8_KERNEL } from "./int8-kernel.ts";

type ScoresFn = (q: number, m: number, out: number, rows: number, strideBytes: number) => void;

// the slice of the WebAssembly API used here (the project's lib settings do not declare it)
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (
    module: object,
    imports: Record<string, Record<string, unknown>>,
  ) => { exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number }) => WasmMemory;
}
const wasmApi = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

let kernelModule: object | null | undefined;
function compiledKernel(): object | null {
  if (kernelModule === undefined)
    kernelModule = wasmApi?.validate(INT8_KERNEL) ? new wasmApi.Module(INT8_KERNEL) : null;
  return kernelModule;
}

const PAGE = 65_536;
/**
 * slack on every bound, relative to ‖a‖·‖q‖ (≤ (‖a'‖ + ‖a − a'‖)·‖q‖): covers the float64
 * roundings of the scores, the bounds and the reference loop itself (~dim · 2⁻⁵³ of that)
 */
const SLACK = 1e-9;
/** float64 values per row in the stats: the int8 scale, ‖a'‖ (dequantized row) and ‖a − a'‖ */
export const STATS_PER_ROW = 3;

/** int8 values per row: dim padded to a multiple of 32 (the kernel's step); padding is 0 */
export function int8Stride(dim: number): number {
  return Math.ceil(dim / 32) * 32;
}

/** The exact vectors of the given rows (by index), each a Float32Array or its raw little-endian bytes. */
export type ExactRows = (rows: readonly number[]) => (Float32Array | Uint8Array)[];

export interface Hit {
  index: number;
  score: number;
}

/** Rows in the int8 form the index screens: `rows × int8Stride(dim)` bytes and STATS_PER_ROW floats a row. */
export interface QuantizedRows {
  int8: Int8Array;
  stats: Float64Array;
}

function asFloats(vector: Float32Array | Uint8Array, dim: number): Float32Array {
  const bytes = vector instanceof Float32Array ? vector.byteLength : vector.length;
  if (bytes !== dim * 4) throw new Error(`vector of ${bytes / 4} dims, index holds ${dim}`);
  if (vector instanceof Float32Array) return vector;
  // SQLite BLOBs may start at any offset: a view only where float32 alignment allows it
  if (vector.byteOffset % 4 === 0) return new Float32Array(vector.buffer, vector.byteOffset, dim);
  return new Float32Array(vector.slice().buffer);
}

/**
 * Writes round(row / s) into `out` from `base` with s = max|row| / 127, and the row's stats into
 * `stats` from `at`. A row with NaN or ±Infinity gets zeros and an infinite residual: its bound
 * then never rules it out. A free function, so V8 keeps it monomorphic.
 */
function quantizeInto(row: Float32Array, out: Int8Array, base: number, stats: Float64Array, at: number): void {
  let max = 0;
  for (let i = 0; i < row.length; i++) {
    const a = Math.abs(row[i]);
    if (a > max) max = a;
  }
  if (!Number.isFinite(max)) {
    // NaN fails the comparison above, so look again for it
    out.fill(0, base, base + row.length);
    stats[at] = 0;
    stats[at + 1] = 0;
    stats[at + 2] = Number.POSITIVE_INFINITY;
    return;
  }
  for (let i = 0; i < row.length; i++) {
    if (Number.isNaN(row[i])) {
      out.fill(0, base, base + row.length);
      stats[at] = 0;
      stats[at + 1] = 0;
      stats[at + 2] = Number.POSITIVE_INFINITY;
      return;
    }
  }
  const s = max > 0 ? max / 127 : 0;
  // |row[i]| ≤ 127·s, so |row[i] / s| ≤ 127 up to a rounding that Math.round absorbs
  const inv = s > 0 ? 1 / s : 0;
  let q2 = 0;
  let e2 = 0;
  for (let i = 0; i < row.length; i++) {
    const x = row[i];
    const v = Math.round(x * inv);
    out[base + i] = v;
    q2 += v * v;
    const d = x - v * s;
    e2 += d * d;
  }
  stats[at] = s;
  stats[at + 1] = s * Math.sqrt(q2);
  stats[at + 2] = Math.sqrt(e2);
}

/** The int8 form of `vectors` (each `dim` floats or their bytes), as the index holds and loads it. */
export function quantizeRows(dim: number, vectors: readonly (Float32Array | Uint8Array)[]): QuantizedRows {
  const stride = int8Stride(dim);
  const int8 = new Int8Array(vectors.length * stride);
  const stats = new Float64Array(vectors.length * STATS_PER_ROW);
  for (const [r, v] of vectors.entries()) quantizeInto(asFloats(v, dim), int8, r * stride, stats, r * STATS_PER_ROW);
  return { int8, stats };
}

export class VectorMatrix {
  readonly ids: string[] = [];
  private readonly stride: number;
  private rows = 0;
  private capacity: number;
  /** set while the int8 rows live in WebAssembly memory: [int16 query | int8 rows | int32 scores] */
  private wasm: { memory: WasmMemory; scores: ScoresFn } | null = null;
  private buffer!: ArrayBuffer;
  private int8!: Int8Array;
  private query16!: Int16Array;
  private screened!: Int32Array;
  private stats: Float64Array;
  /** the rows as given, dim floats each, kept only when no exact-rows source was given */
  private floats: Float32Array | null;
  private readonly exactRows: ExactRows | null;
  /** scratch for the k best, reused across queries */
  private bestIndex = new Int32Array(0);
  private bestScore = new Float64Array(0);
  /** the largest |q| value that keeps 127 · |q| · stride inside int32 */
  private readonly queryMax: number;

  /** How many rows the last query rescored exactly (the screen's candidates); n for a full scan. */
  lastRescored = 0;

  constructor(
    readonly dim: number,
    capacity = 64,
    opts: { simd?: boolean; exactRows?: ExactRows } = {},
  ) {
    if (!Number.isInteger(dim) || dim <= 0)
      throw new Error(`vector index dimension must be a positive integer, got ${dim}`);
    this.stride = int8Stride(dim);
    this.queryMax = Math.min(32_767, Math.floor((2 ** 31 - 1) / (127 * this.stride)));
    this.capacity = Math.max(1, capacity);
    this.exactRows = opts.exactRows ?? null;
    this.floats = this.exactRows ? null : new Float32Array(this.capacity * dim);
    this.stats = new Float64Array(this.capacity * STATS_PER_ROW);
    const module = opts.simd === false ? null : compiledKernel();
    if (module && wasmApi) {
      try {
        const memory = new wasmApi.Memory({ initial: Math.ceil(this.layoutBytes(this.capacity) / PAGE) });
        const instance = new wasmApi.Instance(module, { env: { mem: memory } });
        this.wasm = { memory, scores: instance.exports.scores as ScoresFn };
      } catch {
        this.wasm = null;
      }
    }
    this.bindViews(this.wasm ? this.wasm.memory.buffer : new ArrayBuffer(this.layoutBytes(this.capacity)));
  }

  get size(): number {
    return this.rows;
  }

  /** whether queries use the WebAssembly SIMD kernel (false: the same integer screen in JS) */
  get simd(): boolean {
    return this.wasm !== null;
  }

  /** bytes the index holds: the int8 rows and their stats, and the float rows when kept here */
  get bytesHeld(): number {
    return this.buffer.byteLength + this.stats.byteLength + (this.floats?.byteLength ?? 0);
  }

  private get rowsOffset(): number {
    return this.stride * 2;
  }

  private layoutBytes(capacity: number): number {
    return this.rowsOffset + capacity * this.stride + capacity * 4;
  }

  private bindViews(buffer: ArrayBuffer): void {
    this.buffer = buffer;
    this.query16 = new Int16Array(buffer, 0, this.stride);
    this.int8 = new Int8Array(buffer, this.rowsOffset, this.capacity * this.stride);
    this.screened = new Int32Array(buffer, this.rowsOffset + this.capacity * this.stride, this.capacity);
  }

  /** Makes room for `more` rows past the current ones, in one step. */
  private reserve(more: number): void {
    const need = this.rows + more;
    if (need <= this.capacity) return;
    let capacity = this.capacity;
    while (capacity < need) capacity *= 2;
    const more64 = <T extends Float32Array | Float64Array>(old: T, size: number): T => {
      const next = new (old.constructor as new (n: number) => T)(size);
      next.set(old);
      return next;
    };
    if (this.floats) this.floats = more64(this.floats, capacity * this.dim);
    this.stats = more64(this.stats, capacity * STATS_PER_ROW);
    if (this.wasm) {
      const pages = Math.ceil(this.layoutBytes(capacity) / PAGE) - this.wasm.memory.buffer.byteLength / PAGE;
      try {
        // int8 rows stay in place (they start at a fixed offset); the scores scratch moves past them
        if (pages > 0) this.wasm.memory.grow(pages);
        this.capacity = capacity;
        this.bindViews(this.wasm.memory.buffer);
        return;
      } catch {
        // beyond what WebAssembly memory can hold: the JS screen from here on
        this.wasm = null;
      }
    }
    const old = this.int8.subarray(0, this.rows * this.stride);
    this.capacity = capacity;
    this.bindViews(new ArrayBuffer(this.layoutBytes(capacity)));
    this.int8.set(old);
  }

  /** Appends a row given as a Float32Array or as the raw little-endian bytes of one. */
  add(id: string, vector: Float32Array | Uint8Array): void {
    const row = asFloats(vector, this.dim);
    this.reserve(1);
    const r = this.rows;
    if (this.floats) this.floats.set(row, r * this.dim);
    quantizeInto(row, this.int8, r * this.stride, this.stats, r * STATS_PER_ROW);
    this.ids.push(id);
    this.rows++;
  }

  /**
   * Appends rows already in int8 form (what `quantizeRows` gave for them): one copy each of the
   * int8 block and its stats. `int8` and `stats` may be raw bytes at any offset, as SQLite BLOBs
   * arrive. Only with an exact-rows source, which holds their float vectors.
   */
  addQuantized(ids: readonly string[], int8: Int8Array | Uint8Array, stats: Float64Array | Uint8Array): void {
    if (!this.exactRows) throw new Error("quantized rows can only be added to an index with an exact-rows source");
    if (int8.byteLength !== ids.length * this.stride)
      throw new Error(`int8 block of ${int8.byteLength} bytes for ${ids.length} rows of stride ${this.stride}`);
    this.addQuantizedWith(ids, stats, (into) =>
      into.set(new Uint8Array(int8.buffer, int8.byteOffset, int8.byteLength)),
    );
  }

  /**
   * Appends `ids.length` rows whose int8 form `fill` writes straight into the index's memory
   * (`into`: rows × int8Stride(dim) bytes, e.g. a file read into it), with their stats (as
   * addQuantized takes them). Only with an exact-rows source.
   */
  addQuantizedWith(ids: readonly string[], stats: Float64Array | Uint8Array, fill: (into: Uint8Array) => void): void {
    if (!this.exactRows) throw new Error("quantized rows can only be added to an index with an exact-rows source");
    const n = ids.length;
    if (stats.byteLength !== n * STATS_PER_ROW * 8)
      throw new Error(`stats block of ${stats.byteLength} bytes for ${n} rows`);
    this.reserve(n);
    const base = this.rows;
    fill(new Uint8Array(this.int8.buffer, this.int8.byteOffset + base * this.stride, n * this.stride));
    new Uint8Array(this.stats.buffer, base * STATS_PER_ROW * 8, n * STATS_PER_ROW * 8).set(
      new Uint8Array(stats.buffer, stats.byteOffset, stats.byteLength),
    );
    for (const id of ids) this.ids.push(id);
    this.rows += n;
  }

  /** The rows held, in their int8 form: views of the index's own memory, valid until the next add. */
  quantized(): QuantizedRows {
    return {
      int8: this.int8.subarray(0, this.rows * this.stride),
      stats: this.stats.subarray(0, this.rows * STATS_PER_ROW),
    };
  }

  /** Exact float64 dot product of `row` with `query` (the reference every result equals). */
  private static exact(row: Float32Array, query: Float32Array): number {
    const d = query.length;
    const body = d - (d % 4);
    // four accumulators: independent chains let V8 keep the FPU busy (~1.3× on a 1024-d dot)
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let i = 0; i < body; i += 4) {
      s0 += row[i] * query[i];
      s1 += row[i + 1] * query[i + 1];
      s2 += row[i + 2] * query[i + 2];
      s3 += row[i + 3] * query[i + 3];
    }
    let s = s0 + s1 + s2 + s3;
    for (let i = body; i < d; i++) s += row[i] * query[i];
    return s;
  }

  /** The `k` best rows by dot product with `query`, best first; ties go to the earlier row. */
  topK(query: Float32Array, k: number): Hit[] {
    if (query.length !== this.dim) throw new Error(`query of ${query.length} dims, index holds ${this.dim}`);
    const n = this.rows;
    const want = Math.min(Math.max(0, Math.floor(k)), n);
    if (want === 0) return [];
    if (this.bestIndex.length < want) {
      this.bestIndex = new Int32Array(want);
      this.bestScore = new Float64Array(want);
    }
    const candidates = this.screen(query, want);
    this.lastRescored = candidates.length;
    const vectors = this.exactRows
      ? this.exactRows(candidates)
      : candidates.map((r) => (this.floats as Float32Array).subarray(r * this.dim, (r + 1) * this.dim));
    if (vectors.length !== candidates.length)
      throw new Error(`the exact-rows source gave ${vectors.length} vectors for ${candidates.length} rows`);
    let count = 0;
    for (let c = 0; c < candidates.length; c++) {
      count = this.offer(candidates[c], VectorMatrix.exact(asFloats(vectors[c], this.dim), query), count, want);
    }
    const out: Hit[] = new Array(count);
    for (let i = 0; i < count; i++) out[i] = { index: this.bestIndex[i], score: this.bestScore[i] };
    return out;
  }

  /**
   * The int8 screen: the rows, in order, that it cannot rule out of the exact top `want`; every
   * row when the query itself has NaN or ±Infinity.
   */
  private screen(query: Float32Array, want: number): number[] {
    const n = this.rows;
    let qn = 0;
    let qmax = 0;
    for (let i = 0; i < query.length; i++) {
      qn += query[i] * query[i];
      const a = Math.abs(query[i]);
      if (a > qmax) qmax = a;
    }
    const all = () => Array.from({ length: n }, (_, r) => r);
    if (!Number.isFinite(qn) || !Number.isFinite(qmax) || this.queryMax < 1) return all();
    const qNorm = Math.sqrt(qn);
    // the query as int16 (finer than the rows: its share of the bound is small)
    const qs = qmax > 0 ? qmax / this.queryMax : 0;
    const q16 = this.query16;
    let d2 = 0;
    for (let i = 0; i < this.dim; i++) {
      const v = qs > 0 ? Math.round(query[i] / qs) : 0;
      q16[i] = v;
      const d = query[i] - v * qs;
      d2 += d * d;
    }
    const qResidual = Math.sqrt(d2);
    if (this.wasm) this.wasm.scores(0, this.rowsOffset, this.rowsOffset + this.capacity * this.stride, n, this.stride);
    else integerScores(this.int8, q16, this.screened, n, this.dim, this.stride);
    const screened = this.screened;
    const stats = this.stats;
    // the want-th best lower bound, by a small sorted insert (ascending, kth[0] is the floor)
    const kth = this.bestScore;
    let filled = 0;
    for (let r = 0; r < n; r++) {
      const o = r * STATS_PER_ROW;
      const s = stats[o] * qs * screened[r];
      const b = stats[o + 2] * qNorm + stats[o + 1] * qResidual + (stats[o + 1] + stats[o + 2]) * qNorm * SLACK;
      let low = s - b;
      // an infinite bound (or one that overflowed) says nothing: this row is no floor
      if (Number.isNaN(low)) low = Number.NEGATIVE_INFINITY;
      if (filled < want) {
        let i = filled++;
        while (i > 0 && kth[i - 1] > low) {
          kth[i] = kth[i - 1];
          i--;
        }
        kth[i] = low;
      } else if (low > kth[0]) {
        let i = 0;
        while (i + 1 < want && kth[i + 1] < low) {
          kth[i] = kth[i + 1];
          i++;
        }
        kth[i] = low;
      }
    }
    const floor = kth[0];
    // rows in order, so ties still go to the earlier row; a NaN comparison keeps the row
    const out: number[] = [];
    for (let r = 0; r < n; r++) {
      const o = r * STATS_PER_ROW;
      const s = stats[o] * qs * screened[r];
      const b = stats[o + 2] * qNorm + stats[o + 1] * qResidual + (stats[o + 1] + stats[o + 2]) * qNorm * SLACK;
      if (!(s + b < floor)) out.push(r);
    }
    return out;
  }

  /** Inserts row `r` into the running top list (descending), returns its new length. */
  private offer(r: number, s: number, count: number, want: number): number {
    const idx = this.bestIndex;
    const sc = this.bestScore;
    if (count === want && !(s > sc[want - 1])) return count;
    let i = count < want ? count++ : want - 1;
    while (i > 0 && sc[i - 1] < s) {
      sc[i] = sc[i - 1];
      idx[i] = idx[i - 1];
      i--;
    }
    sc[i] = s;
    idx[i] = r;
    return count;
  }
}

/** The kernel's integer dot products, in JS (exact: every partial sum is an integer below 2³¹). */
function integerScores(int8: Int8Array, q16: Int16Array, out: Int32Array, rows: number, dim: number, stride: number) {
  for (let r = 0; r < rows; r++) {
    const o = r * stride;
    let s = 0;
    for (let i = 0; i < dim; i++) s += int8[o + i] * q16[i];
    out[r] = s;
  }
}
