import assert from "node:assert/strict";
import { test } from "node:test";
import { moveForward, turn } from "../../sim-bridge/embedded/motion.ts";
import { NavGrid } from "../../sim-bridge/embedded/navgrid.ts";
import { MAX_PLAN_ACTIONS, planActions } from "../../sim-bridge/embedded/plan-path.ts";
import type { Pose } from "../../src/sim/protocol.ts";
import { twoRooms } from "./fixtures.ts";

const grid = NavGrid.build(twoRooms(), { resolution: 0.05, radius: 0.2 });
const from: Pose = { position: [1, 0, 1], heading: 0 };
const opts = { stepLength: 0.25, turnAngle: 30, maxActions: 500 };

/** Replays actions with the session's motion code. */
function walk(pose: Pose, actions: string[], o = opts): Pose {
  for (const a of actions) {
    if (a === "MOVE_FORWARD") pose = moveForward(grid, pose, o.stepLength).pose;
    else pose = turn(pose, a === "TURN_LEFT" ? o.turnAngle : -o.turnAngle);
  }
  return pose;
}

test("plan_path toward absurd goals ends: the goal snaps to the grid's nearest side", () => {
  for (const goal of [
    [1e308, 0, 1e308],
    [-1e308, 0, 2],
    [1e15, 0, 0],
    [0, 0, 1e15],
    [Number.MAX_VALUE, 0, -Number.MAX_VALUE],
  ] as [number, number, number][]) {
    const t0 = performance.now();
    const plan = planActions(grid, from, goal, opts);
    assert.ok(performance.now() - t0 < 3000, `${goal}: ${Math.round(performance.now() - t0)} ms`);
    assert.equal(plan.reachable, true, `${goal}`);
    assert.ok(plan.actions.length > 0 && plan.actions.length <= opts.maxActions);
  }
  const east = walk(from, planActions(grid, from, [1e308, 0, 2], opts).actions);
  assert.ok(east.position[0] > 7, `walked east to ${east.position}`);
  for (const goal of [
    [Number.NaN, 0, 0],
    [Infinity, 0, 0],
  ] as [number, number, number][]) {
    assert.deepEqual(planActions(grid, from, goal, opts), {
      actions: [],
      reachable: false,
      geodesic: null,
      positions: [[1, 1]],
    });
  }
});

test("plan length and work are bounded whatever maxActions and the turn angle say", () => {
  const t0 = performance.now();
  // 1° turns: 361 candidate moves per step, and the look-two-ahead fallback squares that
  const fine = { stepLength: 0.25, turnAngle: 1, maxActions: Number.MAX_SAFE_INTEGER };
  const plan = planActions(grid, from, [7, 0, 3], fine);
  assert.ok(performance.now() - t0 < 10_000, `${Math.round(performance.now() - t0)} ms`);
  assert.ok(plan.actions.length <= MAX_PLAN_ACTIONS);
  const end = walk(from, plan.actions, fine);
  assert.ok(Math.hypot(end.position[0] - 7, end.position[2] - 3) < 0.5, `ended at ${end.position}`);
  // a tiny turn angle (a config's, not the protocol's: that says ≥ 1°) is capped, not looped over
  const t1 = performance.now();
  planActions(grid, from, [7, 0, 3], { stepLength: 0.25, turnAngle: 1e-9, maxActions: 50 });
  assert.ok(performance.now() - t1 < 10_000);
});
