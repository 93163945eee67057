/**
 * The top-down map: rooms coloured by label with their names, walls, furniture, objects as
 * category-coloured discs (highlighted ones ringed), the agent's path and the agent. Image x
 * is world x and image y is world z, so heading 0 (facing -z) points up.
 */
import type { Pose } from "../../src/sim/protocol.ts";
import { Canvas } from "./canvas.ts";
import type { RGB } from "./geometry.ts";
import type { House, PlacedObject } from "./house.ts";
import { categoryMarker, MAP_ROOM_COLORS } from "./palette.ts";
import { wallPieces } from "./structure.ts";

const MARGIN = 0.3;

export function renderTopdown(
  house: House,
  objects: PlacedObject[],
  opts: { metersPerPixel: number; path?: [number, number][]; agent?: Pose; highlight?: string[] },
): { width: number; height: number; rgb: Buffer; origin: [number, number] } {
  const mpp = opts.metersPerPixel;
  const b = house.bounds;
  const origin: [number, number] = [b.x0 - MARGIN, b.z0 - MARGIN];
  const width = Math.max(1, Math.ceil((b.x1 - b.x0 + 2 * MARGIN) / mpp));
  const height = Math.max(1, Math.ceil((b.z1 - b.z0 + 2 * MARGIN) / mpp));
  if (width * height > 16_000_000) throw new RangeError(`top-down map of ${width}×${height} px is too large`);
  const cv = new Canvas(width, height, [250, 250, 248]);
  const X = (x: number) => (x - origin[0]) / mpp;
  const Z = (z: number) => (z - origin[1]) / mpp;
  for (const room of house.rooms) {
    cv.fillRect(
      X(room.rect.x0),
      Z(room.rect.z0),
      X(room.rect.x1),
      Z(room.rect.z1),
      MAP_ROOM_COLORS[room.label] ?? [230, 230, 230],
    );
  }
  for (const f of house.furniture) {
    const c: RGB = [f.color[0] * 0.8, f.color[1] * 0.8, f.color[2] * 0.8];
    cv.fillRect(X(f.rect.x0), Z(f.rect.z0), X(f.rect.x1), Z(f.rect.z1), c, 0.75);
    cv.strokeRect(X(f.rect.x0), Z(f.rect.z0), X(f.rect.x1), Z(f.rect.z1), [90, 80, 70]);
  }
  for (const w of wallPieces(house)) {
    if (w.lintel) continue;
    cv.fillRect(X(w.box.x0), Z(w.box.z0), X(w.box.x1), Z(w.box.z1), [55, 55, 60]);
  }
  // room names, scaled to fit, centred
  for (const room of house.rooms) {
    const wpx = X(room.rect.x1) - X(room.rect.x0);
    let scale = Math.max(1, Math.floor(Math.min(3, (0.06 / mpp) * 1.2)));
    while (scale > 1 && Canvas.textWidth(room.label, scale) > wpx - 6) scale--;
    if (Canvas.textWidth(room.label, scale) > wpx - 4) continue;
    const tx = (X(room.rect.x0) + X(room.rect.x1)) / 2 - Canvas.textWidth(room.label, scale) / 2;
    const ty = Z(room.rect.z0) + 6;
    cv.text(tx, ty, room.label, [70, 70, 80], scale);
  }
  if (opts.path && opts.path.length > 1) {
    const pw = Math.max(2, 0.06 / mpp);
    for (let i = 1; i < opts.path.length; i++) {
      const [ax, az] = opts.path[i - 1];
      const [bx, bz] = opts.path[i];
      cv.line(X(ax), Z(az), X(bx), Z(bz), pw, [40, 110, 230]);
    }
  }
  const highlight = new Set(opts.highlight ?? []);
  for (const o of objects) {
    const r = Math.max(3, o.size / 2 / mpp);
    const [x, , z] = o.position;
    cv.disc(X(x), Z(z), r + 1, [255, 255, 255]);
    cv.disc(X(x), Z(z), r, categoryMarker(o.category));
    if (highlight.has(o.id)) cv.ring(X(x), Z(z), r + 4, 2.5, [230, 30, 30]);
  }
  if (opts.agent) {
    const [x, , z] = opts.agent.position;
    const h = opts.agent.heading;
    const fx = -Math.sin(h);
    const fz = -Math.cos(h);
    const r = Math.max(4, 0.2 / mpp);
    cv.disc(X(x), Z(z), r, [250, 140, 20]);
    const tip: [number, number] = [X(x) + fx * r * 1.8, Z(z) + fz * r * 1.8];
    const left: [number, number] = [X(x) - fz * r * 0.7, Z(z) + fx * r * 0.7];
    const right: [number, number] = [X(x) + fz * r * 0.7, Z(z) - fx * r * 0.7];
    cv.triangle([tip, left, right], [200, 60, 10]);
  }
  return { width, height, rgb: cv.rgb, origin };
}
