/**
 * When the heuristic's steering stops: the floor distance it aims for inside the success radius,
 * measured in the run's camera and steps.
 */
import type { Camera } from "../../perception/index.ts";
import { SimulatorConfig } from "../../sim/index.ts";
import { STOP_FRACTION } from "./thresholds.ts";

export interface StopRule {
  camera: Camera;
  /** stop when the target's estimated floor distance is at most this (m) */
  stopDistance: number;
  /** the success radius (m): stopping short of a step that would lose the target is allowed inside it */
  successDistance: number;
  /** MOVE_FORWARD length (m) */
  stepLength: number;
}

/**
 * The heuristic's stop rule under a simulator's camera, success radius and step (a
 * SimulatorConfig, or the settings a bridge reports): the one place it is derived.
 */
export function stopRuleFor(sim: {
  camera: { width: number; height: number; hfov: number };
  successDistance: number;
  agent: { stepLength: number };
}): StopRule {
  return {
    camera: { width: sim.camera.width, height: sim.camera.height, hfovDeg: sim.camera.hfov },
    stopDistance: STOP_FRACTION * sim.successDistance,
    successDistance: sim.successDistance,
    stepLength: sim.agent.stepLength,
  };
}

/**
 * Under the simulator config's defaults (src/sim/config.ts, the one place they are written):
 * tests, and a policy built without a run.
 */
export const DEFAULT_STOP_RULE: StopRule = stopRuleFor(SimulatorConfig.parse({}));
