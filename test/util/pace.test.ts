/**
 * A long job's ETA: nothing claimed before there is a pace, and the first unit's start-up never
 * carried over the rest (a 4-minute phase once announced 432 minutes after its first episode).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { duration, Pace } from "../../src/util/pace.ts";

test("estimating until two units past the first have finished, then the pace since the first", () => {
  const pace = new Pace();
  assert.equal(pace.text(0, 100, 0), "ETA estimating");
  // the first unit took 60 s of start-up; the next ones 2 s each
  pace.mark(1, 60_000);
  assert.equal(pace.text(1, 100, 60_000), "ETA estimating");
  pace.mark(2, 62_000);
  assert.equal(pace.text(2, 100, 62_000), "ETA estimating");
  pace.mark(3, 64_000);
  assert.equal(pace.text(3, 100, 64_000), "ETA 3 min 14 s", "97 left at 2 s each, not at 21 s");
  assert.equal(pace.text(100, 100, 300_000), "done");
});

test("a job resumed with units already done counts its pace from this session's first", () => {
  const pace = new Pace();
  pace.mark(40, 10_000);
  pace.mark(44, 18_000);
  assert.equal(pace.leftMs(44, 50, 18_000), 12_000);
});

test("durations read as a person would say them", () => {
  assert.equal(duration(42_000), "42 s");
  assert.equal(duration(185_000), "3 min 05 s");
  assert.equal(duration(2 * 3600_000 + 7 * 60_000), "2 h 07 min");
});
