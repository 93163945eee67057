import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { quantizeRows, VectorMatrix } from "../../src/memory/vector-index.ts";

function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return (s / 2 ** 31) * 2 - 1;
  };
}

function unit(dim: number, rand: () => number): Float32Array {
  const v = Float32Array.from({ length: dim }, rand);
  let n = 0;
  for (const x of v) n += x * x;
  for (let i = 0; i < dim; i++) v[i] /= Math.sqrt(n);
  return v;
}

/** Brute force: float64 dot of every row, sorted best first, ties to the earlier row. */
function bruteForce(rows: Float32Array[], q: Float32Array, k: number): { i: number; s: number }[] {
  return rows
    .map((v, i) => ({ i, s: v.reduce((a, x, j) => a + x * q[j], 0) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, k);
}

function assertMatches(m: VectorMatrix, rows: Float32Array[], q: Float32Array, k: number): void {
  const got = m.topK(q, k);
  const exact = bruteForce(rows, q, k);
  assert.deepEqual(
    got.map((g) => m.ids[g.index]),
    exact.map((e) => `r${e.i}`),
  );
  for (const [n, g] of got.entries()) assert.ok(Math.abs(g.score - exact[n].s) < 1e-9, `score ${n}`);
}

describe("VectorMatrix", () => {
  it("returns the exact top-k by dot product, best first, for dims not divisible by 4", () => {
    const dim = 7;
    const m = new VectorMatrix(dim, 2);
    const rows: Float32Array[] = [];
    const rand = rng(3);
    for (let r = 0; r < 50; r++) {
      const v = Float32Array.from({ length: dim }, rand);
      rows.push(v);
      m.add(`r${r}`, r % 2 ? v : new Uint8Array(v.buffer.slice(0)));
    }
    assert.equal(m.size, 50);
    const q = Float32Array.from({ length: dim }, rand);
    assertMatches(m, rows, q, 5);
    assert.deepEqual(m.topK(q, 0), []);
    assert.equal(m.topK(q, 100).length, 50);
    assert.throws(() => m.add("bad", new Float32Array(3)), /3 dims/);
    assert.throws(() => m.topK(new Float32Array(3), 1), /3 dims/);
  });

  it("uses the SIMD screen where WebAssembly SIMD exists, and agrees with the float64 scan", () => {
    for (const dim of [1, 16, 33, 384, 1024]) {
      const rand = rng(dim);
      // small initial capacity: the matrix grows (and its memory with it) many times
      const simd = new VectorMatrix(dim, 3);
      const plain = new VectorMatrix(dim, 3, { simd: false });
      assert.equal(simd.simd, true, "Node 20 has WebAssembly SIMD");
      assert.equal(plain.simd, false);
      const rows: Float32Array[] = [];
      const n = dim >= 384 ? 700 : 300;
      for (let r = 0; r < n; r++) {
        const v = unit(dim, rand);
        rows.push(v);
        // raw bytes at an odd offset, as SQLite BLOBs arrive
        const raw = new Uint8Array(v.byteLength + 1);
        raw.set(new Uint8Array(v.buffer), 1);
        simd.add(`r${r}`, r % 3 ? v : raw.subarray(1));
        plain.add(`r${r}`, v);
      }
      for (let t = 0; t < 5; t++) {
        const q = unit(dim, rand);
        for (const k of [1, 5, 20]) {
          assertMatches(simd, rows, q, k);
          assert.deepEqual(simd.topK(q, k), plain.topK(q, k));
        }
      }
    }
  });

  it("stays exact on near-ties closer than float32 can tell apart, and on duplicates", () => {
    const dim = 256;
    const rand = rng(11);
    const base = unit(dim, rand);
    const m = new VectorMatrix(dim, 8);
    const rows: Float32Array[] = [];
    for (let r = 0; r < 200; r++) {
      const v = Float32Array.from(base);
      // rows 0..49 scale one coordinate by a few float32 ulps: their dots differ by ~1e-9,
      // below the float32 kernel's rounding, so only the float64 rescoring can order them
      if (r < 50) v[r % dim] = Math.fround(v[r % dim] * (1 + (r % 7) * 2 ** -22));
      else if (r < 100) v.set(base);
      else v.set(unit(dim, rand));
      rows.push(v);
      m.add(`r${r}`, v);
    }
    const plain = new VectorMatrix(dim, 8, { simd: false });
    for (const [r, v] of rows.entries()) plain.add(`r${r}`, v);
    for (const k of [1, 5, 60]) {
      assertMatches(m, rows, base, k);
      assert.deepEqual(m.topK(base, k), plain.topK(base, k));
    }
  });

  it("the int8 screen rules rows out yet the top-k is the exact scan's, on random and clustered vectors", () => {
    const dim = 384;
    const rand = rng(23);
    const m = new VectorMatrix(dim, 16);
    const rows: Float32Array[] = [];
    const centres = [unit(dim, rand), unit(dim, rand), unit(dim, rand)];
    for (let r = 0; r < 3000; r++) {
      // a third spread out, the rest in tight clusters: the scores then crowd the top
      const v = unit(dim, rand);
      if (r % 3) {
        const c = centres[r % 3];
        for (let i = 0; i < dim; i++) v[i] = c[i] + 0.05 * v[i];
      }
      rows.push(v);
      m.add(`r${r}`, v);
    }
    let rescored = 0;
    for (let t = 0; t < 12; t++) {
      const q = t % 2 ? unit(dim, rand) : Float32Array.from(centres[t % 3], (x) => x + 0.01 * rand());
      for (const k of [1, 5, 50]) {
        assertMatches(m, rows, q, k);
        assert.ok(m.lastRescored >= k);
        rescored += m.lastRescored;
      }
    }
    assert.ok(rescored < 36 * 3000 * 0.5, `the screen must rule most rows out (rescored ${rescored} of ${36 * 3000})`);
  });

  it("falls back to the float64 scan for NaN rows and huge values", () => {
    const dim = 16;
    const rand = rng(5);
    const m = new VectorMatrix(dim);
    const plain = new VectorMatrix(dim, 64, { simd: false });
    for (let r = 0; r < 40; r++) {
      const v = Float32Array.from({ length: dim }, rand);
      if (r === 7) v[3] = Number.NaN;
      if (r === 9) v.fill(3e37);
      m.add(`r${r}`, v);
      plain.add(`r${r}`, v);
    }
    const q = Float32Array.from({ length: dim }, rand);
    assert.deepEqual(m.topK(q, 5), plain.topK(q, 5));
  });

  it("loads int8 blocks (quantizeRows) with exact rows from a source, as if each row were added", () => {
    const dim = 100;
    const rand = rng(41);
    const rows = Array.from({ length: 900 }, () => unit(dim, rand));
    const added = new VectorMatrix(dim, 4);
    for (const [r, v] of rows.entries()) added.add(`r${r}`, v);
    const asked: number[] = [];
    const loaded = new VectorMatrix(dim, 4, {
      exactRows: (rs) => {
        asked.push(...rs);
        return rs.map((r) => rows[r]);
      },
    });
    for (let at = 0; at < rows.length; at += 256) {
      const block = rows.slice(at, at + 256);
      const q = quantizeRows(dim, block);
      // as SQLite hands BLOBs over: bytes, not necessarily aligned
      const int8 = new Uint8Array(q.int8.byteLength + 3);
      int8.set(new Uint8Array(q.int8.buffer), 3);
      loaded.addQuantized(
        block.map((_, i) => `r${at + i}`),
        int8.subarray(3),
        new Uint8Array(q.stats.buffer),
      );
    }
    assert.equal(loaded.size, rows.length);
    // the float rows (400 bytes each here) are most of what a matrix without a source holds
    assert.ok(loaded.bytesHeld < added.bytesHeld / 2, "no float rows held when a source has them");
    for (let t = 0; t < 6; t++) {
      const q = unit(dim, rand);
      asked.length = 0;
      assertMatches(loaded, rows, q, 5);
      assert.deepEqual(loaded.topK(q, 5), added.topK(q, 5));
      assert.ok(asked.length >= 5 && asked.length < rows.length / 2, `asked the source for ${asked.length} rows`);
    }
    assert.throws(() => added.addQuantized(["x"], new Uint8Array(112), new Uint8Array(24)), /exact-rows source/);
    assert.throws(() => loaded.addQuantized(["x"], new Uint8Array(100), new Uint8Array(24)), /int8 block/);
  });
});
