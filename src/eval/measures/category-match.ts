/**
 * Category match (CM), the within-category false positive of the Polar paper (§4.1.2, after
 * PIN, Barsellotti et al. 2024): the episode stopped, did not succeed, and the agent is within
 * the success distance of an instance of the target's category that is not a target.
 *
 * PIN's code (aimagelab/pin: utils/goal_detection_metrics.py and the logger that averages it)
 * counts a category match whenever its matcher declares the goal found while the ground-truth
 * semantic frame shows one of the episode's same-category distractors and not the target. We
 * follow it where it is more precise than the paper's sentence:
 * - the instances: every object placed in the episode with the target's category, the target
 *   excepted (PIN's same-category distractors), not only the nearest object of any category;
 * - the target wins: a frame that shows the target is a correct match in PIN, so here a
 *   success is never a category match, however close a lookalike is.
 * Where an agent that stops once per episode differs from PIN's detector, we keep the paper's
 * per-episode rate (CM beside SR, same denominator) instead of PIN's share of detections, and
 * "reached" is judged as success is: geodesic distance within the success distance, the STOP
 * being the agent's declaration (PIN's frame has no distance; its success radius is 1 m
 * geodesic, Polar's 2 m).
 */
import { type Measure, measureKey } from "./measure.ts";
import { STOPPED } from "./stopped.ts";
import { SUCCESS } from "./success.ts";

export const CATEGORY_MATCH = measureKey<boolean>("category_match");

export function categoryMatchMeasure(): Measure<boolean> {
  let successDistance = 0;
  let cm = false;
  return {
    key: CATEGORY_MATCH,
    dependsOn: [STOPPED, SUCCESS],
    reset() {
      cm = false;
    },
    update(e, values) {
      if (e.kind === "reset") {
        successDistance = e.successDistance;
        cm = false;
      } else if (e.kind === "end") {
        cm =
          values.get(STOPPED) &&
          !values.get(SUCCESS) &&
          e.sameCategory.some((o) => o.distance !== null && o.distance <= successDistance);
      }
    },
    value: () => cm,
  };
}
