/**
 * How far to turn in place to have seen all around (paper §3.3's look-around at a waypoint).
 * The three views face the heading and ±90°, each `hfov` wide, so together they cover
 * 180° + hfov: the blind sector is the (180° − hfov) behind. Turning by that much brings a side
 * view over all of it; a half turn (what the look-around did) shows the blind sector with the
 * front view but spends 180° − (180° − hfov) = hfov of extra turning, 3 of 6 steps at hfov 90°,
 * on sectors the views already showed. Which way: toward where the robot is going next, so the
 * walk there starts facing it instead of turning back. Views narrower than 90° do not meet (gaps
 * between them as well as behind), and keep the half turn.
 */
import type { Vec3 } from "../sim/index.ts";

/** Pure: the unsigned turn (degrees, whole turnAngle steps) that brings the blind sector into a side view. */
export function blindSectorTurn(hfovDeg: number, turnAngle: number): number {
  // narrower views leave gaps between them too, which no single turn closes: a half turn, as before
  if (hfovDeg < 90) return 180;
  const blind = Math.max(0, 180 - hfovDeg);
  if (blind === 0 || turnAngle <= 0) return 0;
  return Math.ceil(blind / turnAngle - 1e-9) * turnAngle;
}

/** Pure: the heading (radians; 0 faces -z, positive turns left, as the simulator's) that faces `to` from `from`. */
export function headingToward(from: Vec3, to: Vec3): number {
  return Math.atan2(-(to[0] - from[0]), -(to[2] - from[2]));
}

const wrap = (a: number) => Math.atan2(Math.sin(a), Math.cos(a));

/**
 * Pure: the signed turn (degrees, positive left) of a look-around: the blind sector's turn, to
 * the side that ends facing nearer `toward` (left when there is nothing to go to, or both sides
 * are as near).
 */
export function lookAroundTurn(
  camera: { hfovDeg: number },
  turnAngle: number,
  pose: { position: Vec3; heading: number },
  toward?: Vec3,
): number {
  const turn = blindSectorTurn(camera.hfovDeg, turnAngle);
  if (turn === 0 || !toward || Math.hypot(toward[0] - pose.position[0], toward[2] - pose.position[2]) < 1e-6)
    return turn;
  const want = headingToward(pose.position, toward);
  const rad = (turn * Math.PI) / 180;
  const offLeft = Math.abs(wrap(pose.heading + rad - want));
  const offRight = Math.abs(wrap(pose.heading - rad - want));
  return offRight < offLeft - 1e-9 ? -turn : turn;
}
