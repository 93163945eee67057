/**
 * Heuristic low-level planning from the simulator's visible-instance lists: the remembered
 * instance when its id is known (a same-category distractor is then not enough), else any
 * instance of the grounded category. Close enough → stop; in view but farther → head for it;
 * not in view → keep following the high-level route.
 */
import type { VisibleInstance } from "../../sim/protocol.ts";
import type { LowLevelInput, LowLevelOutput } from "../policy.ts";

const DIRECTION = { front: "forward", left: "left", right: "right" } as const;

export function decideLowLevel(input: LowLevelInput, stopDistance: number): LowLevelOutput {
  const { target, views } = input;
  const wanted = (v: VisibleInstance) =>
    target.objectId !== null ? v.id === target.objectId : target.category !== null && v.category === target.category;
  let best: { view: keyof typeof DIRECTION; instance: VisibleInstance } | null = null;
  for (const view of ["front", "left", "right"] as const) {
    for (const instance of views[view].visible) {
      if (wanted(instance) && (!best || instance.distance < best.instance.distance)) best = { view, instance };
    }
  }
  const what = target.objectId !== null ? `instance ${target.objectId}` : `a ${target.category ?? "target"}`;
  if (!best) return { decision: "continue_plan", reason: `${what} not in view` };
  const { view, instance } = best;
  const d = instance.distance.toFixed(1);
  if (instance.distance <= stopDistance) {
    return { decision: "stop", instanceId: instance.id, reason: `${what} in the ${view} view at ${d} m` };
  }
  return {
    decision: DIRECTION[view],
    instanceId: instance.id,
    reason: `${what} in the ${view} view at ${d} m; heading for it`,
  };
}
