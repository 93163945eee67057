/** Metres walked: the sum of displacements between consecutive positions (turns and collisions add nothing). */
import type { Vec3 } from "../../sim/index.ts";
import { type Measure, measureKey } from "./measure.ts";

export const PATH_LENGTH = measureKey<number>("path_length");

const dist = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

export function pathLengthMeasure(): Measure<number> {
  let last: Vec3 | null = null;
  let total = 0;
  return {
    key: PATH_LENGTH,
    dependsOn: [],
    reset() {
      last = null;
      total = 0;
    },
    update(e) {
      if (e.kind === "reset") {
        last = e.position;
        total = 0;
      } else if (e.kind === "step") {
        if (last) total += dist(last, e.position);
        last = e.position;
      }
    },
    value: () => total,
  };
}
