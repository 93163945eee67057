/**
 * Paired comparisons on constructed outcomes, against hand computations.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  binomialHalfCdf,
  comparePaired,
  mcnemarExact,
  type Pair,
  pairedBootstrapDiff,
  unpairedBootstrapDiff,
} from "../../src/eval/paired.ts";

const close = (got: number, want: number) => assert.ok(Math.abs(got - want) < 1e-12, `${got} ≠ ${want}`);

/** n pairs: `both` successes in both, `onlyA`, `onlyB`, the rest failures in both. */
function pairs(n: number, both: number, onlyA: number, onlyB: number): Pair[] {
  const out: Pair[] = [];
  for (let i = 0; i < n; i++) {
    const kind = i < both ? "both" : i < both + onlyA ? "a" : i < both + onlyA + onlyB ? "b" : "none";
    out.push({ id: `ep-${i}`, a: kind === "both" || kind === "a", b: kind === "both" || kind === "b" });
  }
  return out;
}

test("McNemar exact, b = 7, c = 2: p = 2·P(X ≤ 2 | n = 9, ½) = 2·(1 + 9 + 36)/512 = 0.1797", () => {
  // C(9,0) + C(9,1) + C(9,2) = 1 + 9 + 36 = 46; 2 · 46 / 2^9 = 92 / 512
  const r = mcnemarExact(7, 2);
  close(r.p, 92 / 512);
  assert.equal(r.p.toFixed(4), "0.1797");
  assert.equal(mcnemarExact(2, 7).p, r.p, "symmetric in b and c");
});

test("McNemar exact: other hand-computed cases", () => {
  // b = 10, c = 0: 2 · 1/1024
  close(mcnemarExact(10, 0).p, 2 / 1024);
  // b = 5, c = 5: 2·P(X ≤ 5 | 10) = 2 · 638/1024 > 1 → 1
  assert.equal(mcnemarExact(5, 5).p, 1);
  // b = 6, c = 1: 2·(1 + 7)/128 = 0.125
  close(mcnemarExact(6, 1).p, 16 / 128);
  // no discordant pairs: nothing speaks against equality
  assert.equal(mcnemarExact(0, 0).p, 1);
  assert.throws(() => mcnemarExact(-1, 2), /two counts/);
  // large n stays finite: P(X ≤ 500 | 1000) is a little over ½
  const big = binomialHalfCdf(500, 1000);
  assert.ok(big > 0.5 && big < 0.52, String(big));
});

test("comparePaired: rates, discordant counts and the disagreeing episodes, in order", () => {
  const ps = pairs(40, 10, 7, 2);
  const r = comparePaired(ps, { samples: 500, seed: 1 });
  assert.equal(r.n, 40);
  assert.equal(r.srA, 17 / 40);
  assert.equal(r.srB, 12 / 40);
  assert.equal(r.diff.mean, 5 / 40);
  assert.deepEqual([r.mcnemar.onlyA, r.mcnemar.onlyB], [7, 2]);
  close(r.mcnemar.p, 92 / 512);
  assert.deepEqual(
    r.disagree.map((p) => p.id),
    Array.from({ length: 9 }, (_, i) => `ep-${10 + i}`),
  );
  assert.ok(r.diff.lo <= r.diff.mean && r.diff.mean <= r.diff.hi);
});

test("the paired interval of a difference is tighter than the unpaired one when outcomes agree mostly", () => {
  // 80 episodes: 30 succeed for both, 6 only for A, 1 only for B
  const ps = pairs(80, 30, 6, 1);
  const paired = pairedBootstrapDiff(ps, { samples: 2000, seed: 3 });
  const unpaired = unpairedBootstrapDiff(ps, { samples: 2000, seed: 3 });
  assert.equal(paired.mean, unpaired.mean);
  // the paired differences are -1, 0 or +1 per episode with variance (6 + 1)/80 − (5/80)^2, so
  // its standard error is sqrt(0.0836/80) ≈ 0.032; unpaired: sqrt(.45·.55/80 + .39·.61/80) ≈ 0.078
  const width = (e: { lo: number; hi: number }) => e.hi - e.lo;
  assert.ok(width(paired) < 0.16 && width(paired) > 0.09, `paired width ${width(paired)}`);
  assert.ok(width(unpaired) > 0.25, `unpaired width ${width(unpaired)}`);
  // every resampled paired difference is a mean of -1/0/+1 over 80 pairs: a multiple of 1/80
  assert.ok(Math.abs(paired.lo * 80 - Math.round(paired.lo * 80)) < 1e-9);
});

test("the paired bootstrap keeps pairs: identical conditions give a zero-width interval", () => {
  const ps: Pair[] = Array.from({ length: 30 }, (_, i) => ({ id: String(i), a: i % 3 === 0, b: i % 3 === 0 }));
  const paired = pairedBootstrapDiff(ps, { samples: 300, seed: 0 });
  assert.deepEqual([paired.mean, paired.lo, paired.hi], [0, 0, 0]);
  const unpaired = unpairedBootstrapDiff(ps, { samples: 300, seed: 0 });
  assert.ok(unpaired.hi - unpaired.lo > 0.1, "resampling each side alone sees a difference where there is none");
});
