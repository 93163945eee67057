/**
 * One simulator session: a scene, its nav grid and the current episode, driven verb by verb.
 * The WebSocket server gives each connection its own session; the in-process transport wraps
 * one directly. Every request's params are validated here with the protocol's zod schemas, so
 * both transports answer bad input the same way.
 */
import { randomBytes } from "node:crypto";
import { statSync } from "node:fs";
import type { z } from "zod";
import type { SimulatorConfig } from "../../src/sim/config.ts";
import {
  ACTIONS,
  FEATURES,
  MAX_MESSAGE_BYTES,
  type Pose,
  PROTOCOL_VERSION,
  type SimSettings,
  VERB_PARAMS,
  type VERB_RESULTS,
  VERBS,
  type Verb,
  VIEWS,
  type ViewName,
  type VisibleInstance,
} from "../../src/sim/protocol.ts";
import { type ResolvedSettings, settingsFromConfig } from "../../src/sim/settings.ts";
import { type Image, SimError } from "../../src/sim/simulator.ts";
import { checkRegionIds, RegionAvoidance, regionsAlong } from "./avoid.ts";
import type { DistanceField } from "./distance-field.ts";
import { encodeImage, encodeImages, imageHeader } from "./encode.ts";
import type { House, PlacedObject } from "./house.ts";
import { houseFromScene } from "./house-file.ts";
import { moveForward, turn } from "./motion.ts";
import { NavGrid } from "./navgrid.ts";
import { placeObjects } from "./objects.ts";
import { planActions } from "./plan-path.ts";
import { roomAdjacency } from "./regions.ts";
import { renderView } from "./render.ts";
import { renderTopdown } from "./topdown.ts";

export const SIMULATOR_NAME = "polar-embedded";
export const SIMULATOR_VERSION = "0.1.0";

type Result<V extends Verb> = z.infer<(typeof VERB_RESULTS)[V]>;
type Params<V extends Verb> = z.infer<(typeof VERB_PARAMS)[V]>;

function resolveSettings(base: ResolvedSettings, s: SimSettings = {}): ResolvedSettings {
  const { camera, ...rest } = s;
  const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  return { ...base, ...defined(rest), camera: { ...base.camera, ...defined(camera ?? {}) } } as ResolvedSettings;
}

const YAW: Record<ViewName, number> = { front: 0, left: Math.PI / 2, right: -Math.PI / 2 };

// ---- scene cache: several sessions on one house share its nav grid ---------------------------

interface LoadedScene {
  house: House;
  grid: NavGrid;
}
const SCENE_CACHE_SIZE = 4;
const sceneCache = new Map<string, LoadedScene>();

/** Keys of the scenes whose nav grids are cached now (most recent last), for diagnostics. */
export function cachedScenes(): string[] {
  return [...sceneCache.keys()];
}

function sceneKey(scene: string, resolution: number, radius: number): string {
  // a scene file that changed on disk is a different scene
  let version = "";
  if (!scene.startsWith("seed:")) {
    try {
      version = String(statSync(scene).mtimeMs);
    } catch {}
  }
  return `${scene}|${version}|${resolution}|${radius}`;
}

function loadScene(scene: string, resolution: number, radius: number): LoadedScene {
  const key = sceneKey(scene, resolution, radius);
  const hit = sceneCache.get(key);
  if (hit) {
    sceneCache.delete(key);
    sceneCache.set(key, hit);
    return hit;
  }
  let house: House;
  try {
    house = houseFromScene(scene);
  } catch (e) {
    if (e instanceof SimError) throw new SimError(e.code, e.message, "params.scene");
    throw e;
  }
  const loaded = { house, grid: NavGrid.build(house, { resolution, radius }) };
  sceneCache.set(key, loaded);
  if (sceneCache.size > SCENE_CACHE_SIZE) sceneCache.delete(sceneCache.keys().next().value as string);
  return loaded;
}

// ---- the session ------------------------------------------------------------------------------

