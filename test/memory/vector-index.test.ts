import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { VectorMatrix } from "../../src/memory/vector-index.ts";

describe("VectorMatrix", () => {
  it("returns the exact top-k by dot product, best first, for dims not divisible by 4", () => {
    const dim = 7;
    const m = new VectorMatrix(dim, 2);
    const rows: Float32Array[] = [];
    let seed = 3;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed / 2 ** 31) * 2 - 1;
    };
    for (let r = 0; r < 50; r++) {
      const v = Float32Array.from({ length: dim }, rand);
      rows.push(v);
      m.add(`r${r}`, r % 2 ? v : new Uint8Array(v.buffer.slice(0)));
    }
    assert.equal(m.size, 50);
    const q = Float32Array.from({ length: dim }, rand);
    const exact = rows
      .map((v, i) => ({ i, s: v.reduce((a, x, j) => a + x * q[j], 0) }))
      .sort((a, b) => b.s - a.s)
      .slice(0, 5);
    const got = m.topK(q, 5);
    assert.deepEqual(
      got.map((g) => m.ids[g.index]),
      exact.map((e) => `r${e.i}`),
    );
    for (const [n, g] of got.entries()) assert.ok(Math.abs(g.score - exact[n].s) < 1e-5);
    assert.deepEqual(m.topK(q, 0), []);
    assert.equal(m.topK(q, 100).length, 50);
    assert.throws(() => m.add("bad", new Float32Array(3)), /3 dims/);
    assert.throws(() => m.topK(new Float32Array(3), 1), /3 dims/);
  });
});
