/** The agent's primitive motions on the nav grid. */
import type { Pose } from "../../src/sim/protocol.ts";
import { normalizeAngle } from "./geometry.ts";
import type { NavGrid } from "./navgrid.ts";

/**
 * Move `length` metres along the heading (forward = (-sin h, 0, -cos h)). The agent slides no
 * further than the last navigable point of the segment (sampled every quarter cell) and the
 * move reports a collision when it was cut short. A start point that is itself off the grid
 * (a start pose placed too close to something) does not block leaving it.
 */
export function moveForward(grid: NavGrid, pose: Pose, length: number): { pose: Pose; collided: boolean } {
  const [x, y, z] = pose.position;
  if (!Number.isFinite(length)) return { pose: { position: [x, y, z], heading: pose.heading }, collided: true };
  const dx = -Math.sin(pose.heading);
  const dz = -Math.cos(pose.heading);
  // samples: a quarter cell apart, but never more than the grid's diagonal holds (the walk ends
  // at the grid's edge anyway), so an absurd length cannot make the loop run for ever
  const span = Math.min(Math.abs(length), Math.hypot(grid.nx, grid.nz) * grid.resolution);
  const n = Math.max(1, Math.ceil(span / (grid.resolution * 0.25)));
  let last = 0;
  let collided = false;
  let started = grid.isNavigable(x, z);
  const signed = length < 0 ? -span : span;
  for (let k = 1; k <= n; k++) {
    const t = (signed * k) / n;
    const ok = grid.isNavigable(x + dx * t, z + dz * t);
    if (ok) {
      started = true;
      last = t;
    } else if (started) {
      collided = true;
      break;
    }
  }
  if (!started) collided = true;
  return { pose: { position: [x + dx * last, y, z + dz * last], heading: pose.heading }, collided };
}

/** Turn by `degrees` (positive = left, counter-clockwise from above); heading kept in (-π, π]. */
export function turn(pose: Pose, degrees: number): Pose {
  return { position: [...pose.position], heading: normalizeAngle(pose.heading + (degrees * Math.PI) / 180) };
}