interface Scene extends LoadedScene {
  sceneId: string;
  settings: ResolvedSettings;
}

interface Episode {
  start: Pose;
  pose: Pose;
  objects: PlacedObject[];
  byId: Map<string, PlacedObject>;
  /**
   * What the semantic sensor calls each object this episode: fresh random ids at every reset,
   * as a real sensor's per-episode instance ids are, so an agent cannot recognise an instance
   * across episodes by its id. Only metrics (the harness's verb) speak the reset's object ids.
   */
  sensorIds: Map<string, string>;
  targetIds: string[];
  /** x, z of every pose reached, for the top-down map */
  path: [number, number][];
  pathLength: number;
  steps: number;
  stopped: boolean;
  done: boolean;
  /** geodesic fields to objects, built on first use and kept for the episode */
  fields: Map<string, DistanceField>;
  shortestPath: number | null;
}

/** "objects[2].receptacleId" (engine style) → "params.objects.2.receptacleId" */
function paramsPath(path: string | undefined): string | undefined {
  return path === undefined ? undefined : `params.${path.replace(/\[(\d+)\]/g, ".$1")}`;
}

function finite(d: number): number | null {
  return Number.isFinite(d) ? d : null;
}

export class EmbeddedSession {
  private readonly base: ResolvedSettings;
  private scene: Scene | undefined;
  private episode: Episode | undefined;

  /**
   * `rawViews`: views come back as raw pixels with no wire headers, for a caller in the same
   * process (in-process.ts); a session behind a socket encodes them, as the protocol says.
   */
  constructor(
    private readonly config: SimulatorConfig,
    private readonly opts: { rawViews?: boolean } = {},
  ) {
    this.base = settingsFromConfig(config);
  }

  /** Validates params and runs one verb; `images` are the binary payloads the result announces. */
  async handle(verb: string, params: unknown): Promise<{ result: unknown; images: Image[] }> {
    if (!Object.hasOwn(VERB_PARAMS, verb)) {
      throw new SimError("unknown_verb", `unknown verb "${verb}"; known: ${VERBS.join(", ")}`, "verb");
    }
    const v = verb as Verb;
    const parsed = VERB_PARAMS[v].safeParse(params ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = ["params", ...issue.path.map(String)].join(".");
      throw new SimError("invalid_params", `${verb}: ${path}: ${issue.message}`, path);
    }
    const p = parsed.data as never;
    switch (v) {
      case "hello":
        return { result: this.hello(), images: [] };
      case "load_scene":
        return { result: this.loadScene(p), images: [] };
      case "reset":
        return this.reset(p);
      case "step":
        return this.step(p);
      case "plan_path":
        return { result: this.planPath(p), images: [] };
      case "scene_info":
        return { result: this.sceneInfo(), images: [] };
      case "metrics":
        return { result: this.metrics(p), images: [] };
      case "topdown":
        return this.topdown(p);
    }
  }

  private needScene(verb: string): Scene {
    if (!this.scene) throw new SimError("out_of_order", `${verb} before load_scene: load a scene first`);
    return this.scene;
  }

  private needEpisode(verb: string): { scene: Scene; ep: Episode } {
    const scene = this.needScene(verb);
    if (!this.episode) throw new SimError("out_of_order", `${verb} before reset: start an episode first`);
    return { scene, ep: this.episode };
  }

  hello(): Result<"hello"> {
    return {
      protocol: PROTOCOL_VERSION,
      simulator: SIMULATOR_NAME,
      version: SIMULATOR_VERSION,
      verbs: [...VERBS],
      actions: [...ACTIONS],
      views: [...VIEWS],
      maxMessageBytes: MAX_MESSAGE_BYTES,
      features: [...FEATURES],
    };
  }

