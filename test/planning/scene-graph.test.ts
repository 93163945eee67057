import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createSimulator } from "../../src/compose/simulators.ts";
import { loadConfig } from "../../src/config/load.ts";
import { emptyHouse } from "../../src/eval/harness.ts";
import { Body, StepBudgetExhausted } from "../../src/planning/body.ts";
import { Controller, floorDistance } from "../../src/planning/controller.ts";
import { buildSceneGraph, roomAt } from "../../src/planning/scene-graph.ts";
import type { SceneInfo } from "../../src/sim/protocol.ts";
import { settingsFromConfig } from "../../src/sim/settings.ts";
import type { Simulator } from "../../src/sim/simulator.ts";

const config = loadConfig({ env: {} });
let sim: Simulator;
let info: SceneInfo;

before(async () => {
  sim = await createSimulator(config.simulator);
  await sim.loadScene({ scene: "seed:11", settings: settingsFromConfig(config.simulator) });
  info = await sim.sceneInfo();
});
after(() => sim.close());

const opts = { arrivalRadius: 1, maxReplans: 6 };

test("the traversal's scene graph matches scene_info: every room, label, waypoint and edge", async () => {
  const start = { position: info.regions[0].waypoint, heading: 0 };
  const g = await buildSceneGraph(sim, emptyHouse(sim, "seed:11"), "seed:11", { ...opts, start, budget: 3000 });
  assert.deepEqual(g.traversal.unreachable, [], "every room of a generated house is reachable");
  assert.deepEqual(
    g.rooms.map((r) => [r.id, r.label, r.waypoint]),
    info.regions.map((r) => [r.id, r.label, r.waypoint]),
  );
  const edges = new Set(g.rooms.flatMap((r) => r.adjacent.map((a) => [r.id, a].sort().join("|"))));
  const expected = new Set(info.adjacency.map(([a, b]) => [a, b].sort().join("|")));
  assert.deepEqual([...edges].sort(), [...expected].sort());
  assert.equal(new Set(g.traversal.order).size, info.regions.length, "each room reached once");
  assert.ok(g.traversal.steps > 0, "the traversal walked");
  for (const r of info.regions) assert.equal(roomAt(g, r.waypoint), r.id, `the waypoint of ${r.id} lies in it`);
});

test("the controller reaches a far waypoint with plan_path + step, replanning as needed", async () => {
  const [a, b] = [info.regions[0], info.regions[info.regions.length - 1]];
  const obs = await sim.reset({ start: { position: a.waypoint, heading: 0 }, objects: [], views: false });
  const steps: string[] = [];
  const body = new Body(
    sim,
    { observation: obs, images: obs.imageData },
    { budget: 400, onStep: (s) => steps.push(s.action) },
  );
  const res = await new Controller(body, opts).goTo(b.waypoint);
  assert.equal(res.status, "arrived");
  assert.ok(floorDistance(body.pose.position, b.waypoint) <= 1);
  assert.equal(steps.length, body.steps);
  assert.ok(!steps.includes("STOP"), "walking never stops the episode");
  const m = await sim.metrics();
  assert.ok(Math.abs(m.pathLength - body.pathLength) < 1e-6, "the body's path length agrees with the simulator's");
});

test("the body enforces its step budget", async () => {
  const obs = await sim.reset({ start: { position: info.regions[0].waypoint, heading: 0 }, objects: [], views: false });
  const body = new Body(sim, { observation: obs, images: obs.imageData }, { budget: 3 });
  const res = await new Controller(body, opts).goTo(info.regions[info.regions.length - 1].waypoint);
  assert.equal(res.status, "budget");
  assert.equal(body.steps, 3);
  await assert.rejects(body.act("TURN_LEFT", "plan"), StepBudgetExhausted);
});
