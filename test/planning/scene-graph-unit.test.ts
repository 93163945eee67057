import assert from "node:assert/strict";
import { test } from "node:test";
import { estimatePosition } from "../../src/perception/geometry.ts";
import { resolveRoom } from "../../src/planning/high-level.ts";
import { decisionToAction, NoveltyTracker } from "../../src/planning/low-level.ts";
import { graphFromSceneInfo, roomAt, SceneGraphCache } from "../../src/planning/scene-graph.ts";
import type { Observation, SceneInfo } from "../../src/sim/protocol.ts";

const info: SceneInfo = {
  regions: [
    { id: "r0", label: "kitchen", waypoint: [1, 0, 1], bounds: { min: [0, 0, 0], max: [3, 3, 3] } },
    { id: "r1", label: "living room", waypoint: [5, 0, 1], bounds: { min: [3, 0, 0], max: [8, 3, 3] } },
    { id: "r2", label: "bedroom", waypoint: [5, 0, 6] },
  ],
  adjacency: [
    ["r0", "r1"],
    ["r1", "r2"],
    ["r1", "r0"],
    ["r2", "ghost"],
  ],
};

test("graph nodes and edges come from scene_info; edges are symmetric, duplicates and unknown ends dropped", () => {
  const g = graphFromSceneInfo(info);
  assert.deepEqual(
    g.rooms.map((r) => [r.id, r.label, r.adjacent]),
    [
      ["r0", "kitchen", ["r1"]],
      ["r1", "living room", ["r0", "r2"]],
      ["r2", "bedroom", ["r1"]],
    ],
  );
  assert.deepEqual(Object.keys(g.bounds), ["r0", "r1"]);
});

test("roomAt uses region bounds, then the nearest waypoint", () => {
  const g = graphFromSceneInfo(info);
  assert.equal(roomAt(g, [2, 0, 2]), "r0");
  assert.equal(roomAt(g, [7, 0, 1]), "r1");
  assert.equal(roomAt(g, [5, 0, 7]), "r2");
});

test("a backbone's room answer resolves by id, then label, else falls back to the nearest unsearched room", () => {
  const { rooms } = graphFromSceneInfo(info);
  assert.equal(resolveRoom({ roomId: "r2", reason: "x" }, rooms, [0, 0, 0], []).room.id, "r2");
  const byLabel = resolveRoom({ roomId: "Living Room", reason: "x" }, rooms, [0, 0, 0], []);
  assert.equal(byLabel.room.id, "r1");
  assert.equal(byLabel.valid, true);
  const fallback = resolveRoom({ roomId: "garage", reason: "x" }, rooms, [1, 0, 1], ["r0"]);
  assert.equal(fallback.valid, false);
  assert.equal(fallback.room.id, "r1");
  assert.match(fallback.reason, /garage/);
});

test("low-level decisions map to primitive actions; continue_plan maps to none", () => {
  assert.equal(decisionToAction("forward"), "MOVE_FORWARD");
  assert.equal(decisionToAction("left"), "TURN_LEFT");
  assert.equal(decisionToAction("right"), "TURN_RIGHT");
  assert.equal(decisionToAction("stop"), "STOP");
  assert.equal(decisionToAction("continue_plan"), null);
});

test("the novelty tracker reports an instance once, and only of the tracked category", () => {
  const inst = (id: string, category: string) => ({
    id,
    category,
    bbox: [0, 0, 1, 1] as [number, number, number, number],
    distance: 1,
    pixels: 10,
  });
  const obs = (front: ReturnType<typeof inst>[]): Observation => ({
    pose: { position: [0, 0, 0], heading: 0 },
    stepCount: 0,
    visible: { front, left: [], right: [] },
  });
  const t = new NoveltyTracker("mug");
  assert.deepEqual(
    t.observe(obs([inst("a", "mug"), inst("b", "book")])).map((i) => i.id),
    ["a"],
  );
  assert.deepEqual(t.observe(obs([inst("a", "mug")])), []);
  assert.deepEqual(
    t.observe(obs([inst("c", "mug")])).map((i) => i.id),
    ["c"],
  );
  const any = new NoveltyTracker(null);
  assert.equal(any.observe(obs([inst("a", "mug"), inst("b", "book")])).length, 2);
});

