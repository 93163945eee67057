import assert from "node:assert/strict";
import { test } from "node:test";
import { moveForward, turn } from "../../sim-bridge/embedded/motion.ts";
import { NavGrid } from "../../sim-bridge/embedded/navgrid.ts";
import { twoRooms } from "./fixtures.ts";

const grid = NavGrid.build(twoRooms(), { resolution: 0.05, radius: 0.2 });

test("moving forward in open space goes the full length along the heading", () => {
  // heading 0 faces -z
  const r = moveForward(grid, { position: [2, 0, 3], heading: 0 }, 1);
  assert.equal(r.collided, false);
  assert.ok(Math.abs(r.pose.position[0] - 2) < 1e-9 && Math.abs(r.pose.position[2] - 2) < 1e-9);
  // heading +π/2 is a left turn from -z, so forward is -x
  const l = moveForward(grid, { position: [3, 0, 2], heading: Math.PI / 2 }, 1);
  assert.ok(Math.abs(l.pose.position[0] - 2) < 1e-9 && Math.abs(l.pose.position[2] - 2) < 1e-9);
});

test("moving into a wall stops at the last navigable point and reports the collision", () => {
  const r = moveForward(grid, { position: [2, 0, 1], heading: 0 }, 1);
  assert.equal(r.collided, true);
  const z = r.pose.position[2];
  assert.ok(z < 1 && z > 0.25 && z < 0.3, `stopped at z=${z}`);
  assert.ok(grid.isNavigable(r.pose.position[0], z));
  // through the doorway nothing stops it
  const d = moveForward(grid, { position: [3.5, 0, 2], heading: -Math.PI / 2 }, 1);
  assert.equal(d.collided, false);
  assert.ok(Math.abs(d.pose.position[0] - 4.5) < 1e-9);
  // but beside the door it does
  const w = moveForward(grid, { position: [3.5, 0, 1], heading: -Math.PI / 2 }, 1);
  assert.equal(w.collided, true);
  assert.ok(w.pose.position[0] < 3.76);
});

test("twelve 30° turns return to the start heading, and turns keep the heading in (-π, π]", () => {
  let p = { position: [1, 0, 1] as [number, number, number], heading: 0.3 };
  for (let i = 0; i < 12; i++) {
    p = turn(p, 30);
    assert.ok(p.heading > -Math.PI && p.heading <= Math.PI);
  }
  assert.ok(Math.abs(p.heading - 0.3) < 1e-9);
  for (let i = 0; i < 12; i++) p = turn(p, -30);
  assert.ok(Math.abs(p.heading - 0.3) < 1e-9);
  assert.ok(Math.abs(turn({ position: [0, 0, 0], heading: 0 }, 90).heading - Math.PI / 2) < 1e-12);
});

test("absurd move lengths end: they stop at the grid's edge (NaN and ∞ do not move)", () => {
  const start = { position: [2, 0, 3] as [number, number, number], heading: 0 };
  for (const len of [1e15, 1e308, -1e308, Number.MAX_VALUE]) {
    const t0 = performance.now();
    const r = moveForward(grid, start, len);
    assert.ok(performance.now() - t0 < 1000, `length ${len}`);
    assert.equal(r.collided, true);
    assert.ok(grid.isNavigable(r.pose.position[0], r.pose.position[2]));
  }
  for (const len of [Number.NaN, Infinity, -Infinity]) {
    const r = moveForward(grid, start, len);
    assert.deepEqual([r.pose.position, r.collided], [start.position, true]);
  }
  // from off the grid, facing away from it: nothing to enter, and the loop still ends
  const off = moveForward(grid, { position: [-50, 0, 2], heading: Math.PI / 2 }, 1e308);
  assert.deepEqual([off.pose.position, off.collided], [[-50, 0, 2], true]);
});