  loadScene(p: Params<"load_scene">): Result<"load_scene"> {
    const settings = resolveSettings(this.base, p.settings);
    const { house, grid } = loadScene(p.scene, this.config.gridResolution, settings.agentRadius);
    this.scene = { house, grid, settings, sceneId: house.id };
    this.episode = undefined;
    const b = house.bounds;
    return {
      sceneId: house.id,
      bounds: { min: [b.x0, 0, b.z0], max: [b.x1, house.wallHeight, b.z1] },
      navigableArea: grid.navigableArea,
      receptacles: house.furniture
        .filter((f) => f.surface)
        .map((f) => ({
          id: f.id,
          kind: f.kind,
          regionId: f.roomId,
          position: [(f.rect.x0 + f.rect.x1) / 2, f.height, (f.rect.z0 + f.rect.z1) / 2],
        })),
      settings,
    };
  }

  async reset(p: Params<"reset">): Promise<{ result: Result<"reset">; images: Image[] }> {
    const scene = this.needScene("reset");
    const [x, , z] = p.start.position;
    const snapped = scene.grid.snap(x, z);
    if (!snapped) throw new SimError("unplaceable", "the scene has no navigable floor", "params.start.position");
    let objects: PlacedObject[];
    try {
      objects = p.objects ? placeObjects(scene.house, p.objects) : scene.house.objects;
    } catch (e) {
      if (e instanceof SimError) throw new SimError(e.code, e.message, paramsPath(e.path));
      throw e;
    }
    const byId = new Map(objects.map((o) => [o.id, o]));
    const targetIds = p.targetIds ?? [];
    targetIds.forEach((id, i) => {
      if (!byId.has(id)) {
        throw new SimError("not_found", `target "${id}" is not among the episode's objects`, `params.targetIds.${i}`);
      }
    });
    // a start off the grid (too close to furniture) moves to the nearest navigable point; the
    // houses have one floor, at y = 0, whatever height a dataset's start pose carries
    const start: Pose = { position: [snapped[0], 0, snapped[1]], heading: p.start.heading };
    const ep: Episode = {
      start,
      pose: start,
      objects,
      byId,
      sensorIds: sensorIdsFor(objects),
      targetIds,
      path: [[start.position[0], start.position[2]]],
      pathLength: 0,
      steps: 0,
      stopped: false,
      done: false,
      fields: new Map(),
      shortestPath: null,
    };
    this.episode = ep;
    if (targetIds.length) {
      const ds = targetIds.map((id) => this.objectDistance(scene, ep, ep.byId.get(id)!, start));
      ep.shortestPath = finite(Math.min(...ds));
    }
    return this.observe(scene, ep, p.views);
  }

  async step(p: Params<"step">): Promise<{ result: Result<"step">; images: Image[] }> {
    const { scene, ep } = this.needEpisode("step");
    if (ep.done) {
      const why = ep.stopped ? "after STOP" : `after the step budget of ${scene.settings.maxSteps}`;
      throw new SimError("out_of_order", `step ${why}: the episode is over; reset to start another`);
    }
    const s = scene.settings;
    let collided = false;
    switch (p.action) {
      case "MOVE_FORWARD": {
        const before = ep.pose.position;
        const moved = moveForward(scene.grid, ep.pose, s.stepLength);
        ep.pose = moved.pose;
        collided = moved.collided;
        const [x, , z] = ep.pose.position;
        ep.pathLength += Math.hypot(x - before[0], z - before[2]);
        ep.path.push([x, z]);
        break;
      }
      case "TURN_LEFT":
        ep.pose = turn(ep.pose, s.turnAngle);
        break;
      case "TURN_RIGHT":
        ep.pose = turn(ep.pose, -s.turnAngle);
        break;
      case "STOP":
        ep.stopped = true;
        break;
    }
    ep.steps++;
    ep.done = ep.stopped || ep.steps >= s.maxSteps;
    const { result: observation, images } = await this.observe(scene, ep, p.views);
    return { result: { observation, collided, done: ep.done }, images };
  }

