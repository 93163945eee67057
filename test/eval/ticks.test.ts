/** Axis ticks fall on round values, and their labels carry only the digits the step needs. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { niceTicks, percentLabel, tickLabel } from "../../src/eval/report/ticks.ts";

test("an SR axis up to 90% ticks at 0, 20, … 100%, never 18, 36, 54", () => {
  const t = niceTicks(0.9, 6, 1);
  assert.deepEqual(
    t.ticks.map((v) => percentLabel(v, t.step)),
    ["0%", "20%", "40%", "60%", "80%", "100%"],
  );
  const low = niceTicks(0.17, 6, 1);
  assert.deepEqual(
    low.ticks.map((v) => percentLabel(v, low.step)),
    ["0%", "5%", "10%", "15%", "20%"],
  );
});

test("a cost axis ticks at round amounts with no trailing zeros", () => {
  const t = niceTicks(0.00113);
  assert.deepEqual(
    t.ticks.map((v) => tickLabel(v, t.step)),
    ["0.0000", "0.0002", "0.0004", "0.0006", "0.0008", "0.0010", "0.0012"],
  );
  assert.ok(t.ticks.every((v) => Number.isFinite(v)));
});

test("random ranges: at most six intervals, the top covers the data, each step 1, 2, 2.5 or 5 × 10^k", () => {
  let seed = 7;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let i = 0; i < 500; i++) {
    const v = 10 ** (rnd() * 12 - 6) * (0.1 + rnd());
    const t = niceTicks(v);
    assert.ok(t.ticks.length - 1 <= 6, `${v}: ${t.ticks}`);
    assert.ok(t.top >= v * (1 - 1e-9), `${v}: top ${t.top}`);
    const mantissa = t.step / 10 ** Math.floor(Math.log10(t.step) + 1e-12);
    assert.ok(
      [1, 2, 2.5, 5].some((m) => Math.abs(m - mantissa) < 1e-6),
      `${v}: step ${t.step}`,
    );
  }
});
