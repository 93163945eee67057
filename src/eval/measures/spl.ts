/** SPL_i = S_i · l_i / max(p_i, l_i) (Anderson et al. 2018); 0 without a known shortest path. */
import { type Measure, measureKey } from "./measure.ts";
import { PATH_LENGTH } from "./path-length.ts";
import { SUCCESS } from "./success.ts";

export const SPL = measureKey<number>("spl");

export function splMeasure(): Measure<number> {
  let l: number | null = null;
  let spl = 0;
  return {
    key: SPL,
    dependsOn: [SUCCESS, PATH_LENGTH],
    reset() {
      l = null;
      spl = 0;
    },
    update(e, values) {
      if (e.kind === "reset") {
        l = e.shortestPath;
        spl = 0;
      } else if (e.kind === "end") {
        const p = values.get(PATH_LENGTH);
        if (!values.get(SUCCESS) || l === null) spl = 0;
        // A start already within reach (l = 0) that stops without moving is a perfect episode.
        else spl = Math.max(p, l) === 0 ? 1 : l / Math.max(p, l);
      }
    },
    value: () => spl,
  };
}