  /**
   * Visible lists for all three views; pixels and encoding only for the views asked for. Each
   * view's encoding starts as soon as it is drawn, so sharp (on the thread pool) encodes one
   * view while this thread draws the next. With rawViews nothing is encoded.
   */
  private async observe(
    scene: Scene,
    ep: Episode,
    views: boolean | ViewName[] | undefined,
  ): Promise<{ result: Result<"reset">; images: Image[] }> {
    // the caller's order, as the reply announces the images in that order
    const order: ViewName[] = views === true ? [...VIEWS] : Array.isArray(views) ? [...new Set(views)] : [];
    const s = scene.settings;
    const cam = { width: s.camera.width, height: s.camera.height, hfov: s.camera.hfov, eyeHeight: s.agentHeight };
    const enc = { format: s.camera.format, quality: s.camera.quality };
    const visible = {} as Record<ViewName, VisibleInstance[]>;
    const encoding = new Map<ViewName, Promise<Image>>();
    for (const view of [...order, ...VIEWS.filter((v) => !order.includes(v))]) {
      const r = renderView(scene.house, ep.objects, ep.pose, YAW[view], cam, { image: order.includes(view) });
      visible[view] = r.visible.map((v) => ({ ...v, id: ep.sensorIds.get(v.id) ?? v.id }));
      if (r.rgb && this.opts.rawViews) {
        const raw: Image = { view, format: "rgb", width: r.width, height: r.height, data: r.rgb, encodeAs: enc };
        encoding.set(view, Promise.resolve(raw));
      } else if (r.rgb) {
        const job = encodeImage({ view, width: r.width, height: r.height, rgb: r.rgb }, enc);
        job.catch(() => {}); // awaited below; this only keeps a failure during a later draw from going unhandled
        encoding.set(view, job);
      }
    }
    const images = await Promise.all(order.map((v) => encoding.get(v)!));
    // raw views have no bytes to announce: headers describe binary frames on a socket
    const headers = images.flatMap((img) => (img.format === "rgb" ? [] : [imageHeader(img)]));
    const result: Result<"reset"> = {
      pose: { position: [...ep.pose.position], heading: ep.pose.heading },
      stepCount: ep.steps,
      visible: { front: visible.front, left: visible.left, right: visible.right },
      ...(headers.length ? { images: headers } : {}),
    };
    return { result, images };
  }

  /**
   * The object nearest the agent by geodesic distance, the first of ep.objects on a tie. No
   * object is nearer by the grid than in a straight line (each grid step is as long as the
   * segment it covers, and the last leg to the object is straight), so objects are measured in
   * order of straight distance until none left can be nearer: the answer measuring every object
   * gives, without a distance field per object per episode (they were a fifth of an
   * evaluation's CPU).
   */
  private nearestObject(
    scene: Scene,
    ep: Episode,
    known: Record<string, number | null>,
  ): Result<"metrics">["nearestObject"] {
    const [px, , pz] = ep.pose.position;
    const order = ep.objects
      .map((obj, index) => ({ obj, index, straight: Math.hypot(obj.position[0] - px, obj.position[2] - pz) }))
      .sort((a, b) => a.straight - b.straight || a.index - b.index);
    let best: { obj: PlacedObject; index: number; d: number } | null = null;
    for (const { obj, index, straight } of order) {
      if (best && straight - 1e-9 > best.d) break;
      const d =
        known[obj.id] !== undefined ? (known[obj.id] ?? Infinity) : this.objectDistance(scene, ep, obj, ep.pose);
      if (!Number.isFinite(d)) continue;
      if (!best || d < best.d || (d === best.d && index < best.index)) best = { obj, index, d };
    }
    return best ? { id: best.obj.id, category: best.obj.category, distance: best.d } : null;
  }

  private objectDistance(scene: Scene, ep: Episode, obj: PlacedObject, from: Pose): number {
    let field = ep.fields.get(obj.id);
    if (!field) {
      field = scene.grid.objectField(obj);
      ep.fields.set(obj.id, field);
    }
    return field.at(from.position[0], from.position[2]);
  }

