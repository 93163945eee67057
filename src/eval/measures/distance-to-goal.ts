/** Geodesic distance to the nearest target at the end; null before the end or when unknown. */
import { type Measure, measureKey } from "./measure.ts";

export const DISTANCE_TO_GOAL = measureKey<number | null>("distance_to_goal");

export function distanceToGoalMeasure(): Measure<number | null> {
  let d: number | null = null;
  return {
    key: DISTANCE_TO_GOAL,
    dependsOn: [],
    reset() {
      d = null;
    },
    update(e) {
      if (e.kind === "reset") d = null;
      else if (e.kind === "end") d = e.distanceToTarget;
    },
    value: () => d,
  };
}
