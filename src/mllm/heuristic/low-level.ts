/**
 * Heuristic low-level planning from the simulator's visible-instance lists: the remembered
 * instance when its id is known (a same-category distractor is then not enough), else any
 * instance of the grounded category. Close enough → stop; in view but farther → head for it;
 * not in view → keep following the high-level route.
 *
 * "Close enough" is judged on the floor plane, where success is measured: the sensor's
 * distance is from the eye (1.5 m up) to the object's centre, so an object on a nightstand at
 * 2.0 m is only ~1.8 m away on the floor. The box's row gives the elevation angle that
 * separates the two. A forward step of 1 m can carry a low object below the bottom of the view
 * (it then vanishes from every list and the agent never stops), so when the step would do that
 * and the object is already within success range, it stops where it stands.
 */
import type { VisibleInstance } from "../../sim/protocol.ts";
import type { LowLevelInput, LowLevelOutput } from "../policy.ts";

const DIRECTION = { front: "forward", left: "left", right: "right" } as const;

/** The pinhole camera the instance boxes are measured in (square pixels). */
export interface HeuristicCamera {
  width: number;
  height: number;
  hfovDeg: number;
}

export interface StopRule {
  camera: HeuristicCamera;
  /** stop when the target's estimated floor distance is at most this (m) */
  stopDistance: number;
  /** the success radius (m): stopping short of a step that would lose the target is allowed inside it */
  successDistance: number;
  /** MOVE_FORWARD length (m) */
  stepLength: number;
}

/** The embedded simulator's defaults (configs/default.yaml). */
export const DEFAULT_STOP_RULE: StopRule = {
  camera: { width: 320, height: 240, hfovDeg: 90 },
  stopDistance: 1.7,
  successDistance: 2.0,
  stepLength: 1.0,
};

/**
 * Pure: floor distance and height below the eye of an instance, from its box row and its
 * euclidean distance. A box cut off at the bottom edge puts its centre too high, which
 * over-estimates the floor distance: the safe direction for a stop decision.
 */
export function floorGeometry(
  instance: Pick<VisibleInstance, "bbox" | "distance">,
  camera: HeuristicCamera,
): { floor: number; below: number } {
  const focal = camera.width / 2 / Math.tan((camera.hfovDeg * Math.PI) / 360);
  const vc = (instance.bbox[1] + instance.bbox[3]) / 2;
  const elevation = Math.atan((vc - camera.height / 2) / focal);
  return {
    floor: instance.distance * Math.cos(elevation),
    below: instance.distance * Math.sin(elevation),
  };
}

/** Pure: the nearest floor distance at which a point this far below the eye stays in view. */
export function nearestVisibleFloor(below: number, camera: HeuristicCamera): number {
  const focal = camera.width / 2 / Math.tan((camera.hfovDeg * Math.PI) / 360);
  const tanHalfV = camera.height / 2 / focal;
  return below > 0 ? below / tanHalfV : 0;
}

export function decideLowLevel(input: LowLevelInput, rule: StopRule = DEFAULT_STOP_RULE): LowLevelOutput {
  const { target, views } = input;
  const wanted = (v: VisibleInstance) =>
    target.objectId !== null ? v.id === target.objectId : target.category !== null && v.category === target.category;
  let best: { view: keyof typeof DIRECTION; instance: VisibleInstance; floor: number; below: number } | null = null;
  for (const view of ["front", "left", "right"] as const) {
    for (const instance of views[view].visible) {
      if (!wanted(instance)) continue;
      const g = floorGeometry(instance, rule.camera);
      if (!best || g.floor < best.floor) best = { view, instance, ...g };
    }
  }
  const what = target.objectId !== null ? `instance ${target.objectId}` : `a ${target.category ?? "target"}`;
  if (!best) return { decision: "continue_plan", reason: `${what} not in view` };
  const { view, instance, floor, below } = best;
  const at = `${what} in the ${view} view, ${floor.toFixed(1)} m away on the floor`;
  // The eye distance bounds the floor distance from above: within stopDistance either way is near enough.
  if (floor <= rule.stopDistance || instance.distance <= rule.stopDistance) {
    return { decision: "stop", instanceId: instance.id, reason: at };
  }
  // A step forward would drop it below the view; inside the success radius, this is as near as it gets.
  const margin = 0.1;
  if (
    view === "front" &&
    floor <= rule.successDistance - margin &&
    floor - rule.stepLength < nearestVisibleFloor(below, rule.camera)
  ) {
    return { decision: "stop", instanceId: instance.id, reason: `${at}; a step closer would lose it from view` };
  }
  return { decision: DIRECTION[view], instanceId: instance.id, reason: `${at}; heading for it` };
}
