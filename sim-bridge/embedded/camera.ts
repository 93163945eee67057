/**
 * The pinhole camera the rasterizer draws through: eye, orientation, focal length and image size.
 */

export interface Camera {
  ex: number;
  ey: number;
  ez: number;
  /** right, up, forward unit vectors in world space */
  r: [number, number, number];
  u: [number, number, number];
  f: [number, number, number];
  /** focal length in pixels; principal point */
  focal: number;
  cx: number;
  cy: number;
  width: number;
  height: number;
  near: number;
  /** true when the camera looks level (pitch 0), which the fast floor pass relies on */
  level: boolean;
}

/** yaw about +y (0 faces -z, positive turns left), pitch up positive; hfov in degrees. */
export function makeCamera(
  eye: [number, number, number],
  yaw: number,
  pitch: number,
  width: number,
  height: number,
  hfovDeg: number,
): Camera {
  const cp = Math.cos(pitch);
  const f: [number, number, number] = [-Math.sin(yaw) * cp, Math.sin(pitch), -Math.cos(yaw) * cp];
  const r: [number, number, number] = [Math.cos(yaw), 0, -Math.sin(yaw)];
  const u: [number, number, number] = [r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2], r[0] * f[1] - r[1] * f[0]];
  const focal = width / 2 / Math.tan((hfovDeg * Math.PI) / 360);
  return {
    ex: eye[0],
    ey: eye[1],
    ez: eye[2],
    r,
    u,
    f,
    focal,
    cx: width / 2,
    cy: height / 2,
    width,
    height,
    near: 0.05,
    level: pitch === 0,
  };
}
