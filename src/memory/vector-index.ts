/**
 * An in-process vector index for one user's statements: exact top-k by dot product. Exact
 * search is enough at Polar's scale and never misses a memory the way an approximate index can.
 *
 * Speed: an exact float32 scan reads 4 bytes per dimension (400 MB at 100k × 1024), more than
 * one core can read in 20 ms. So every row is also kept as int8 (one scale per row) in
 * WebAssembly memory, and a SIMD kernel (int8-kernel.ts) scores all of them against the query
 * quantized to int16, in exact integer arithmetic: a quarter of the bytes. Each approximate
 * score comes with a bound on its error that holds for any vectors (Cauchy–Schwarz on the
 * quantization residuals, kept per row):
 *
 *   |a·q − a'·q'| ≤ ‖a − a'‖·‖q‖ + ‖a'‖·‖q − q'‖
 *
 * A row whose score plus its bound is below the k-th best score minus bound cannot be in the
 * top k; every other row is rescored in float64 by the reference loop, and the top k are chosen
 * from those exact scores. The result (ids, order, scores) is therefore the float64 brute-force
 * scan's, on every query; the number of rows rescored adapts to how close the scores are.
 * Without WebAssembly SIMD, with NaN or huge values, or past 4 GiB, the float64 scan runs over
 * every row.
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
/** past this, bounds and scores lose the precision the screen relies on: use the float64 scan */
const SCREEN_LIMIT = 1e30;
/**
 * slack on every bound, relative to ‖a‖·‖q‖ (≤ (‖a'‖ + ‖a − a'‖)·‖q‖): covers the float64
 * roundings of the scores, the bounds and the reference loop itself (~dim · 2⁻⁵³ of that)
 */
const SLACK = 1e-9;

export interface Hit {
  index: number;
  score: number;
}

export class VectorMatrix {
  readonly ids: string[] = [];
  /** int8 values per row: dim padded to a multiple of 16 (the kernel's lanes); padding is 0 */
  private readonly stride: number;
  private rows = 0;
  private capacity: number;
  /** set while the int8 rows live in WebAssembly memory: [int16 query | int8 rows | int32 scores] */
  private wasm: { memory: WasmMemory; scores: ScoresFn } | null = null;
  /** the rows as given, dim floats each: what every returned score is computed from */
  private data: Float32Array;
  private int8!: Int8Array;
  private query16!: Int16Array;
  private screened!: Int32Array;
  /** per row: the int8 scale, ‖a'‖ (the dequantized row's norm) and ‖a − a'‖ */
  private scale: Float64Array;
  private quantNorm: Float64Array;
  private residual: Float64Array;
  private maxNorm = 0;
  /** scratch for the k best, reused across queries */
  private bestIndex = new Int32Array(0);
  private bestScore = new Float64Array(0);
  /** the largest |q| value that keeps 127 · |q| · stride inside int32 */
  private readonly queryMax: number;

  constructor(
    readonly dim: number,
    capacity = 64,
    opts: { simd?: boolean } = {},
  ) {
    if (!Number.isInteger(dim) || dim <= 0)
      throw new Error(`vector index dimension must be a positive integer, got ${dim}`);
    this.stride = Math.ceil(dim / 16) * 16;
    this.queryMax = Math.min(32_767, Math.floor((2 ** 31 - 1) / (127 * this.stride)));
    this.capacity = Math.max(1, capacity);
    this.data = new Float32Array(this.capacity * dim);
    this.scale = new Float64Array(this.capacity);
    this.quantNorm = new Float64Array(this.capacity);
    this.residual = new Float64Array(this.capacity);
    const module = opts.simd === false || this.queryMax < 1 ? null : compiledKernel();
    if (module && wasmApi) {
      try {
        const memory = new wasmApi.Memory({ initial: Math.ceil(this.layoutBytes(this.capacity) / PAGE) });
        const instance = new wasmApi.Instance(module, { env: { mem: memory } });
        this.wasm = { memory, scores: instance.exports.scores as ScoresFn };
        this.bindViews(memory.buffer);
      } catch {
        this.wasm = null;
      }
    }
  }

  get size(): number {
    return this.rows;
  }

  /** whether queries use the WebAssembly SIMD int8 screen (false: the float64 scan only) */
  get simd(): boolean {
    return this.wasm !== null;
  }

  private get rowsOffset(): number {
    return this.stride * 2;
  }

  private layoutBytes(capacity: number): number {
    return this.rowsOffset + capacity * this.stride + capacity * 4;
  }

  private bindViews(buffer: ArrayBuffer): void {
    this.query16 = new Int16Array(buffer, 0, this.stride);
    this.int8 = new Int8Array(buffer, this.rowsOffset, this.capacity * this.stride);
    this.screened = new Int32Array(buffer, this.rowsOffset + this.capacity * this.stride, this.capacity);
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    const more = <T extends Float32Array | Float64Array>(old: T, size: number): T => {
      const next = new (old.constructor as new (n: number) => T)(size);
      next.set(old);
      return next;
    };
    this.data = more(this.data, capacity * this.dim);
    this.scale = more(this.scale, capacity);
    this.quantNorm = more(this.quantNorm, capacity);
    this.residual = more(this.residual, capacity);
    if (this.wasm) {
      const pages = Math.ceil(this.layoutBytes(capacity) / PAGE) - this.wasm.memory.buffer.byteLength / PAGE;
      try {
        // int8 rows stay in place (they start at a fixed offset); the scores scratch moves past them
        if (pages > 0) this.wasm.memory.grow(pages);
        this.capacity = capacity;
        this.bindViews(this.wasm.memory.buffer);
        return;
      } catch {
        // beyond what WebAssembly memory can hold: the float64 scan from here on
        this.wasm = null;
      }
    }
    this.capacity = capacity;
  }

