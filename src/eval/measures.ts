/**
 * Navigation measures computed from step events, habitat-lab style: each measure is four
 * members (id, reset, update, value) and names the measures it reads. Because they only see
 * events, they are tested on made-up trajectories without a simulator.
 *
 * They are the harness's: the events carry the poses the simulator reported after each action
 * plus, at the end, its geodesic distances to the target and its nearest object (for CM).
 */
import type { Action, Vec3 } from "../sim/protocol.ts";

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

export interface Measure<V> {
  readonly id: string;
  /** ids of measures whose values this one reads; they must come earlier in the list */
  readonly dependsOn: readonly string[];
  reset(): void;
  update(event: MeasureEvent, values: ReadonlyMap<string, unknown>): void;
  value(): V;
}

const dist = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Metres walked: the sum of displacements between consecutive positions. */
export function pathLengthMeasure(): Measure<number> {
  let last: Vec3 | null = null;
  let total = 0;
  return {
    id: "path_length",
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
    id: "steps",
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
    id: "stopped",
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
    id: "distance_to_goal",
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
    id: "success",
    dependsOn: ["stopped", "distance_to_goal"],
    reset() {
      ok = false;
    },
    update(e, values) {
      if (e.kind === "reset") {
        successDistance = e.successDistance;
        ok = false;
      } else if (e.kind === "end") {
        const d = values.get("distance_to_goal") as number | null;
        ok = values.get("stopped") === true && d !== null && d <= successDistance;
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
    id: "spl",
    dependsOn: ["success", "path_length"],
    reset() {
      l = null;
      spl = 0;
    },
    update(e, values) {
      if (e.kind === "reset") {
        l = e.shortestPath;
        spl = 0;
      } else if (e.kind === "end") {
        const p = values.get("path_length") as number;
        if (values.get("success") !== true || l === null) spl = 0;
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
    id: "category_match",
    dependsOn: ["stopped", "success"],
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
          values.get("stopped") === true &&
          values.get("success") !== true &&
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

export const DEFAULT_MEASURES = [
  pathLengthMeasure,
  stepsMeasure,
  stoppedMeasure,
  distanceToGoalMeasure,
  successMeasure,
  splMeasure,
  categoryMatchMeasure,
] as const;

/** Runs measures in order over events; checks at construction that dependencies come first. */
export class MeasureSet {
  private readonly values = new Map<string, unknown>();
  constructor(private readonly measures: Measure<unknown>[] = DEFAULT_MEASURES.map((f) => f())) {
    const seen = new Set<string>();
    for (const m of measures) {
      for (const d of m.dependsOn) {
        if (!seen.has(d)) throw new Error(`measure "${m.id}" depends on "${d}", which must come before it`);
      }
      if (seen.has(m.id)) throw new Error(`measure "${m.id}" is listed twice`);
      seen.add(m.id);
    }
  }

  reset(): void {
    this.values.clear();
    for (const m of this.measures) m.reset();
  }

  update(event: MeasureEvent): void {
    for (const m of this.measures) {
      m.update(event, this.values);
      this.values.set(m.id, m.value());
    }
  }

  get<V = unknown>(id: string): V {
    if (!this.values.has(id)) throw new Error(`no value for measure "${id}"`);
    return this.values.get(id) as V;
  }

  snapshot(): Record<string, unknown> {
    return Object.fromEntries(this.values);
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
    success: set.get<boolean>("success"),
    spl: set.get<number>("spl"),
    cm: set.get<boolean>("category_match"),
    pathLength: set.get<number>("path_length"),
    steps: set.get<number>("steps"),
    stopped: set.get<boolean>("stopped"),
    distanceToGoal: set.get<number | null>("distance_to_goal"),
  };
}
