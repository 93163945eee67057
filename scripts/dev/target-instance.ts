/**
 * The target's opaque instance id in a logged episode (development scripts only): the instance of
 * the target's category whose positions, estimated from the views it was logged in, lie nearest
 * the harness's target position (median within 1.5 m).
 */
import { estimatePosition } from "../../src/perception/index.ts";
import type { Pose } from "../../src/sim/index.ts";

const CAMERA = { width: 320, height: 240, hfovDeg: 90 };
const VIEWS = ["front", "left", "right"] as const;

export function targetInstance(
  events: Record<string, unknown>[],
  category: string,
  target: [number, number],
): string | null {
  let pose: Pose | null = null;
  const near = new Map<string, number[]>();
  for (const e of events) {
    if (e.type === "pose") pose = e.pose as Pose;
    if (e.type !== "views" || !pose) continue;
    const visible = e.visible as Record<string, { id: string; category: string }[]>;
    for (const v of VIEWS)
      for (const i of visible[v] ?? []) {
        if (i.category !== category) continue;
        // biome-ignore lint/suspicious/noExplicitAny: a logged instance
        const p = estimatePosition(pose, v, i as any, CAMERA);
        near.set(i.id, [...(near.get(i.id) ?? []), Math.hypot(p[0] - target[0], p[2] - target[1])]);
      }
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  let id: string | null = null;
  let best = 1.5;
  for (const [k, ds] of near) if (med(ds) < best) [id, best] = [k, med(ds)];
  return id;
}