  /** Appends a row given as a Float32Array or as the raw little-endian bytes of one. */
  add(id: string, vector: Float32Array | Uint8Array): void {
    const bytes = vector instanceof Float32Array ? vector.byteLength : vector.length;
    if (bytes !== this.dim * 4) throw new Error(`vector of ${bytes / 4} dims, index holds ${this.dim}`);
    if (this.rows === this.capacity) this.grow();
    const r = this.rows;
    const off = r * this.dim;
    if (vector instanceof Float32Array) this.data.set(vector, off);
    else new Uint8Array(this.data.buffer, this.data.byteOffset + off * 4, bytes).set(vector);
    const row = this.data.subarray(off, off + this.dim);
    let n = 0;
    let max = 0;
    for (let i = 0; i < row.length; i++) {
      const x = row[i];
      n += x * x;
      const a = Math.abs(x);
      if (a > max) max = a;
    }
    const norm = Math.sqrt(n);
    // a row with NaN or ±Infinity makes maxNorm NaN for good, which sends every query to the float64 scan
    if (!Number.isFinite(norm) || Number.isNaN(this.maxNorm)) this.maxNorm = Number.NaN;
    else if (norm > this.maxNorm) this.maxNorm = norm;
    if (this.wasm && Number.isFinite(norm)) this.quantize(r, row, max);
    this.ids.push(id);
    this.rows++;
  }

  /** Row r as int8 with one scale, and the two norms its error bound needs. */
  private quantize(r: number, row: Float32Array, max: number): void {
    const s = max > 0 ? max / 127 : 0;
    const norms = quantizeRow(row, this.int8, r * this.stride, s);
    this.scale[r] = s;
    this.quantNorm[r] = s * Math.sqrt(norms.q2);
    this.residual[r] = Math.sqrt(norms.e2);
  }

  /** Exact float64 dot product of row `r` with `query` (the reference every result equals). */
  private exact(r: number, query: Float32Array): number {
    const d = this.dim;
    const data = this.data;
    const off = r * d;
    const body = d - (d % 4);
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
    return s;
  }

  /** How many rows the last query rescored exactly (the screen's candidates); n for a full scan. */
  lastRescored = 0;

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
    let qn = 0;
    let qmax = 0;
    for (let i = 0; i < query.length; i++) {
      qn += query[i] * query[i];
      const a = Math.abs(query[i]);
      if (a > qmax) qmax = a;
    }
    const qNorm = Math.sqrt(qn);
    const bound = this.maxNorm * qNorm;
    let count = 0;
    if (this.wasm && Number.isFinite(bound) && bound < SCREEN_LIMIT) {
      count = this.screenAndRescore(query, want, qNorm, qmax);
    } else {
      for (let r = 0; r < n; r++) count = this.offer(r, this.exact(r, query), count, want);
      this.lastRescored = n;
    }
    const out: Hit[] = new Array(count);
    for (let i = 0; i < count; i++) out[i] = { index: this.bestIndex[i], score: this.bestScore[i] };
    return out;
  }

  /**
   * The int8 screen, then the exact rescore of every row it cannot rule out; returns how many
   * of the best are filled (always `want`).
   */
  private screenAndRescore(query: Float32Array, want: number, qNorm: number, qmax: number): number {
    const wasm = this.wasm as NonNullable<typeof this.wasm>;
    const n = this.rows;
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
    wasm.scores(0, this.rowsOffset, this.rowsOffset + this.capacity * this.stride, n, this.stride);
    const screened = this.screened;
    const scale = this.scale;
    const quantNorm = this.quantNorm;
    const residual = this.residual;
    // the want-th best lower bound, by a small sorted insert (ascending, kth[0] is the floor)
    const kth = this.bestScore;
    let filled = 0;
    for (let r = 0; r < n; r++) {
      const s = scale[r] * qs * screened[r];
      const b = residual[r] * qNorm + quantNorm[r] * qResidual + (quantNorm[r] + residual[r]) * qNorm * SLACK;
      const low = s - b;
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
    // rows in order, so ties still go to the earlier row
    let count = 0;
    let rescored = 0;
    for (let r = 0; r < n; r++) {
      const s = scale[r] * qs * screened[r];
      const b = residual[r] * qNorm + quantNorm[r] * qResidual + (quantNorm[r] + residual[r]) * qNorm * SLACK;
      if (s + b < floor) continue;
      rescored++;
      count = this.offer(r, this.exact(r, query), count, want);
    }
    this.lastRescored = rescored;
    return count;
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

const sums = { q2: 0, e2: 0 };
/**
 * Writes round(row / s) into out from `base`, and returns Σ v² and Σ (row − v·s)² (one reused
 * object: this runs once per row of a 100k-row load). A free function, so V8 keeps it monomorphic.
 */
function quantizeRow(row: Float32Array, out: Int8Array, base: number, s: number): { q2: number; e2: number } {
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
  sums.q2 = q2;
  sums.e2 = e2;
  return sums;
}
