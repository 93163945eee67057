/** Whether the episode ended by STOP rather than by the step budget. */
import { type Measure, measureKey } from "./measure.ts";

export const STOPPED = measureKey<boolean>("stopped");

export function stoppedMeasure(): Measure<boolean> {
  let stopped = false;
  return {
    key: STOPPED,
    dependsOn: [],
    reset() {
      stopped = false;
    },
    update(e) {
      if (e.kind === "reset") stopped = false;
      else if (e.kind === "step" && e.action === "STOP") stopped = true;
    },
    value: () => stopped,
  };
}
