import assert from "node:assert/strict";
import { test } from "node:test";
import { bootstrapMean, mean, rng } from "../../src/eval/bootstrap.ts";

const data = Array.from({ length: 60 }, (_, i) => (i % 5 < 2 ? 1 : 0)); // 40% ones

test("bootstrap CI contains the mean and is deterministic for a seed", () => {
  const a = bootstrapMean(data, { seed: 7, samples: 1000 });
  const b = bootstrapMean(data, { seed: 7, samples: 1000 });
  assert.deepEqual(a, b);
  assert.equal(a.mean, 0.4);
  assert.ok(a.lo < 0.4 && a.hi > 0.4, `[${a.lo}, ${a.hi}] should straddle 0.4`);
  // Normal approximation: SE = sqrt(.4*.6/60) ≈ .063, so the 95% half-width is about .12.
  assert.ok(Math.abs(a.hi - a.lo - 2 * 1.96 * Math.sqrt(0.24 / 60)) < 0.05, `width ${a.hi - a.lo}`);
  const c = bootstrapMean(data, { seed: 8, samples: 1000 });
  assert.notDeepEqual([a.lo, a.hi], [c.lo, c.hi], "another seed resamples differently");
});

test("bootstrap of constant data has a zero-width interval; empty data is NaN", () => {
  const e = bootstrapMean([1, 1, 1, 1]);
  assert.deepEqual([e.mean, e.lo, e.hi], [1, 1, 1]);
  const z = bootstrapMean([]);
  assert.equal(z.n, 0);
  assert.ok(Number.isNaN(z.mean));
});

test("a wider level gives a wider interval", () => {
  const narrow = bootstrapMean(data, { level: 0.5 });
  const wide = bootstrapMean(data, { level: 0.99 });
  assert.ok(wide.hi - wide.lo > narrow.hi - narrow.lo);
});

test("rng is uniform enough: mean of draws near 0.5", () => {
  const r = rng(1);
  const xs = Array.from({ length: 10_000 }, () => r());
  assert.ok(Math.abs(mean(xs) - 0.5) < 0.02);
  assert.ok(xs.every((x) => x >= 0 && x < 1));
});
