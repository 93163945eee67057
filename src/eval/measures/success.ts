/** Success: STOP called within successDistance (geodesic) of a target. */
import { DISTANCE_TO_GOAL } from "./distance-to-goal.ts";
import { type Measure, measureKey } from "./measure.ts";
import { STOPPED } from "./stopped.ts";

export const SUCCESS = measureKey<boolean>("success");

export function successMeasure(): Measure<boolean> {
  let successDistance = 0;
  let ok = false;
  return {
    key: SUCCESS,
    dependsOn: [STOPPED, DISTANCE_TO_GOAL],
    reset() {
      ok = false;
    },
    update(e, values) {
      if (e.kind === "reset") {
        successDistance = e.successDistance;
        ok = false;
      } else if (e.kind === "end") {
        const d = values.get(DISTANCE_TO_GOAL);
        ok = values.get(STOPPED) && d !== null && d <= successDistance;
      }
    },
    value: () => ok,
  };
}
