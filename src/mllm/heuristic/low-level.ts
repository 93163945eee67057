/**
 * Heuristic low-level planning from what the agent sees: the semantic sensor's boxes and
 * categories, and, when there is a photo of the object (the user's, or memory's), the pixels
 * in each box compared with it (appearance.ts). With a photo, only an instance that looks like
 * it will do: a same-category instance that does not is passed by, one too small to make out is
 * approached until it can be judged. Without a photo, any instance of the grounded category.
 * Close enough → stop; in view but farther → head for it; not in view → keep following the
 * high-level route.
 *
 * "Close enough" is judged on the floor plane, where success is measured: the sensor's
 * distance is from the eye (1.5 m up) to the object's centre, so an object on a nightstand at
 * 2.0 m is only ~1.8 m away on the floor. The box's row gives the elevation angle that
 * separates the two. A forward step of 1 m can carry a low object below the bottom of the view
 * (it then vanishes from every list and the agent never stops), so when the step would do that
 * and the object is already within success range, it stops where it stands.
 */
import type { ViewName, VisibleInstance } from "../../sim/protocol.ts";
import type { LowLevelInput, LowLevelOutput } from "../policy.ts";
import { type Appearance, appearanceIn, photoAppearance, pixelsOf, similarity } from "./appearance.ts";

const DIRECTION = { front: "forward", left: "left", right: "right" } as const;

/** The pinhole camera the instance boxes are measured in (square pixels). */
export interface HeuristicCamera {
  width: number;
  height: number;
  hfovDeg: number;
}

export interface StopRule {
  camera: HeuristicCamera;
  /** stop when the target's estimated floor distance is at most this (m) */
  stopDistance: number;
  /** the success radius (m): stopping short of a step that would lose the target is allowed inside it */
  successDistance: number;
  /** MOVE_FORWARD length (m) */
  stepLength: number;
}

/** The embedded simulator's defaults (configs/default.yaml). */
export const DEFAULT_STOP_RULE: StopRule = {
  camera: { width: 320, height: 240, hfovDeg: 90 },
  stopDistance: 1.7,
  successDistance: 2.0,
  stepLength: 1.0,
};

/**
 * Pure: floor distance and height below the eye of an instance, from its box row and its
 * euclidean distance. A box cut off at the bottom edge puts its centre too high, which
 * over-estimates the floor distance: the safe direction for a stop decision.
 */
export function floorGeometry(
  instance: Pick<VisibleInstance, "bbox" | "distance">,
  camera: HeuristicCamera,
): { floor: number; below: number } {
  const focal = camera.width / 2 / Math.tan((camera.hfovDeg * Math.PI) / 360);
  const vc = (instance.bbox[1] + instance.bbox[3]) / 2;
  const elevation = Math.atan((vc - camera.height / 2) / focal);
  return {
    floor: instance.distance * Math.cos(elevation),
    below: instance.distance * Math.sin(elevation),
  };
}

/** Pure: the nearest floor distance at which a point this far below the eye stays in view. */
export function nearestVisibleFloor(below: number, camera: HeuristicCamera): number {
  const focal = camera.width / 2 / Math.tan((camera.hfovDeg * Math.PI) / 360);
  const tanHalfV = camera.height / 2 / focal;
  return below > 0 ? below / tanHalfV : 0;
}

/** Similarity at or above which an instance is taken for the one in the photo. */
export const LOOKS_LIKE = 0.6;
/** Visible pixels below which an instance is too small to judge by its looks. */
export const MIN_PIXELS_TO_JUDGE = 40;
/**
 * Visible pixels from which a low similarity rules an instance out; a smaller view that scores
 * low is approached and looked at again. On the development split (seed 3), views of at least
 * this size accept 88% of the same instance at LOOKS_LIKE, against 75% over all sizes.
 */
export const CONFIDENT_PIXELS = 200;

/** How each visible instance of the target's category compares with the photo (id → similarity). */
export type Looks = ReadonlyMap<string, number>;

