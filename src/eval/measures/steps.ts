/** Primitive actions taken, STOP included. */
import { type Measure, measureKey } from "./measure.ts";

export const STEPS = measureKey<number>("steps");

export function stepsMeasure(): Measure<number> {
  let n = 0;
  return {
    key: STEPS,
    dependsOn: [],
    reset() {
      n = 0;
    },
    update(e) {
      if (e.kind === "reset") n = 0;
      else if (e.kind === "step") n++;
    },
    value: () => n,
  };
}
