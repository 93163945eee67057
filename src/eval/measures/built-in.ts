/**
 * Navigation measures, habitat-lab style: a measure is one file under measures/ and a
 * registration here (or anywhere, for a plug-in); `eval.measures` names them in order. Every
 * measure in that list reaches the episode record, the result line's `measures` map, the
 * report and the dashboard's results table without further edits.
 */
import { EvalConfig } from "../../config/index.ts";
import { CATEGORY_MATCH, categoryMatchMeasure } from "./category-match.ts";
import { COLLISIONS, collisionsMeasure } from "./collisions.ts";
import { DISTANCE_TO_GOAL, distanceToGoalMeasure } from "./distance-to-goal.ts";
import type { MeasureEvent } from "./measure.ts";
import { PATH_LENGTH, pathLengthMeasure } from "./path-length.ts";
import { MeasureSet, registerMeasure } from "./set.ts";
import { SPL, splMeasure } from "./spl.ts";
import { STEPS, stepsMeasure } from "./steps.ts";
import { STOPPED, stoppedMeasure } from "./stopped.ts";
import { SUCCESS, successMeasure } from "./success.ts";

export { CATEGORY_MATCH, categoryMatchMeasure } from "./category-match.ts";
export { COLLISIONS, collisionsMeasure } from "./collisions.ts";
export { DISTANCE_TO_GOAL, distanceToGoalMeasure } from "./distance-to-goal.ts";
export {
  type Measure,
  type MeasureEvent,
  type MeasureKey,
  MeasureMap,
  type MeasureValue,
  type MeasureValues,
  measureKey,
} from "./measure.ts";
export { PATH_LENGTH, pathLengthMeasure } from "./path-length.ts";
export { MeasureSet, registeredMeasures, registerMeasure } from "./set.ts";
export { SPL, splMeasure } from "./spl.ts";
export { STEPS, stepsMeasure } from "./steps.ts";
export { STOPPED, stoppedMeasure } from "./stopped.ts";
export { SUCCESS, successMeasure } from "./success.ts";

registerMeasure(PATH_LENGTH, pathLengthMeasure);
registerMeasure(STEPS, stepsMeasure);
registerMeasure(STOPPED, stoppedMeasure);
registerMeasure(DISTANCE_TO_GOAL, distanceToGoalMeasure);
registerMeasure(SUCCESS, successMeasure);
registerMeasure(SPL, splMeasure);
registerMeasure(CATEGORY_MATCH, categoryMatchMeasure);
registerMeasure(COLLISIONS, collisionsMeasure);

/** What every episode record reads into its own fields (the result line's top-level success, spl, cm…). */
export const RECORD_MEASURES = [PATH_LENGTH, STEPS, STOPPED, DISTANCE_TO_GOAL, SUCCESS, SPL, CATEGORY_MATCH] as const;
/** eval.measures' default, read from the config schema so there is one list. */
export const DEFAULT_MEASURE_IDS: readonly string[] = EvalConfig.shape.measures.parse(undefined);

/** The measures of one finished trajectory, for tests and re-scoring logged episodes. */
export function measureTrajectory(events: MeasureEvent[]): {
  success: boolean;
  spl: number;
  cm: boolean;
  pathLength: number;
  steps: number;
  stopped: boolean;
  distanceToGoal: number | null;
  collisions: number;
} {
  const set = new MeasureSet([...RECORD_MEASURES.map((k) => k.id), COLLISIONS.id]);
  set.reset();
  for (const e of events) set.update(e);
  return {
    success: set.get(SUCCESS),
    spl: set.get(SPL),
    cm: set.get(CATEGORY_MATCH),
    pathLength: set.get(PATH_LENGTH),
    steps: set.get(STEPS),
    stopped: set.get(STOPPED),
    distanceToGoal: set.get(DISTANCE_TO_GOAL),
    collisions: set.get(COLLISIONS),
  };
}
