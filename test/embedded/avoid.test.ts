import assert from "node:assert/strict";
import { test } from "node:test";
import { checkRegionIds, RegionAvoidance, regionsAlong } from "../../sim-bridge/embedded/avoid.ts";
import { moveForward, turn } from "../../sim-bridge/embedded/motion.ts";
import { NavGrid } from "../../sim-bridge/embedded/navgrid.ts";
import { planActions } from "../../sim-bridge/embedded/plan-path.ts";
import { regionOf } from "../../sim-bridge/embedded/regions.ts";
import { EmbeddedSession } from "../../sim-bridge/embedded/session.ts";
import { SimulatorConfig } from "../../src/sim/config.ts";
import type { Action, Pose, Vec3 } from "../../src/sim/protocol.ts";
import { SimError } from "../../src/sim/simulator.ts";
import { fourRooms } from "./fixtures.ts";

const house = fourRooms();
const grid = NavGrid.build(house, { resolution: 0.05, radius: 0.2 });
const opts = { stepLength: 0.25, turnAngle: 30, maxActions: 500 };
const inA: Pose = { position: [1, 0, 1], heading: 0 };
const inD: Vec3 = [7, 0, 7];

function plan(from: Pose, goal: Vec3, avoid: string[]) {
  const a = avoid.length ? new RegionAvoidance(house, grid, avoid, [from.position[0], from.position[2]]) : undefined;
  return planActions(grid, from, goal, { ...opts, ...(a ? { avoid: a } : {}) });
}

/** The room of every point the walk passes (each move sampled every 2 cm), in order, repeats kept. */
function walkRooms(pose: Pose, actions: Action[]): { rooms: (string | undefined)[]; end: Pose } {
  const rooms = [regionOf(house, pose.position[0], pose.position[2])?.id];
  for (const a of actions) {
    if (a !== "MOVE_FORWARD") {
      pose = turn(pose, a === "TURN_LEFT" ? opts.turnAngle : -opts.turnAngle);
      continue;
    }
    const next = moveForward(grid, pose, opts.stepLength).pose;
    for (let k = 1; k <= 12; k++) {
      const t = k / 12;
      const x = pose.position[0] + (next.position[0] - pose.position[0]) * t;
      const z = pose.position[2] + (next.position[2] - pose.position[2]) * t;
      rooms.push(regionOf(house, x, z)?.id);
    }
    pose = next;
  }
  return { rooms, end: pose };
}

const collapse = (ids: (string | undefined)[]) =>
  ids.filter((id, i): id is string => id !== undefined && id !== ids[i - 1]);

test("avoiding one of the two ways round takes the other, and the walk never enters it", () => {
  const free = plan(inA, inD, []);
  assert.equal(free.reachable, true);
  for (const [avoid, via] of [
    ["b", "c"],
    ["c", "b"],
  ]) {
    const p = plan(inA, inD, [avoid]);
    assert.equal(p.reachable, true, `avoiding ${avoid}`);
    const { rooms, end } = walkRooms(inA, p.actions);
    assert.ok(!rooms.includes(avoid), `avoiding ${avoid}, the walk went ${collapse(rooms)}`);
    assert.deepEqual(collapse(rooms), ["a", via, "d"]);
    assert.deepEqual(regionsAlong(house, p.positions, grid.resolution / 2), ["a", via, "d"]);
    assert.ok(Math.hypot(end.position[0] - 7, end.position[2] - 7) < 0.5, `ended at ${end.position}`);
    assert.ok(p.geodesic !== null && free.geodesic !== null && p.geodesic >= free.geodesic - 1e-9);
  }
});

test("no way round, or a goal in an avoided room: unreachable, no actions", () => {
  for (const [avoid, goal] of [
    [["b", "c"], inD],
    [["d"], inD],
    [["a"], [2, 0, 2] as Vec3],
    // a goal in a wall of d snaps into d: still inside the avoided room
    [["d"], [8.5, 0, 6] as Vec3],
  ] as [string[], Vec3][]) {
    const p = plan(inA, goal, avoid);
    assert.deepEqual(
      { actions: p.actions, reachable: p.reachable, geodesic: p.geodesic },
      { actions: [], reachable: false, geodesic: null },
      `avoiding ${avoid} toward ${goal}`,
    );
    assert.deepEqual(p.positions, [[1, 1]]);
  }
});

test("an agent in an avoided room walks out of it and does not come back", () => {
  // from a, avoiding a and b: out of a into c, then d; a's cells are open only until it leaves
  const p = plan(inA, inD, ["a", "b"]);
  assert.equal(p.reachable, true);
  const { rooms } = walkRooms(inA, p.actions);
  assert.deepEqual(collapse(rooms), ["a", "c", "d"]);
  const out = rooms.findIndex((r) => r !== "a");
  assert.ok(out > 0 && !rooms.slice(out).includes("a"));

  const check = new RegionAvoidance(house, grid, ["a", "b"], [1, 1]);
  assert.equal(check.exempt, "a");
  assert.equal(check.check(1, 1, 2, 2, false), "in_start", "moving inside the start room");
  assert.equal(check.check(2, 3.8, 2, 4.3, false), "left", "through the door into c");
  assert.equal(check.check(2, 4.3, 2, 3.8, true), "refused", "back into a after leaving it");
  assert.equal(check.check(3.8, 2, 4.3, 2, false), "refused", "into b");
});

test("a room not on the way changes nothing; unknown ids are refused by index", () => {
  const free = plan(inA, [3, 0, 1], []);
  const p = plan(inA, [3, 0, 1], ["d"]);
  assert.deepEqual(p, free);
  assert.throws(
    () => checkRegionIds(house, ["a", "x"]),
    (e: unknown) =>
      e instanceof SimError &&
      e.code === "invalid_params" &&
      e.path === "params.avoidRegions.1" &&
      /"x"/.test(e.message),
  );
});

test("the session: regions with every plan, avoidRegions validated, plain plans unchanged by []", async () => {
  const s = new EmbeddedSession(SimulatorConfig.parse({}));
  const hello = (await s.handle("hello", {})).result as { features?: string[] };
  assert.deepEqual(hello.features, ["plan_path.avoidRegions", "topdown.marks"]);
  await s.handle("load_scene", { scene: "seed:7", settings: { stepLength: 0.5 } });
  const info = (await s.handle("scene_info", {})).result as { regions: { id: string; waypoint: Vec3 }[] };
  const [first, , third] = info.regions;
  await s.handle("reset", { start: { position: first.waypoint, heading: 0 } });
  const plain = (await s.handle("plan_path", { goal: third.waypoint })).result as { regions: string[] };
  assert.equal(plain.regions[0], first.id);
  assert.equal(plain.regions.at(-1), third.id);
  assert.deepEqual((await s.handle("plan_path", { goal: third.waypoint, avoidRegions: [] })).result, plain);
  await assert.rejects(
    s.handle("plan_path", { goal: third.waypoint, avoidRegions: [first.id, "room_99"] }),
    (e: unknown) => e instanceof SimError && e.code === "invalid_params" && e.path === "params.avoidRegions.1",
  );
  await assert.rejects(
    s.handle("plan_path", { goal: third.waypoint, avoidRegions: Array(65).fill(first.id) }),
    (e: unknown) => e instanceof SimError && e.code === "invalid_params" && e.path === "params.avoidRegions",
  );
});
