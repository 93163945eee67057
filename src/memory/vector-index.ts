/**
 * An in-process vector index for one user's statements: rows of one contiguous Float32Array
 * matrix, exact top-k by dot product. Exact search is enough at Polar's scale and never misses a
 * memory the way an approximate index can.
 *
 * Speed: a plain JS dot product runs ~2 ns per multiply-add here (~20 ms for 10k × 1024), so
 * the matrix lives in WebAssembly memory and a SIMD kernel (4 lanes × 4 accumulators, float32)
 * scores every row. Float32 sums differ from the float64 reference by a bounded amount, so the
 * kernel only screens: every row whose float32 score is within twice that bound of the k-th best
 * is rescored in float64 by the reference loop, and the top k are chosen from those exact scores.
 * The result (ids, order, scores) is the same as the float64 brute-force scan; see the test.
 * Without WebAssembly SIMD, or past its 4 GiB memory, the float64 scan runs over every row.
 */

// The kernel, assembled by hand (312 bytes). In WebAssembly text:
// (module (import "env" "mem" (memory 1))
//  (func (export "scores") (param $q i32) (param $m i32) (param $out i32) (param $rows i32)
//                          (param $stride i32)            ;; row stride in bytes, multiple of 64
//   (local $end i32) (local $i i32) (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
//   $end = $out + $rows * 8
//   (block (br_if 0 (i32.ge_u $out $end))
//    (loop $row  a0..a3 = 0; $i = 0
//     (loop $col  a_j += f32x4.mul(v128.load($m + $i + 16j), v128.load($q + $i + 16j))  for j in 0..3
//                 $i += 64; (br_if $col (i32.lt_u $i $stride)))
//     a0 = (a0 + a1) + (a2 + a3)
//     (f64.store $out (f64(lane0) + f64(lane1)) + (f64(lane2) + f64(lane3)))
//     $m += $stride; $out += 8; (br_if $row (i32.lt_u $out $end)))))
const KERNEL_BASE64 =
  "AGFzbQEAAAABCQFgBX9/f39/AAIMAQNlbnYDbWVtAgABAwIBAAcKAQZzY29yZXMAAAqEAgGBAgICfwR7IAIgA0EDdGohBQJAIAIgBU8NAANA/QwAAAAAAAAAAAAAAAAAAAAAIgciCCIJIQpBACEGA0AgByABIAZq/QACACAAIAZq/QACAP3mAf3kASEHIAggASAGav0AAhAgACAGav0AAhD95gH95AEhCCAJIAEgBmr9AAIgIAAgBmr9AAIg/eYB/eQBIQkgCiABIAZq/QACMCAAIAZq/QACMP3mAf3kASEKIAZBwABqIgYgBEkNAAsgByAI/eQBIAkgCv3kAf3kASEHIAIgB/0fALsgB/0fAbugIAf9HwK7IAf9HwO7oKA5AwAgASAEaiEBIAJBCGoiAiAFSQ0ACwsL";

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
  if (kernelModule === undefined) {
    const bytes = Buffer.from(KERNEL_BASE64, "base64");
    kernelModule = wasmApi?.validate(bytes) ? new wasmApi.Module(bytes) : null;
  }
  return kernelModule;
}

const PAGE = 65_536;
/** float32 rounding unit */
const U32 = 2 ** -24;
/** past this, float32 partial sums may overflow: use the float64 scan */
const SCREEN_LIMIT = 1e30;

export interface Hit {
  index: number;
  score: number;
}

export class VectorMatrix {
  readonly ids: string[] = [];
  /** floats per row: dim padded to a multiple of 16 (the kernel's 4 × 4 lanes); padding is 0 */
  private readonly stride: number;
  private rows = 0;
  private capacity: number;
  /** set while the rows live in WebAssembly memory: [query | rows | scores] */
  private wasm: { memory: WasmMemory; scores: ScoresFn } | null = null;
  private data!: Float32Array;
  private bytes!: Uint8Array;
  private queryRow!: Float32Array;
  private screened!: Float64Array;
  private maxNorm = 0;
  /** scratch for the k best, reused across queries */
  private bestIndex = new Int32Array(0);
  private bestScore = new Float64Array(0);

  constructor(
    readonly dim: number,
    capacity = 64,
    opts: { simd?: boolean } = {},
  ) {
    if (!Number.isInteger(dim) || dim <= 0)
      throw new Error(`vector index dimension must be a positive integer, got ${dim}`);
    this.stride = Math.ceil(dim / 16) * 16;
    this.capacity = Math.max(1, capacity);
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
    if (this.wasm) this.bindViews(this.wasm.memory.buffer);
    else this.bindViews(new ArrayBuffer(this.layoutBytes(this.capacity)));
  }

  get size(): number {
    return this.rows;
  }

  /** whether queries use the WebAssembly SIMD screen (false: the float64 scan only) */
  get simd(): boolean {
    return this.wasm !== null;
  }

  private get rowsOffset(): number {
    return this.stride * 4;
  }