  metrics(p: Params<"metrics">): Result<"metrics"> {
    const { scene, ep } = this.needEpisode("metrics");
    const ids = p.objectIds ?? ep.objects.map((o) => o.id);
    const distances: Record<string, number | null> = {};
    ids.forEach((id, i) => {
      const obj = ep.byId.get(id);
      if (!obj) throw new SimError("not_found", `object "${id}" is not in this episode`, `params.objectIds.${i}`);
      distances[id] = finite(this.objectDistance(scene, ep, obj, ep.pose));
    });
    const nearest = this.nearestObject(scene, ep, distances);
    const targetDistance = Math.min(
      ...ep.targetIds.map((id) => this.objectDistance(scene, ep, ep.byId.get(id)!, ep.pose)),
    );
    return {
      pose: { position: [...ep.pose.position], heading: ep.pose.heading },
      steps: ep.steps,
      stopped: ep.stopped,
      pathLength: ep.pathLength,
      shortestPath: ep.shortestPath,
      distances,
      targetIds: [...ep.targetIds],
      // Polar and PIN count success only for an agent that chose to STOP near the target
      success: ep.stopped && targetDistance <= scene.settings.successDistance,
      nearestObject: nearest,
    };
  }

  planPath(p: Params<"plan_path">): Result<"plan_path"> {
    const { scene, ep } = this.needEpisode("plan_path");
    const s = scene.settings;
    const [x, , z] = ep.pose.position;
    let avoid: RegionAvoidance | undefined;
    if (p.avoidRegions?.length) {
      checkRegionIds(scene.house, p.avoidRegions);
      avoid = new RegionAvoidance(scene.house, scene.grid, p.avoidRegions, [x, z]);
    }
    const plan = planActions(scene.grid, ep.pose, p.goal, {
      stepLength: s.stepLength,
      turnAngle: s.turnAngle,
      maxActions: p.maxActions ?? s.maxSteps,
      ...(avoid ? { avoid } : {}),
    });
    return {
      actions: plan.actions,
      reachable: plan.reachable,
      geodesic: plan.geodesic,
      regions: regionsAlong(scene.house, plan.positions, scene.grid.resolution / 2),
    };
  }

  sceneInfo(): Result<"scene_info"> {
    const { house, grid } = this.needScene("scene_info");
    return {
      regions: house.rooms.map((room) => {
        const [wx, wz] = grid.waypoint(room);
        return {
          id: room.id,
          label: room.label,
          waypoint: [wx, 0, wz],
          bounds: { min: [room.rect.x0, 0, room.rect.z0], max: [room.rect.x1, house.wallHeight, room.rect.z1] },
        };
      }),
      adjacency: roomAdjacency(house),
    };
  }

  async topdown(p: Params<"topdown">): Promise<{ result: Result<"topdown">; images: Image[] }> {
    const scene = this.needScene("topdown");
    const ep = this.episode;
    const metersPerPixel = p.metersPerPixel ?? 0.05;
    let map: ReturnType<typeof renderTopdown>;
    try {
      const marks = ep && p.marks !== false;
      map = renderTopdown(scene.house, ep?.objects ?? scene.house.objects, {
        metersPerPixel,
        ...(marks && p.path !== false ? { path: ep.path } : {}),
        ...(marks ? { agent: ep.pose, highlight: ep.targetIds } : {}),
      });
    } catch (e) {
      if (e instanceof RangeError) throw new SimError("invalid_params", e.message, "params.metersPerPixel");
      throw e;
    }
    const [image] = await encodeImages([{ view: "topdown", width: map.width, height: map.height, rgb: map.rgb }], {
      format: p.format ?? "png",
      quality: 90,
    });
    const header = imageHeader(image);
    return { result: { image: header, metersPerPixel, origin: map.origin, images: [header] }, images: [image] };
  }
}

function sensorIdsFor(objects: readonly PlacedObject[]): Map<string, string> {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  for (const o of objects) {
    let id: string;
    do id = `inst-${randomBytes(4).toString("hex")}`;
    while (used.has(id));
    used.add(id);
    ids.set(o.id, id);
  }
  return ids;
}
