import assert from "node:assert/strict";
import { test } from "node:test";
import { bootstrapMean } from "../../src/eval/bootstrap.ts";
import { Estimates } from "../../src/eval/estimates.ts";
import { normalQuantile, wilson } from "../../src/eval/wilson.ts";

const close = (a: number, b: number, tol = 1e-4) => assert.ok(Math.abs(a - b) < tol, `${a} ≉ ${b}`);

test("Wilson: the textbook values (10 of 100 → [5.52, 17.44]%; z(97.5%) = 1.95996)", () => {
  close(normalQuantile(0.975), 1.959964);
  close(normalQuantile(0.005), -2.575829);
  const w = wilson(10, 100);
  assert.equal(w.mean, 0.1);
  close(w.lo, 0.05523);
  close(w.hi, 0.17437);
});

test("Wilson: 0 of 8 and 8 of 8 get intervals as wide as eight episodes allow, where a bootstrap claims certainty", () => {
  const none = wilson(0, 8);
  assert.deepEqual([none.mean, none.lo], [0, 0]);
  close(none.hi, 0.32441);
  const all = wilson(8, 8);
  assert.deepEqual([all.mean, all.hi], [1, 1]);
  close(all.lo, 0.67559);
  const boot = bootstrapMean(Array(8).fill(0));
  assert.equal(boot.hi, 0, "the bootstrap's [0, 0] is what this replaces");
  // fewer episodes, a wider interval; the same rate over more, a narrower one
  assert.ok(wilson(0, 4).hi > none.hi && wilson(0, 80).hi < none.hi);
  assert.ok(wilson(1, 8).lo > 0 && wilson(1, 8).hi < 1);
});

test("Wilson: no episodes is NaN, a count out of range is refused", () => {
  assert.ok(Number.isNaN(wilson(0, 0).mean));
  assert.throws(() => wilson(9, 8), /0 ≤ successes ≤ n/);
  assert.throws(() => wilson(0.5, 8), /integers/);
});

test("Estimates: a quantity asked for twice is the same estimate; asked for with other data, an error", () => {
  const est = new Estimates({ samples: 300, seed: 3 });
  const a = est.mean("spl|x", [0.2, 0.5, 0.9, 0]);
  assert.equal(est.mean("spl|x", [0.2, 0.5, 0.9, 0]), a);
  assert.throws(() => est.mean("spl|x", [0.2, 0.5]), /"spl\|x" was asked for with different data/);
  const p = est.proportion("sr|x", [true, false, false, false]);
  assert.deepEqual(p, wilson(1, 4));
  assert.throws(() => est.proportion("sr|x", [true, true, false, false]), /different data/);
});

test("Estimates: bootstrap seeds come from the run's seed and the key, so a rebuilt report is the same", () => {
  const xs = [0.1, 0.9, 0.4, 0.7, 0, 0.3, 1, 0.2];
  const one = new Estimates({ samples: 400, seed: 5 }).mean("k", xs);
  const again = new Estimates({ samples: 400, seed: 5 }).mean("k", xs);
  const otherKey = new Estimates({ samples: 400, seed: 5 }).mean("k2", xs);
  assert.deepEqual(one, again);
  assert.notDeepEqual([one.lo, one.hi], [otherKey.lo, otherKey.hi]);
  const d = new Estimates({ samples: 400 }).difference("gap", [1, 1, 1, 0], [0, 0, 1, 0]);
  assert.equal(d.mean, 0.5);
  assert.ok(d.lo <= 0.5 && 0.5 <= d.hi);
  assert.match(
    new Estimates({ samples: 400, seed: 5 }).describe(),
    /Wilson score for proportions.*400 resamples, seed 5/,
  );
});

test("Estimates: the order episodes finished in does not move a bootstrap interval", () => {
  const xs = [0.1, 0.9, 0.4, 0.7, 0, 0.3, 1, 0.2, 0.55, 0.05];
  const shuffled = [0.3, 0.05, 1, 0.1, 0.55, 0.9, 0.2, 0, 0.7, 0.4];
  assert.deepEqual(new Estimates({ seed: 2 }).mean("k", xs), new Estimates({ seed: 2 }).mean("k", shuffled));
  assert.deepEqual(
    new Estimates({ seed: 2 }).difference("d", xs, [1, 0, 0]),
    new Estimates({ seed: 2 }).difference("d", shuffled, [0, 1, 0]),
  );
});
