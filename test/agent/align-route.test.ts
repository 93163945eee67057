/**
 * A step toward an instance whose way was blocked before follows the path planner's route:
 * the turns the route begins with are taken before the planner's step, so the step clears the
 * doorway's jamb or the table's corner it hit instead of running into it again. A small fake
 * body with a scripted path planner stands in for the simulator.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { local, routeTurns } from "../../src/agent/nav-decisions.ts";
import { createNav, type NavigateOptions } from "../../src/agent/nav-state.ts";
import type { LowLevelOutput, Policy } from "../../src/mllm/index.ts";
import type { Observation, Vec3 } from "../../src/sim/index.ts";

const seen = { id: "cup-7", category: "cup", bbox: [140, 100, 180, 140], distance: 3, pixels: 400 };

function scene(route: string[]) {
  const obs = {
    pose: { position: [0, 0, 0] as Vec3, heading: 0 },
    visible: { front: [seen], left: [], right: [] },
  } as unknown as Observation;
  const acted: string[] = [];
  const goals: Vec3[] = [];
  const body = {
    observation: obs,
    images: [],
    pose: obs.pose,
    steps: 0,
    stepsLeft: 100,
    done: false,
    sim: {
      planPath: async (p: { goal: Vec3 }) => {
        goals.push(p.goal);
        return { reachable: true, actions: route, geodesic: 4 };
      },
    },
    act: async (a: string) => {
      acted.push(a);
      return { observation: obs, collided: false, done: false };
    },
  };
  const o = {
    policy: { name: "scripted" } as unknown as Policy,
    target: { objectId: null, category: "cup", description: "a cup", reason: "", hints: [], likelyRooms: [] },
    body,
    graph: { rooms: [], bounds: {} },
    stream: { emit: () => {} },
    trajectory: {},
    schedule: "hierarchical",
    trigger: "sensor",
    maxLocalSteps: 1,
    arrivalRadius: 1,
    maxReplans: 6,
    turnAngle: 30,
    camera: { width: 320, height: 240, hfovDeg: 90 },
    approachRadius: 1,
    stepLength: 1,
  } as unknown as NavigateOptions;
  const n = createNav(o);
  n.ledger.saw(seen.id, { position: null, floor: 3 });
  const step = { value: { decision: "forward", instanceId: seen.id, reason: "scripted" }, calls: [] } as {
    value: LowLevelOutput;
    calls: [];
  };
  return { n, acted, goals, step };
}

test("stuck on the way to it, a step toward an instance turns onto the route first", async () => {
  const { n, acted, goals, step } = scene(["TURN_RIGHT", "TURN_RIGHT", "MOVE_FORWARD", "MOVE_FORWARD"]);
  n.ledger.collided(seen.id);
  assert.equal(await local(n, step), "continue");
  assert.deepEqual(acted, ["TURN_RIGHT", "TURN_RIGHT", "MOVE_FORWARD"]);
  assert.equal(goals.length, 1);
  // the route is asked toward where the view puts the instance: ahead of the robot
  assert.ok(goals[0][2] < -2, `goal ${goals[0].map((v) => v.toFixed(2)).join(",")}`);
});

test("a way not blocked is stepped straight, without asking for a route", async () => {
  const { n, acted, goals, step } = scene(["TURN_LEFT", "MOVE_FORWARD"]);
  assert.equal(await local(n, step), "continue");
  assert.deepEqual(acted, ["MOVE_FORWARD"]);
  assert.equal(goals.length, 0);
});

test("bumped once but seen nearer since, the way counts as open again: the step goes straight", async () => {
  const { n, acted, goals, step } = scene(["TURN_LEFT", "MOVE_FORWARD"]);
  n.ledger.collided(seen.id);
  n.ledger.saw(seen.id, { position: null, floor: 2 });
  assert.equal(await local(n, step), "continue");
  assert.deepEqual(acted, ["MOVE_FORWARD"]);
  assert.equal(goals.length, 0);
});

test("a route that first turns away more than a quarter round leaves the step as chosen", async () => {
  const { n, acted, step } = scene(["TURN_LEFT", "TURN_LEFT", "TURN_LEFT", "TURN_LEFT"]);
  n.ledger.collided(seen.id);
  assert.equal(await local(n, step), "continue");
  assert.deepEqual(acted, ["MOVE_FORWARD"]);
});

test("the turns a route begins with, read off its actions", () => {
  assert.deepEqual(routeTurns(["MOVE_FORWARD", "TURN_LEFT"]), []);
  assert.deepEqual(routeTurns(["TURN_LEFT", "MOVE_FORWARD"]), ["TURN_LEFT"]);
  assert.equal(routeTurns(["TURN_RIGHT", "TURN_RIGHT"]), null);
  assert.equal(routeTurns(["STOP"]), null);
});