  private layoutBytes(capacity: number): number {
    return this.rowsOffset + capacity * this.stride * 4 + capacity * 8;
  }

  private bindViews(buffer: ArrayBuffer): void {
    this.queryRow = new Float32Array(buffer, 0, this.stride);
    this.data = new Float32Array(buffer, this.rowsOffset, this.capacity * this.stride);
    this.bytes = new Uint8Array(buffer, this.rowsOffset, this.capacity * this.stride * 4);
    this.screened = new Float64Array(buffer, this.rowsOffset + this.capacity * this.stride * 4, this.capacity);
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    if (this.wasm) {
      const pages = Math.ceil(this.layoutBytes(capacity) / PAGE) - this.wasm.memory.buffer.byteLength / PAGE;
      try {
        // rows stay in place (they start at a fixed offset); the scores scratch moves past them
        if (pages > 0) this.wasm.memory.grow(pages);
        this.capacity = capacity;
        this.bindViews(this.wasm.memory.buffer);
        return;
      } catch {
        // beyond what WebAssembly memory can hold: continue in plain memory, float64 scan only
        this.wasm = null;
      }
    }
    const old = this.data.subarray(0, this.rows * this.stride);
    this.capacity = capacity;
    this.bindViews(new ArrayBuffer(this.layoutBytes(capacity)));
    this.data.set(old);
  }

  /** Appends a row given as a Float32Array or as the raw little-endian bytes of one. */
  add(id: string, vector: Float32Array | Uint8Array): void {
    const bytes = vector instanceof Float32Array ? vector.byteLength : vector.length;
    if (bytes !== this.dim * 4) throw new Error(`vector of ${bytes / 4} dims, index holds ${this.dim}`);
    if (this.rows === this.capacity) this.grow();
    const off = this.rows * this.stride;
    if (vector instanceof Float32Array) this.data.set(vector, off);
    else this.bytes.set(vector, off * 4);
    const data = this.data;
    let n = 0;
    for (let i = off; i < off + this.dim; i++) n += data[i] * data[i];
    const norm = Math.sqrt(n);
    // a row with NaN makes maxNorm NaN for good, which sends every query to the float64 scan
    if (Number.isNaN(norm) || Number.isNaN(this.maxNorm)) this.maxNorm = Number.NaN;
    else if (norm > this.maxNorm) this.maxNorm = norm;
    this.ids.push(id);
    this.rows++;
  }

  /** Exact float64 dot product of row `r` with `query` (the reference every result equals). */
  private exact(r: number, query: Float32Array): number {
    const d = this.dim;
    const data = this.data;
    const off = r * this.stride;
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
    for (let i = 0; i < query.length; i++) qn += query[i] * query[i];
    const bound = this.maxNorm * Math.sqrt(qn);
    const threshold = this.wasm && bound < SCREEN_LIMIT ? this.screen(query, want, bound) : Number.NaN;
    let count = 0;
    if (Number.isNaN(threshold)) {
      for (let r = 0; r < n; r++) count = this.offer(r, this.exact(r, query), count, want);
    } else {
      const screened = this.screened;
      for (let r = 0; r < n; r++) {
        if (screened[r] >= threshold) count = this.offer(r, this.exact(r, query), count, want);
      }
    }
    const out: Hit[] = new Array(count);
    for (let i = 0; i < count; i++) out[i] = { index: this.bestIndex[i], score: this.bestScore[i] };
    return out;
  }

  /**
   * Scores every row in float32 and returns the cut-off below which no row can be in the exact
   * top `want`, or NaN when the screen cannot be trusted (a NaN score).
   */
  private screen(query: Float32Array, want: number, bound: number): number {
    const wasm = this.wasm as NonNullable<typeof this.wasm>;
    this.queryRow.set(query);
    wasm.scores(0, this.rowsOffset, this.rowsOffset + this.capacity * this.stride * 4, this.rows, this.stride * 4);
    // the want-th best float32 score, by a small sorted insert (ascending, kth[0] is the floor)
    const kth = this.bestScore;
    let filled = 0;
    const screened = this.screened;
    for (let r = 0; r < this.rows; r++) {
      const s = screened[r];
      if (Number.isNaN(s)) return Number.NaN;
      if (filled < want) {
        let i = filled++;
        while (i > 0 && kth[i - 1] > s) {
          kth[i] = kth[i - 1];
          i--;
        }
        kth[i] = s;
      } else if (s > kth[0]) {
        let i = 0;
        while (i + 1 < want && kth[i + 1] < s) {
          kth[i] = kth[i + 1];
          i++;
        }
        kth[i] = s;
      }
    }
    // |float32 dot − exact dot| ≤ γ·Σ|a_i q_i| ≤ γ·‖a‖‖q‖ with γ ≈ (chain length)·u; the chain is
    // dim/16 + 3 roundings long, so (dim + 16)·u is a bound with a 16× margin
    const margin = (this.dim + 16) * U32 * bound;
    return kth[0] - 2 * margin;
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
