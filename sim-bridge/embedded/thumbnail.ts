/**
 * A close-up reference picture of one object instance, as a user's photo of "my mug" would
 * be: the object alone on a light surface, seen from the front and a little above, filling
 * most of the frame. Same-category instances differ by their attribute colours and patterns.
 */

import { makeCamera } from "./camera.ts";
import type { Frame } from "./frame.ts";
import type { PlacedObject } from "./house.ts";
import { objectBounds } from "./objects.ts";
import { drawBatch } from "./raster.ts";
import { objectSolids } from "./scene.ts";
import { SolidBatch, shadedFaces } from "./solid-batch.ts";

export function renderObjectImage(obj: PlacedObject, size: number): { width: number; height: number; rgb: Buffer } {
  if (!Number.isInteger(size) || size < 16 || size > 4096)
    throw new RangeError(`image size must be 16–4096, got ${size}`);
  const b = objectBounds(obj);
  const cx = (b.x0 + b.x1) / 2;
  const cy = (b.y0 + b.y1) / 2;
  const cz = (b.z0 + b.z1) / 2;
  const extent = Math.hypot(b.x1 - b.x0, b.y1 - b.y0, b.z1 - b.z0);
  const hfov = 40;
  const dist = extent / 2 / Math.tan((hfov * Math.PI) / 360) / 0.75;
  const yaw = 0.5;
  const pitch = -0.45;
  const f = [-Math.sin(yaw) * Math.cos(pitch), Math.sin(pitch), -Math.cos(yaw) * Math.cos(pitch)];
  const eye: [number, number, number] = [cx - f[0] * dist, cy - f[1] * dist, cz - f[2] * dist];
  const cam = makeCamera(eye, yaw, pitch, size, size, hfov);
  const rgb = Buffer.allocUnsafe(size * size * 3);
  const frame: Frame = { width: size, height: size, rgb, invZ: new Float32Array(size * size) };
  for (let j = 0; j < size; j++) {
    const k = 236 - Math.round((18 * j) / size);
    for (let i = 0; i < size; i++) rgb.set([k, k, k + 4], 3 * (j * size + i));
  }
  // a light tabletop under the object grounds it
  const table = new SolidBatch();
  const pad = extent * 3;
  table.add(
    { x0: cx - pad, x1: cx + pad, y0: b.y0 - 0.02, y1: b.y0, z0: cz - pad, z1: cz + pad },
    shadedFaces([214, 200, 178]),
  );
  drawBatch(frame, cam, table);
  drawBatch(frame, cam, objectSolids([obj]).batch);
  return { width: size, height: size, rgb };
}