test("the scene-graph cache builds once per scene, also under concurrent requests, and retries after a failure", async () => {
  const cache = new SceneGraphCache();
  let builds = 0;
  const build = async () => {
    builds++;
    await new Promise((r) => setTimeout(r, 5));
    return {
      sceneId: "s",
      rooms: [],
      bounds: {},
      traversal: { steps: 3, pathLength: 1, order: [], unreachable: [], durationMs: 1 },
    };
  };
  const [a, b] = await Promise.all([cache.get("s", build), cache.get("s", build)]);
  assert.equal(builds, 1);
  assert.deepEqual([a.built, b.built].sort(), [false, true]);
  assert.equal((await cache.get("s", build)).built, false);
  await assert.rejects(
    cache.get("t", async () => Promise.reject(new Error("boom"))),
    /boom/,
  );
  assert.equal((await cache.get("t", build)).built, true);
});

test("an instance's floor position is estimated from its view, box centre and distance", () => {
  const cam = { width: 320, hfovDeg: 90 };
  const pose = { position: [0, 0, 0] as [number, number, number], heading: 0 };
  const near = (a: number[], b: number[]) => a.every((x, i) => Math.abs(x - b[i]) < 1e-9);
  // Centre of the front view: straight ahead (-z).
  assert.ok(near(estimatePosition(pose, "front", { bbox: [150, 0, 170, 10], distance: 2 }, cam), [0, 0, -2]));
  // Centre of the left view: +90 degrees, i.e. -x.
  assert.ok(near(estimatePosition(pose, "left", { bbox: [150, 0, 170, 10], distance: 3 }, cam), [-3, 0, 0]));
  // Right edge of the front view with a 90 degree fov: 45 degrees clockwise.
  const p = estimatePosition(pose, "front", { bbox: [320, 0, 320, 10], distance: Math.SQRT2 }, cam);
  assert.ok(near(p, [1, 0, -1]), String(p));
});

test("the novelty tracker reports a tracked instance again when it comes back into view", () => {
  const inst = (id: string, category: string) => ({
    id,
    category,
    bbox: [0, 0, 1, 1] as [number, number, number, number],
    distance: 1,
    pixels: 10,
  });
  const obs = (front: ReturnType<typeof inst>[]): Observation => ({
    pose: { position: [0, 0, 0], heading: 0 },
    stepCount: 0,
    visible: { front, left: [], right: [] },
  });
  const t = new NoveltyTracker("mug");
  assert.deepEqual(
    t.observe(obs([inst("a", "mug")])).map((i) => i.id),
    ["a"],
  );
  assert.deepEqual(t.observe(obs([inst("a", "mug")])), [], "still in view: not news");
  assert.deepEqual(t.observe(obs([])), []);
  assert.deepEqual(
    t.observe(obs([inst("a", "mug")])).map((i) => i.id),
    ["a"],
    "back in view: a decision point",
  );
  const any = new NoveltyTracker(null);
  any.observe(obs([inst("b", "book")]));
  any.observe(obs([]));
  assert.deepEqual(any.observe(obs([inst("b", "book")])), [], "untracked: only first sightings count");
});

test("an instance's floor position uses its floor distance, not the eye distance", () => {
  // 2.0 m from the eye, 0.9 m below it, straight ahead (heading 0 looks along -z)
  const floor = Math.sqrt(4 - 0.81);
  const v = 120 + (160 * 0.9) / floor;
  const p = estimatePosition(
    { position: [0, 0, 0], heading: 0 },
    "front",
    { bbox: [150, v - 5, 170, v + 5], distance: 2.0 },
    { width: 320, height: 240, hfovDeg: 90 },
  );
  assert.ok(Math.abs(p[2] + floor) < 0.01 && Math.abs(p[0]) < 0.01, `estimated ${p}`);
});
