/**
 * Steps whose move the simulator refused (the agent bumped into something): a stuck agent
 * shows here long before it shows in SR.
 */
import { type Measure, measureKey } from "./measure.ts";

export const COLLISIONS = measureKey<number>("collisions");

export function collisionsMeasure(): Measure<number> {
  let n = 0;
  return {
    key: COLLISIONS,
    dependsOn: [],
    reset() {
      n = 0;
    },
    update(e) {
      if (e.kind === "reset") n = 0;
      else if (e.kind === "step" && e.collided) n++;
    },
    value: () => n,
  };
}
