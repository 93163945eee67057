/**
 * Navigation measures computed from step events, habitat-lab style: each measure is four
 * members (id, reset, update, value) and names the measures it reads. Because they only see
 * events, they are tested on made-up trajectories without a simulator.
 *
 * They are the harness's: the events carry the poses the simulator reported after each action
 * plus, at the end, its geodesic distances to the target and its nearest object (for CM).
 */
import type { Action, Vec3 } from "../sim/protocol.ts";
import { Registry } from "../util/registry.ts";

export type MeasureEvent =
  | {
      kind: "reset";
      position: Vec3;
      /** geodesic from the start to the nearest target (SPL's l_i); null when unknown */
      shortestPath: number | null;
      successDistance: number;
      targetIds: string[];
      /** the target's category, for category match */
      targetCategory: string | null;
    }
  | { kind: "step"; action: Action; position: Vec3; collided: boolean }
  | {
      kind: "end";
      /** geodesic from the final position to the nearest target; null when unreachable/unknown */
      distanceToTarget: number | null;
      /** the nearest object of any kind at the end, as the simulator reports it */
      nearestObject: { id: string; category: string; distance: number } | null;
    };

/** A measure's id with the type of its value: values are read through keys, never by a bare id and a cast. */
export interface MeasureKey<V> {
  readonly id: string;
  /** type only: never set */
  readonly valueType?: V;
}

export const measureKey = <V>(id: string): MeasureKey<V> => ({ id });

/** The values of the measures updated so far in this event (earlier ones in the list). */
export interface MeasureValues {
  get<V>(key: MeasureKey<V>): V;
}

export interface Measure<V> {
  readonly key: MeasureKey<V>;
  /** measures whose values this one reads; they must come earlier in the list */
  readonly dependsOn: readonly MeasureKey<unknown>[];
  reset(): void;
  update(event: MeasureEvent, values: MeasureValues): void;
  value(): V;
}

export const PATH_LENGTH = measureKey<number>("path_length");
export const STEPS = measureKey<number>("steps");
export const STOPPED = measureKey<boolean>("stopped");
export const DISTANCE_TO_GOAL = measureKey<number | null>("distance_to_goal");
export const SUCCESS = measureKey<boolean>("success");
export const SPL = measureKey<number>("spl");
export const CATEGORY_MATCH = measureKey<boolean>("category_match");

const dist = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Metres walked: the sum of displacements between consecutive positions. */
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

/** Primitive actions taken (STOP included). */
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

/** Whether the episode ended by STOP (rather than by the step budget). */
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

/** Geodesic distance to the nearest target at the end; null before the end or when unknown. */
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

/** Success: STOP called within successDistance (geodesic) of a target. */
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

/** SPL_i = S_i · l_i / max(p_i, l_i); 0 without a known shortest path. */
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

/**
 * Category match (PIN's within-category false positive): the episode stopped, did not
 * succeed, and the nearest object within successDistance is of the target's category but is
 * not a target.
 */
export function categoryMatchMeasure(): Measure<boolean> {
  let cfg: { successDistance: number; targetIds: string[]; targetCategory: string | null } = {
    successDistance: 0,
    targetIds: [],
    targetCategory: null,
  };
  let cm = false;
  return {
    key: CATEGORY_MATCH,
    dependsOn: [STOPPED, SUCCESS],
    reset() {
      cm = false;
    },
    update(e, values) {
      if (e.kind === "reset") {
        cfg = { successDistance: e.successDistance, targetIds: e.targetIds, targetCategory: e.targetCategory };
        cm = false;
      } else if (e.kind === "end") {
        const o = e.nearestObject;
        cm =
          values.get(STOPPED) &&
          !values.get(SUCCESS) &&
          o !== null &&
          cfg.targetCategory !== null &&
          o.distance <= cfg.successDistance &&
          o.category === cfg.targetCategory &&
          !cfg.targetIds.includes(o.id);
      }
    },
    value: () => cm,
  };
}

const MEASURES = new Registry<() => Measure<unknown>>("measure");

/** A measure by id, for `eval.measures` in config; its factory makes a fresh one per episode runner. */
export function registerMeasure<V>(key: MeasureKey<V>, factory: () => Measure<V>): void {
  MEASURES.register(key.id, factory);
}

registerMeasure(PATH_LENGTH, pathLengthMeasure);
registerMeasure(STEPS, stepsMeasure);
registerMeasure(STOPPED, stoppedMeasure);
registerMeasure(DISTANCE_TO_GOAL, distanceToGoalMeasure);
registerMeasure(SUCCESS, successMeasure);
registerMeasure(SPL, splMeasure);
registerMeasure(CATEGORY_MATCH, categoryMatchMeasure);

/** What every episode record reads, in an order that puts dependencies first (eval.measures' default). */
export const RECORD_MEASURES = [PATH_LENGTH, STEPS, STOPPED, DISTANCE_TO_GOAL, SUCCESS, SPL, CATEGORY_MATCH] as const;
export const DEFAULT_MEASURE_IDS = RECORD_MEASURES.map((k) => k.id);

/** Runs measures in order over events; checks at construction that dependencies come first. */
export class MeasureSet implements MeasureValues {
  private readonly values = new Map<string, unknown>();
  private readonly measures: Measure<unknown>[];

  /** Measures by registered id (the config's list), or given whole (tests). */
  constructor(measures: readonly (string | Measure<unknown>)[] = DEFAULT_MEASURE_IDS) {
    this.measures = measures.map((m) => (typeof m === "string" ? MEASURES.get(m)() : m));
    const seen = new Set<string>();
    for (const m of this.measures) {
      for (const d of m.dependsOn) {
        if (!seen.has(d.id)) throw new Error(`measure "${m.key.id}" depends on "${d.id}", which must come before it`);
      }
      if (seen.has(m.key.id)) throw new Error(`measure "${m.key.id}" is listed twice`);
      seen.add(m.key.id);
    }
  }

  /** Throws naming the first key no measure in this set computes (checked before an episode runs). */
  require(keys: readonly MeasureKey<unknown>[]): this {
    const have = new Set(this.measures.map((m) => m.key.id));
    const missing = keys.filter((k) => !have.has(k.id));
    if (missing.length) throw new Error(`eval.measures lacks ${missing.map((k) => `"${k.id}"`).join(", ")}`);
    return this;
  }

  reset(): void {
    this.values.clear();
    for (const m of this.measures) m.reset();
  }

  update(event: MeasureEvent): void {
    for (const m of this.measures) {
      m.update(event, this);
      this.values.set(m.key.id, m.value());
    }
  }

  get<V>(key: MeasureKey<V>): V {
    if (!this.values.has(key.id)) throw new Error(`no value for measure "${key.id}"`);
    return this.values.get(key.id) as V;
  }
}

/** The measures of one finished trajectory, for tests and re-scoring logged episodes. */
export function measureTrajectory(events: MeasureEvent[]): {
  success: boolean;
  spl: number;
  cm: boolean;
  pathLength: number;
  steps: number;
  stopped: boolean;
  distanceToGoal: number | null;
} {
  const set = new MeasureSet();
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
  };
}
