/**
 * An episode's metric map for an onlooker (the dashboard, a kept trajectory): the simulator's
 * top-down image of the house alone (rooms, walls, furniture, objects), taken once after the
 * episode's reset, and the harness's analysis of it (the targets, the same-category
 * distractors, the shortest path from the start). The page draws the agent, its field of view,
 * path and route on top from the event stream.
 *
 * All of it is ground truth the agent never receives: only the harness calls this, with the
 * simulator the agent cannot reach (AgentSimulator has no topdown), and it goes to the
 * onlooker's sink alone.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { Action, Image, ObjectSpec, Pose, Simulator } from "../sim/index.ts";

/** 2.5 cm a pixel, as `polar run`'s topdown.png: polar-mini's s1 is 504 × 332 px (about 9 KB), drawn down onto the page's 420 × 320 canvas */
export const MAP_METERS_PER_PIXEL = 0.025;
/** the most one episode's map image may take; a larger one is drawn coarser, once, or left out */
export const MAP_BUDGET_BYTES = 256 * 1024;
export const MAP_IMAGE = "map.png";
export const MAP_INFO = "map.json";

const XZ = z.tuple([z.number(), z.number()]);
const Placed = z.strictObject({ id: z.string(), category: z.string(), position: XZ });

/** map.json: what a replay needs to draw on map.png */
export const MapInfo = z.strictObject({
  version: z.literal(1),
  image: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  metersPerPixel: z.number().positive(),
  /** world [x, z] of the image's top-left corner */
  origin: XZ,
  /** the front camera's horizontal field of view, degrees (the page draws the agent's wedge) */
  hfov: z.number().positive().max(180),
  /** the harness's view, for analysis only: never given to the agent */
  analysis: z.strictObject({
    targets: z.array(Placed),
    distractors: z.array(Placed),
    /** world [x, z] points from the start to the nearest reachable target (plan_path), or null */
    shortestPath: z.array(XZ).nullable(),
    geodesic: z.number().nullable(),
  }),
});
export type MapInfo = z.infer<typeof MapInfo>;

export interface EpisodeMap {
  info: MapInfo;
  image: Image;
}

export interface MapInput {
  start: Pose;
  placements: readonly ObjectSpec[];
  targetIds: readonly string[];
  distractorIds: readonly string[];
  /** the body's MOVE_FORWARD length (m) and turn (degrees), to walk plan_path's actions into points */
  stepLength: number;
  turnAngle: number;
  hfov: number;
}

const plainMaps = new WeakMap<Simulator, boolean>();

/** Whether the bridge draws the house without the episode's marks (feature "topdown.marks"). */
async function drawsPlainMaps(sim: Simulator): Promise<boolean> {
  let yes = plainMaps.get(sim);
  if (yes === undefined) {
    yes = ((await sim.hello()).features ?? []).includes("topdown.marks");
    plainMaps.set(sim, yes);
  }
  return yes;
}

/**
 * The map of the episode just reset (the agent still at its start). null when the bridge cannot
 * draw the house without marking the targets: a map with the targets ringed would put the
 * harness's view where the page shows the robot's.
 */
export async function captureEpisodeMap(sim: Simulator, input: MapInput): Promise<EpisodeMap | null> {
  if (!(await drawsPlainMaps(sim))) return null;
  let mpp = MAP_METERS_PER_PIXEL;
  let r = await sim.topdown({ marks: false, format: "png", metersPerPixel: mpp });
  if ((r.imageData[0]?.data.length ?? Infinity) > MAP_BUDGET_BYTES) {
    mpp *= 2;
    r = await sim.topdown({ marks: false, format: "png", metersPerPixel: mpp });
  }
  const image = r.imageData[0];
  if (!image || image.data.length > MAP_BUDGET_BYTES) return null;
  const placed = (ids: readonly string[]) =>
    input.placements
      .filter((p) => ids.includes(p.id) && p.position)
      .map((p) => ({
        id: p.id,
        category: p.category,
        position: [p.position?.[0] ?? 0, p.position?.[2] ?? 0] as [number, number],
      }));
  const targets = placed(input.targetIds);
  let best: { geodesic: number; actions: Action[] } | null = null;
  for (const t of input.placements.filter((p) => input.targetIds.includes(p.id) && p.position)) {
    const plan = await sim.planPath({ goal: t.position as [number, number, number] });
    if (plan.reachable && plan.geodesic !== null && (!best || plan.geodesic < best.geodesic))
      best = { geodesic: plan.geodesic, actions: plan.actions };
  }
  return {
    image,
    info: {
      version: 1,
      image: MAP_IMAGE,
      width: image.width,
      height: image.height,
      metersPerPixel: r.metersPerPixel,
      origin: r.origin,
      hfov: input.hfov,
      analysis: {
        targets,
        distractors: placed(input.distractorIds),
        shortestPath: best ? walk(input.start, best.actions, input.stepLength, input.turnAngle) : null,
        geodesic: best?.geodesic ?? null,
      },
    },
  };
}

/** The points plan_path's actions stand the agent on (heading 0 faces -z; TURN_LEFT adds). */
export function walk(start: Pose, actions: readonly Action[], stepLength: number, turnDeg: number): [number, number][] {
  let [x, , z] = start.position;
  let h = start.heading;
  const out: [number, number][] = [[x, z]];
  const turn = (turnDeg * Math.PI) / 180;
  for (const a of actions) {
    if (a === "TURN_LEFT") h += turn;
    else if (a === "TURN_RIGHT") h -= turn;
    else if (a === "MOVE_FORWARD") {
      x -= Math.sin(h) * stepLength;
      z -= Math.cos(h) * stepLength;
      out.push([x, z]);
    }
  }
  return out;
}

/** Writes map.png and map.json into a run folder (a replay reads them back with readMap). */
export function writeMap(dir: string, map: EpisodeMap): void {
  writeFileSync(join(dir, MAP_IMAGE), map.image.data);
  writeFileSync(join(dir, MAP_INFO), `${JSON.stringify(map.info)}\n`);
}
