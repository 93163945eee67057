import assert from "node:assert/strict";
import { test } from "node:test";
import type { House } from "../../sim-bridge/embedded/house.ts";
import { moveForward, turn } from "../../sim-bridge/embedded/motion.ts";
import { NavGrid } from "../../sim-bridge/embedded/navgrid.ts";
import { planActions } from "../../sim-bridge/embedded/plan-path.ts";
import type { Pose, Vec3 } from "../../src/sim/protocol.ts";
import { table, twoRooms } from "./fixtures.ts";

const opts = { stepLength: 1, turnAngle: 30, maxActions: 200 };

/** Walks plan_path's actions as the session would, replanning after a bump, as the controller does. */
function walk(house: House, from: Pose, goal: Vec3) {
  const grid = NavGrid.build(house, { resolution: 0.05, radius: 0.18 });
  let pose = from;
  let collisions = 0;
  let steps = 0;
  for (let round = 0; round < 5; round++) {
    const plan = planActions(grid, pose, goal, opts);
    let bumped = false;
    for (const a of plan.actions) {
      steps++;
      if (a !== "MOVE_FORWARD") {
        pose = turn(pose, a === "TURN_LEFT" ? opts.turnAngle : -opts.turnAngle);
        continue;
      }
      const m = moveForward(grid, pose, opts.stepLength);
      pose = m.pose;
      if (m.collided) {
        collisions++;
        bumped = true;
        break;
      }
    }
    if (!bumped) break;
  }
  return { collisions, steps, left: Math.hypot(pose.position[0] - goal[0], pose.position[2] - goal[2]) };
}

test("a table between the agent and its goal: the route goes round it without bumping", () => {
  const house = twoRooms([table("t", 1.6, 0.8, 2.6, 3.2)]);
  const r = walk(house, { position: [0.8, 0, 2], heading: -Math.PI / 2 }, [3.4, 0, 2]);
  assert.equal(r.collisions, 0);
  assert.ok(r.left < 0.5, `ended ${r.left.toFixed(2)} m from the goal`);
});

test("out of a pocket open away from the goal: the route backs out and round, without bumping", () => {
  // three tables make a U open to the east; the agent stands inside it, the goal lies west of it
  const house = twoRooms([
    table("t1", 1.5, 1.0, 1.7, 3.0),
    table("t2", 1.5, 1.0, 3.0, 1.2),
    table("t3", 1.5, 2.8, 3.0, 3.0),
  ]);
  const r = walk(house, { position: [2.3, 0, 2], heading: Math.PI / 2 }, [0.5, 0, 2]);
  assert.equal(r.collisions, 0);
  assert.ok(r.left < 0.5, `ended ${r.left.toFixed(2)} m from the goal`);
  assert.ok(r.steps <= 24, `${r.steps} actions`);
});
