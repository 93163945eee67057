/**
 * What a navigation measure is, habitat-lab style: four members (key, reset, update, value)
 * and the measures it reads. Measures only see events, so they are tested on made-up
 * trajectories without a simulator.
 *
 * The events are the harness's: the poses the simulator reported after each action and, at
 * the end, its geodesic distances to the target and to every same-category instance that is
 * not a target (for CM).
 */
import { z } from "zod";
import type { Action, Vec3 } from "../../sim/index.ts";

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
      /**
       * Geodesic from the final position to each instance of the target's category that is
       * not a target, every one placed in the episode (unreachable: null).
       */
      sameCategory: { id: string; distance: number | null }[];
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

/**
 * What a result line can hold of a measure: a number (a mean in the report), a boolean (a
 * proportion) or null (unknown, left out of the mean).
 */
export type MeasureValue = number | boolean | null;

/** An episode's measures by id, as records and result lines carry them. */
export const MeasureMap = z.record(z.string().min(1), z.union([z.number(), z.boolean(), z.null()]));
export type MeasureMap = z.infer<typeof MeasureMap>;
