/**
 * The int8 screen's WebAssembly SIMD kernel, assembled here from named opcodes:
 * for each row of int8 values, its dot product with an int16 query, in exact int32 arithmetic.
 *
 *   scores(q, m, out, rows, stride):   stride = bytes per row, a multiple of 32
 *     for each row: acc0 = acc1 = 0; qp = q; rowEnd = m + stride
 *       while m < rowEnd:
 *         a = v128.load(m); b = v128.load(m + 16)
 *         acc0 += i32x4.dot_i16x8_s(i16x8.extend_low_i8x16_s(a),  v128.load(qp))
 *         acc1 += i32x4.dot_i16x8_s(i16x8.extend_high_i8x16_s(a), v128.load(qp + 16))
 *         acc0 += i32x4.dot_i16x8_s(i16x8.extend_low_i8x16_s(b),  v128.load(qp + 32))
 *         acc1 += i32x4.dot_i16x8_s(i16x8.extend_high_i8x16_s(b), v128.load(qp + 48))
 *         m += 32; qp += 64
 *       i32.store(out, sum of the lanes of acc0 + acc1); out += 4
 *
 * No sum overflows as long as 127 · max|q| · stride < 2³¹; the caller scales the query so.
 */

const leb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
};
const sleb = (n: number): number[] => {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(b & 0x40)) || (n === -1 && b & 0x40)) return [...out, b];
    out.push(b | 0x80);
  }
};
const name = (s: string) => [...leb(s.length), ...Buffer.from(s)];
const vec = (items: number[][]) => [...leb(items.length), ...items.flat()];
const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];

const I32 = 0x7f;
const V128 = 0x7b;
const get = (i: number) => [0x20, i];
const set = (i: number) => [0x21, i];
const tee = (i: number) => [0x22, i];
const i32 = (n: number) => [0x41, ...sleb(n)];
const ADD = [0x6a];
const SHL = [0x74];
const LT_U = [0x49];
const GE_U = [0x4f];
const simd = (op: number, ...imm: number[]) => [0xfd, ...leb(op), ...imm];
const load = (offset: number) => simd(0x00, 4, ...leb(offset));
const EXTEND_LOW = simd(0x87);
const EXTEND_HIGH = simd(0x88);
const DOT = simd(0xba);
const ADD4 = simd(0xae);
const lane = (l: number) => simd(0x1b, l);
const ZERO = simd(0x0c, ...new Array(16).fill(0));
const BLOCK = [0x02, 0x40];
const LOOP = [0x03, 0x40];
const END = [0x0b];
const brIf = (depth: number) => [0x0d, depth];

// params q m out rows stride, then locals last rowEnd qp (i32) and a b acc0 acc1 (v128)
const [Q, M, OUT, ROWS, STRIDE, LAST, ROW_END, QP, A, B, ACC0, ACC1] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
/** acc += dot(extend(row), the int16 query at qp + qOffset) */
const accumulate = (acc: number, row: number, extend: number[], qOffset: number) => [
  ...get(acc),
  ...get(row),
  ...extend,
  ...get(QP),
  ...load(qOffset),
  ...DOT,
  ...ADD4,
  ...set(acc),
];
// 32 row bytes an iteration, addresses moved by pointers and load offsets: ~1.4× the
// 16-byte loop with its address sums on every load
// biome-ignore format: one instruction group a line, as in the pseudo-code above
const body = [
  ...get(OUT), ...get(ROWS), ...i32(2), ...SHL, ...ADD, ...set(LAST),
  ...BLOCK, ...get(OUT), ...get(LAST), ...GE_U, ...brIf(0),
  ...LOOP,
  ...ZERO, ...tee(ACC0), ...set(ACC1), ...get(Q), ...set(QP), ...get(M), ...get(STRIDE), ...ADD, ...set(ROW_END),
  ...LOOP,
  ...get(M), ...load(0), ...set(A),
  ...get(M), ...load(16), ...set(B),
  ...accumulate(ACC0, A, EXTEND_LOW, 0),
  ...accumulate(ACC1, A, EXTEND_HIGH, 16),
  ...accumulate(ACC0, B, EXTEND_LOW, 32),
  ...accumulate(ACC1, B, EXTEND_HIGH, 48),
  ...get(QP), ...i32(64), ...ADD, ...set(QP),
  ...get(M), ...i32(32), ...ADD, ...tee(M), ...get(ROW_END), ...LT_U, ...brIf(0),
  ...END,
  ...get(ACC0), ...get(ACC1), ...ADD4, ...set(A),
  ...get(OUT),
  ...get(A), ...lane(0), ...get(A), ...lane(1), ...ADD, ...get(A), ...lane(2), ...get(A), ...lane(3), ...ADD, ...ADD,
  0x36, 2, 0, // i32.store align=4 offset=0
  ...get(OUT), ...i32(4), ...ADD, ...tee(OUT), ...get(LAST), ...LT_U, ...brIf(0),
  ...END,
  ...END,
  ...END,
];
const code = [
  ...vec([
    [3, I32],
    [4, V128],
  ]),
  ...body,
];

/** The kernel module's bytes: imports env.mem, exports scores(q, m, out, rows, stride). */
export const INT8_KERNEL = new Uint8Array([
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
  ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32], [I32], [I32]]), 0]])),
  ...section(2, vec([[...name("env"), ...name("mem"), 0x02, 0x00, 1]])),
  ...section(3, vec([[0]])),
  ...section(7, vec([[...name("scores"), 0x00, 0]])),
  ...section(10, vec([[...leb(code.length), ...code]])),
]);