/**
 * Looks at every visible instance of the target's category that is big enough to judge, in the
 * views that came with pixels. Nothing to look at (no photo, no category): an empty map.
 */
export async function lookAtCandidates(input: LowLevelInput): Promise<Map<string, number>> {
  const looks = new Map<string, number>();
  const { target, referenceImage } = input;
  if (!referenceImage || target.category === null) return looks;
  let photo: Appearance | null = null;
  for (const view of ["front", "left", "right"] as const) {
    const v = input.views[view];
    const candidates = v.visible.filter((i) => i.category === target.category && i.pixels >= MIN_PIXELS_TO_JUDGE);
    if (!v.image || candidates.length === 0) continue;
    photo ??= await photoAppearance(referenceImage);
    const px = await pixelsOf(v.image);
    for (const c of candidates) {
      const s = similarity(photo, appearanceIn(px, c.bbox));
      looks.set(c.id, Math.max(looks.get(c.id) ?? 0, s));
    }
  }
  return looks;
}

type Seen = { view: ViewName; instance: VisibleInstance; floor: number; below: number };

/** The offline backbone's low-level decision, made in code (no model): step toward the target or stop. */
export function heuristicLowLevel(
  input: LowLevelInput,
  rule: StopRule = DEFAULT_STOP_RULE,
  looks?: Looks,
): LowLevelOutput {
  const { target, views } = input;
  const judging = input.referenceImage !== undefined && target.category !== null;
  const nearest = (keep: (v: VisibleInstance) => boolean): Seen | null => {
    let best: Seen | null = null;
    for (const view of ["front", "left", "right"] as const) {
      for (const instance of views[view].visible) {
        if (target.category === null || instance.category !== target.category || !keep(instance)) continue;
        const g = floorGeometry(instance, rule.camera);
        if (!best || g.floor < best.floor) best = { view, instance, ...g };
      }
    }
    return best;
  };
  const what = judging ? `the ${target.category} in the photo` : `a ${target.category ?? "target"}`;
  const score = (v: VisibleInstance) => looks?.get(v.id);
  const best = judging ? nearest((v) => (score(v) ?? 0) >= LOOKS_LIKE) : nearest(() => true);
  if (!best) {
    if (!judging) return { decision: "continue_plan", reason: `${what} not in view` };
    // Same-category instances it could not make out yet: go closer to judge them; never stop at one.
    const unsure = nearest((v) => score(v) === undefined || v.pixels < CONFIDENT_PIXELS);
    if (unsure) {
      const d = unsure.floor.toFixed(1);
      return {
        decision: DIRECTION[unsure.view],
        reason: `a ${target.category} in the ${unsure.view} view, ${d} m away, too small to tell whether it is ${what} (${unsure.instance.pixels} pixels); going closer`,
      };
    }
    const seen = [...(looks?.values() ?? [])];
    return {
      decision: "continue_plan",
      reason: seen.length
        ? `${seen.length} ${target.category} in view, none looks like the photo (best similarity ${Math.max(...seen).toFixed(2)} < ${LOOKS_LIKE})`
        : `${what} not in view`,
    };
  }
  const { view, instance, floor, below } = best;
  const s = score(instance);
  const at = `${what} in the ${view} view${s !== undefined ? ` (similarity ${s.toFixed(2)})` : ""}, ${floor.toFixed(1)} m away on the floor`;
  // The eye distance bounds the floor distance from above: within stopDistance either way is near enough.
  if (floor <= rule.stopDistance || instance.distance <= rule.stopDistance) {
    return { decision: "stop", instanceId: instance.id, reason: at };
  }
  // A step forward would drop it below the view; inside the success radius, this is as near as it gets.
  const margin = 0.1;
  if (
    view === "front" &&
    floor <= rule.successDistance - margin &&
    floor - rule.stepLength < nearestVisibleFloor(below, rule.camera)
  ) {
    return { decision: "stop", instanceId: instance.id, reason: `${at}; a step closer would lose it from view` };
  }
  return { decision: DIRECTION[view], instanceId: instance.id, reason: `${at}; heading for it` };
}
