/**
 * The embedded seed:7 scene (room_1 bedroom, room_2 kitchen, room_3 living room, room_0 hallway),
 * opened once for a test file with half-metre steps, and its rooms' waypoints.
 */
import assert from "node:assert/strict";
import { after, before } from "node:test";
import { openEmbedded } from "../../sim-bridge/embedded/in-process.ts";
import { SimulatorConfig } from "../../src/sim/config.ts";
import type { SceneInfo, Vec3 } from "../../src/sim/protocol.ts";
import type { Simulator } from "../../src/sim/simulator.ts";

export interface Seed7 {
  sim: Simulator;
  info: SceneInfo;
  waypoint(id: string): Vec3;
}

/** Registers the file's before/after hooks; the fields are set once `before` has run. */
export function seed7Scene(): Seed7 {
  const scene = {
    waypoint(id: string): Vec3 {
      const r = scene.info.regions.find((g) => g.id === id);
      assert.ok(r, `seed:7 has ${id}`);
      return r.waypoint;
    },
  } as Seed7;
  before(async () => {
    scene.sim = openEmbedded(SimulatorConfig.parse({}));
    await scene.sim.loadScene({ scene: "seed:7", settings: { stepLength: 0.5, turnAngle: 30, maxSteps: 1000 } });
    scene.info = await scene.sim.sceneInfo();
  });
  after(() => scene.sim.close());
  return scene;
}
