import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openEmbedded } from "../../sim-bridge/embedded/in-process.ts";
import { Body } from "../../src/planning/body.ts";
import { Controller, type PlannedWalk } from "../../src/planning/controller.ts";
import { SimulatorConfig } from "../../src/sim/config.ts";
import { regionAt } from "../../src/sim/conformance-avoid.ts";
import type { SceneInfo, Vec3 } from "../../src/sim/protocol.ts";
import type { Simulator } from "../../src/sim/simulator.ts";

// seed:7: from room_1 (bedroom) the shortest way to room_3 (living room) is through room_2
// (kitchen); round it is through room_0 (the hallway)
let sim: Simulator;
let info: SceneInfo;
const opts = { arrivalRadius: 1, maxReplans: 6 };

before(async () => {
  sim = openEmbedded(SimulatorConfig.parse({}));
  await sim.loadScene({ scene: "seed:7", settings: { stepLength: 0.5, turnAngle: 30, maxSteps: 1000 } });
  info = await sim.sceneInfo();
});
after(() => sim.close());

const waypoint = (id: string): Vec3 => {
  const r = info.regions.find((g) => g.id === id);
  assert.ok(r, `seed:7 has ${id}`);
  return r.waypoint;
};

/** A body at room_1's waypoint that records the region of every pose it reaches. */
async function bodyInRoom1(visited: (string | undefined)[]) {
  const obs = await sim.reset({ start: { position: waypoint("room_1"), heading: 0 }, objects: [] });
  return new Body(
    sim,
    { observation: obs, images: obs.imageData },
    { budget: 600, onStep: (s) => visited.push(regionAt(info, s.observation.pose.position)) },
  );
}

test("goTo with avoidRegions walks round the room, and onPlan sees each plan's regions first", async () => {
  const plain: (string | undefined)[] = [];
  const direct = await new Controller(await bodyInRoom1(plain), opts).goTo(waypoint("room_3"));
  assert.equal(direct.status, "arrived");
  assert.ok(plain.includes("room_2"), "the plain walk goes through the kitchen");
  assert.equal(direct.regions, undefined, "without options the result is as before");

  const visited: (string | undefined)[] = [];
  const plans: PlannedWalk[] = [];
  const res = await new Controller(await bodyInRoom1(visited), opts).goTo(
    waypoint("room_3"),
    undefined,
    "plan",
    undefined,
    {
      avoidRegions: ["room_2"],
      onPlan: (p) => {
        plans.push(p);
        return "walk";
      },
    },
  );
  assert.equal(res.status, "arrived");
  assert.ok(!visited.includes("room_2"), `walked through ${[...new Set(visited)]}`);
  assert.ok(visited.includes("room_0"), "round through the hallway");
  assert.ok(plans.length > 0);
  assert.deepEqual(plans[0].regions, ["room_1", "room_0", "room_3"]);
  assert.equal(plans[0].round, 0);
  assert.ok(plans.every((p) => !p.regions?.includes("room_2")));
  assert.deepEqual(res.regions, plans.at(-1)?.regions, "the result carries the last plan's regions");
});

test("onPlan can turn a plan down before a step is taken; a goal inside an avoided room is unreachable", async () => {
  const visited: (string | undefined)[] = [];
  const body = await bodyInRoom1(visited);
  const c = new Controller(body, opts);
  const refused = await c.goTo(waypoint("room_3"), undefined, "plan", undefined, {
    onPlan: (p) => (p.regions?.includes("room_2") ? "refuse" : "walk"),
  });
  assert.equal(refused.status, "refused");
  assert.equal(refused.steps, 0);
  assert.deepEqual(refused.regions, ["room_1", "room_2", "room_3"]);
  const blocked = await c.goTo(waypoint("room_3"), undefined, "plan", undefined, { avoidRegions: ["room_3"] });
  assert.equal(blocked.status, "unreachable");
  assert.equal(body.steps, 0);
  assert.deepEqual(visited, []);
});

test("an empty plan far from the goal is stuck, not arrived", async () => {
  const obs = await sim.reset({ start: { position: waypoint("room_1"), heading: 0 }, objects: [] });
  // the simulator's planner answers with nothing to do although the goal is metres away
  const stalled = {
    step: (...a: Parameters<Simulator["step"]>) => sim.step(...a),
    sceneInfo: () => sim.sceneInfo(),
    planPath: async () => ({ actions: [], reachable: true, geodesic: 6, regions: [] }),
  };
  const body = new Body(stalled, { observation: obs, images: obs.imageData }, { budget: 50 });
  const res = await new Controller(body, opts).goTo(waypoint("room_3"));
  assert.equal(res.status, "stuck");
  assert.equal(res.steps, 0);
});
