/**
 * Where a seen instance is, from the semantic sensor's box and distance and the camera it was
 * measured in. The sensor's distance is from the eye (1.5 m up) to the object's centre; success
 * is measured on the floor, so an object on a nightstand at 2.0 m is only ~1.8 m away there.
 * The box's row gives the elevation angle that separates the two.
 */
import type { Pose, Vec3, ViewName, VisibleInstance } from "../sim/index.ts";

/** The pinhole camera the instance boxes are measured in (square pixels). */
export interface Camera {
  width: number;
  height: number;
  hfovDeg: number;
}

const focalOf = (camera: Camera) => camera.width / 2 / Math.tan((camera.hfovDeg * Math.PI) / 360);

/**
 * Pure: floor distance and height below the eye of an instance, from its box row and its
 * euclidean distance. A box cut off at the bottom edge puts its centre too high, which
 * over-estimates the floor distance: the safe direction for a stop decision.
 */
export function floorGeometry(
  instance: Pick<VisibleInstance, "bbox" | "distance">,
  camera: Camera,
): { floor: number; below: number } {
  const vc = (instance.bbox[1] + instance.bbox[3]) / 2;
  const elevation = Math.atan((vc - camera.height / 2) / focalOf(camera));
  return {
    floor: instance.distance * Math.cos(elevation),
    below: instance.distance * Math.sin(elevation),
  };
}

/**
 * Pure: an instance's size in metres, its box's longer side at its distance. Off the view's axis
 * a pinhole camera stretches what it sees (by 1/cos² of the angle across, twice as wide at the
 * edge of a 90° view), so each side is taken back to what it spans face on; a box cut off by the
 * view's edge or by furniture still understates it, and a side turned toward the camera
 * differs from one turned away, so only sizes that differ clearly tell objects apart.
 */
export function apparentSize(instance: Pick<VisibleInstance, "bbox" | "distance">, camera: Camera): number {
  const [x0, y0, x1, y1] = instance.bbox;
  const f = focalOf(camera);
  const across = Math.cos(Math.atan(((x0 + x1) / 2 - camera.width / 2) / f));
  const down = Math.cos(Math.atan(((y0 + y1) / 2 - camera.height / 2) / f));
  const width = ((x1 - x0) * instance.distance * across ** 2) / f;
  const height = ((y1 - y0) * instance.distance * across * down ** 2) / f;
  return Math.max(width, height);
}

/** Pure: the nearest floor distance at which a point this far below the eye stays in view. */
export function nearestVisibleFloor(below: number, camera: Camera): number {
  const tanHalfV = camera.height / 2 / focalOf(camera);
  return below > 0 ? below / tanHalfV : 0;
}

/** Pure: whether a box touches the view's edge (the instance is partly out of the picture). */
export function clippedByView(bbox: readonly number[], camera: Pick<Camera, "width" | "height">): boolean {
  return bbox[0] <= 0 || bbox[1] <= 0 || bbox[2] >= camera.width || bbox[3] >= camera.height;
}

const VIEW_YAW: Record<ViewName, number> = { front: 0, left: Math.PI / 2, right: -Math.PI / 2 };

/**
 * Pure: where a seen instance roughly is on the floor plane, from the view it is in, its box
 * centre (pinhole camera) and its distance. Lets the agent walk around furniture to an object it
 * sees instead of bumping into what stands in front of it, and come back to one it saw earlier.
 */
export function estimatePosition(
  pose: Pose,
  view: ViewName,
  instance: Pick<VisibleInstance, "bbox" | "distance">,
  camera: { width: number; height?: number; hfovDeg: number },
): Vec3 {
  const focal = camera.width / 2 / Math.tan((camera.hfovDeg * Math.PI) / 360);
  const cx = (instance.bbox[0] + instance.bbox[2]) / 2;
  // A box right of centre lies clockwise of the view axis: a negative yaw offset.
  const offset = -Math.atan((cx - camera.width / 2) / focal);
  const yaw = pose.heading + VIEW_YAW[view] + offset;
  // The sensor's distance is from the eye; the object sits lower, so its floor distance is shorter
  // (using the eye distance put the goal behind the object, inside the furniture it rests on).
  const elevation =
    camera.height === undefined
      ? 0
      : Math.atan(((instance.bbox[1] + instance.bbox[3]) / 2 - camera.height / 2) / focal);
  const floor = instance.distance * Math.cos(elevation);
  const [x, y, z] = pose.position;
  return [x - Math.sin(yaw) * floor, y, z - Math.cos(yaw) * floor];
}
