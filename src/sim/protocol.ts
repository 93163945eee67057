/**
 * The agent ⇄ simulator wire protocol: the single source of truth. `npm run gen:protocol`
 * writes sim-bridge/protocol/*.json from these schemas; the Python bridge validates against
 * those files.
 *
 * Conventions (Habitat's, so PInNED episodes need no conversion): metres, y up, positions
 * [x, y, z]; `heading` is yaw about +y in radians, 0 faces -z, positive turns left (counter-
 * clockwise seen from above), so forward is (-sin h, 0, -cos h).
 *
 * Framing: every request is one JSON text frame {id, verb, params}. Every reply is one JSON
 * text frame {id, ok, result | error}. A reply whose result holds `images` (for `step`:
 * `result.observation.images`) is followed, on the same connection and before any other frame,
 * by one binary frame per entry of `images`, in order, carrying the encoded bytes that the
 * entry announces.
 */
import { z } from "zod";

/**
 * major.minor: a minor version only adds optional fields, so a client reads any bridge of its
 * major version, and checks `hello`'s `features` before it relies on an addition.
 * 1.1: plan_path's avoidRegions and regions (feature "plan_path.avoidRegions"); topdown's
 *      marks (feature "topdown.marks").
 */
export const PROTOCOL_VERSION = "1.1";
/**
 * What `hello` may list in `features`: additions since 1.0 that a client must not use before
 * the bridge says it has them (a bridge that ignored avoidRegions would walk into the rooms).
 */
export const FEATURES = ["plan_path.avoidRegions", "topdown.marks"] as const;
export type Feature = (typeof FEATURES)[number];
export const MAX_MESSAGE_BYTES = 1 << 20;

export const PINNED_CATEGORIES = [
  "backpack",
  "bag",
  "ball",
  "book",
  "camera",
  "cellphone",
  "eyeglasses",
  "hat",
  "headphones",
  "keys",
  "laptop",
  "mug",
  "shoes",
  "teddy bear",
  "toy",
  "visor",
  "wallet",
  "watch",
] as const;
export const Category = z.enum(PINNED_CATEGORIES);
export type Category = z.infer<typeof Category>;

/**
 * Largest |coordinate| a position may have, metres. Any indoor scene fits many times over; the
 * bound keeps absurd values (1e15, 1e308) out of the simulators' grid and search code. zod's
 * numbers are finite already (JSON's 1e400 parses to Infinity and is refused).
 */
export const MAX_COORDINATE = 10_000;
const Coordinate = z
  .number()
  .min(-MAX_COORDINATE, { message: `coordinates are metres in [-${MAX_COORDINATE}, ${MAX_COORDINATE}]` })
  .max(MAX_COORDINATE, { message: `coordinates are metres in [-${MAX_COORDINATE}, ${MAX_COORDINATE}]` });
export const Vec3 = z.tuple([Coordinate, Coordinate, Coordinate]);
export type Vec3 = z.infer<typeof Vec3>;

export const Pose = z.strictObject({ position: Vec3, heading: z.number() });
export type Pose = z.infer<typeof Pose>;

export const ACTIONS = ["MOVE_FORWARD", "TURN_LEFT", "TURN_RIGHT", "STOP"] as const;
export const Action = z.enum(ACTIONS);
export type Action = z.infer<typeof Action>;

/** front looks along the heading; left and right are turned ±90° about +y. */
export const VIEWS = ["front", "left", "right"] as const;
export const ViewName = z.enum(VIEWS);
export type ViewName = z.infer<typeof ViewName>;

export const ObjectAttributes = z.strictObject({
  color: z.string().min(1),
  pattern: z.string().min(1).optional(),
  material: z.string().min(1).optional(),
  size: z.enum(["small", "medium", "large"]),
});
export type ObjectAttributes = z.infer<typeof ObjectAttributes>;

/** An object to place at reset: on a named receptacle (furniture) or at a position. */
export const ObjectSpec = z
  .strictObject({
    id: z.string().min(1),
    category: Category,
    attributes: ObjectAttributes.optional(),
    position: Vec3.optional(),
    receptacleId: z.string().min(1).optional(),
  })
  .refine((o) => o.position !== undefined || o.receptacleId !== undefined, {
    message: "needs a position or a receptacleId",
  });
export type ObjectSpec = z.infer<typeof ObjectSpec>;

export const VisibleInstance = z.strictObject({
  id: z.string(),
  category: z.string(),
  /** pixel box in the view of the part that shows (what is in front of it left out): [x0, y0, x1, y1] */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  /** euclidean distance from the camera, metres */
  distance: z.number().nonnegative(),
  /** visible pixel count, a proxy for how much of it is seen */
  pixels: z.number().int().nonnegative(),
});
export type VisibleInstance = z.infer<typeof VisibleInstance>;

export const ImageHeader = z.strictObject({
  view: z.string(),
  format: z.enum(["jpeg", "png"]),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.number().int().positive(),
});
export type ImageHeader = z.infer<typeof ImageHeader>;

export const Observation = z.strictObject({
  pose: Pose,
  stepCount: z.number().int().nonnegative(),
  visible: z.strictObject({
    front: z.array(VisibleInstance),
    left: z.array(VisibleInstance),
    right: z.array(VisibleInstance),
  }),
  images: z.array(ImageHeader).optional(),
});
export type Observation = z.infer<typeof Observation>;

/** Settings a run may set per scene; omitted ones keep the bridge's defaults. */
export const SimSettings = z.strictObject({
  stepLength: z.number().positive().max(10).optional(),
  turnAngle: z.number().min(1).max(180).optional(),
  agentRadius: z.number().positive().max(5).optional(),
  agentHeight: z.number().positive().max(10).optional(),
  successDistance: z.number().positive().max(1000).optional(),
  maxSteps: z.number().int().positive().optional(),
  camera: z
    .strictObject({
      width: z.number().int().min(16).max(4096).optional(),
      height: z.number().int().min(16).max(4096).optional(),
      hfov: z.number().positive().max(170).optional(),
      format: z.enum(["jpeg", "png"]).optional(),
      quality: z.number().int().min(1).max(100).optional(),
    })
    .optional(),
});
export type SimSettings = z.infer<typeof SimSettings>;

/** Which views to render and encode; omitted or empty means none (visible lists always come). */
const ViewsParam = z.union([z.boolean(), z.array(ViewName)]).optional();

// ---- requests -------------------------------------------------------------------------------

export const HelloParams = z.strictObject({ client: z.string().optional(), protocol: z.string().optional() });
export const LoadSceneParams = z.strictObject({
  /** "seed:42" for a procedural house, a scene file path, or a bridge-specific scene id */
  scene: z.string().min(1),
  settings: SimSettings.optional(),
});
export const ResetParams = z.strictObject({
  episodeId: z.string().optional(),
  start: Pose,
  /** replaces the scene's objects for this episode when given */
  objects: z.array(ObjectSpec).optional(),
  /** goal instances: success and SPL are measured against the nearest of them */
  targetIds: z.array(z.string()).optional(),
  views: ViewsParam,
});
export const StepParams = z.strictObject({ action: Action, views: ViewsParam });
/** Most regions one plan_path may avoid (a house has a few dozen rooms at most). */
export const MAX_AVOID_REGIONS = 64;
export const PlanPathParams = z.strictObject({
  goal: Vec3,
  /** stop planning this many actions ahead */
  maxActions: z.number().int().positive().max(10_000).optional(),
  /**
   * Region ids (as scene_info reports them) the path must not enter. The region the agent
   * stands in is exempt until the path first leaves it, so an agent inside a forbidden room can
   * walk out; it may not come back. A goal in an avoided region (the point or the navigable
   * point it snaps to), or no way round, is `reachable: false` with no actions. An id the scene
   * does not have is invalid_params at params.avoidRegions.<i>.
   */
  avoidRegions: z.array(z.string().min(1)).max(MAX_AVOID_REGIONS).optional(),
});
export const SceneInfoParams = z.strictObject({});
export const MetricsParams = z.strictObject({ objectIds: z.array(z.string()).optional() });
export const TopdownParams = z.strictObject({
  metersPerPixel: z.number().positive().optional(),
  format: z.enum(["png", "jpeg"]).optional(),
  /** draw the agent's path this episode */
  path: z.boolean().optional(),
  /**
   * false: the house alone (rooms, walls, furniture, the episode's objects all drawn alike),
   * without the agent, its path or the targets marked, for a client that draws those itself.
   * Sent only to a bridge with feature "topdown.marks"; default true.
   */
  marks: z.boolean().optional(),
});

export const VERB_PARAMS = {
  hello: HelloParams,
  load_scene: LoadSceneParams,
  reset: ResetParams,
  step: StepParams,
  plan_path: PlanPathParams,
  scene_info: SceneInfoParams,
  metrics: MetricsParams,
  topdown: TopdownParams,
} as const;
export type Verb = keyof typeof VERB_PARAMS;
export const VERBS = Object.keys(VERB_PARAMS) as Verb[];

export const Request = z.strictObject({
  id: z.union([z.string().min(1), z.number().int()]),
  verb: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type Request = z.infer<typeof Request>;

// ---- results --------------------------------------------------------------------------------

export const HelloResult = z.strictObject({
  protocol: z.string(),
  simulator: z.string(),
  version: z.string(),
  verbs: z.array(z.string()),
  actions: z.array(Action),
  views: z.array(ViewName),
  maxMessageBytes: z.number().int().positive(),
  /** protocol additions this bridge implements (FEATURES); absent on 1.0 bridges */
  features: z.array(z.string()).optional(),
});
export const SceneObject = z.strictObject({
  id: z.string(),
  category: z.string(),
  attributes: ObjectAttributes.optional(),
  position: Vec3,
  regionId: z.string().optional(),
  receptacleId: z.string().optional(),
});
export type SceneObject = z.infer<typeof SceneObject>;
export const Receptacle = z.strictObject({
  id: z.string(),
  kind: z.string(),
  regionId: z.string(),
  position: Vec3,
});
export type Receptacle = z.infer<typeof Receptacle>;
export const LoadSceneResult = z.strictObject({
  sceneId: z.string(),
  bounds: z.strictObject({ min: Vec3, max: Vec3 }),
  navigableArea: z.number().nonnegative(),
  receptacles: z.array(Receptacle),
  settings: SimSettings,
});
export const StepResult = z.strictObject({
  observation: Observation,
  collided: z.boolean(),
  /** true after STOP or when the step budget is spent */
  done: z.boolean(),
});
export const PlanPathResult = z.strictObject({
  actions: z.array(Action),
  reachable: z.boolean(),
  /** length of the shortest path to the goal (one that keeps out of avoidRegions when given) */
  geodesic: z.number().nonnegative().nullable(),
  /**
   * The regions the planned walk passes through, in order: the agent's own first, then each
   * region a position along the actions enters (consecutive repeats collapsed; floor outside
   * every region adds nothing). Sent by every bridge with feature "plan_path.avoidRegions",
   * with or without avoidRegions; absent from 1.0 bridges.
   */
  regions: z.array(z.string()).optional(),
});
export const Region = z.strictObject({
  id: z.string(),
  label: z.string(),
  waypoint: Vec3,
  bounds: z.strictObject({ min: Vec3, max: Vec3 }).optional(),
});
export type Region = z.infer<typeof Region>;
export const SceneInfoResult = z.strictObject({
  regions: z.array(Region),
  adjacency: z.array(z.tuple([z.string(), z.string()])),
});
export type SceneInfo = z.infer<typeof SceneInfoResult>;
export const MetricsResult = z.strictObject({
  pose: Pose,
  steps: z.number().int().nonnegative(),
  stopped: z.boolean(),
  /** metres walked this episode */
  pathLength: z.number().nonnegative(),
  /** geodesic from the episode's start to the nearest target (SPL's l_i); null without targets */
  shortestPath: z.number().nonnegative().nullable(),
  /** geodesic from the agent to each object (unreachable: null) */
  distances: z.record(z.string(), z.number().nonnegative().nullable()),
  targetIds: z.array(z.string()),
  /** agent within successDistance of a target */
  success: z.boolean(),
  /** id of the nearest object of any kind and its distance, for CM */
  nearestObject: z.strictObject({ id: z.string(), category: z.string(), distance: z.number() }).nullable(),
});
export type EpisodeMetrics = z.infer<typeof MetricsResult>;
export const TopdownResult = z.strictObject({
  image: ImageHeader,
  metersPerPixel: z.number().positive(),
  /** world [x, z] of the image's top-left pixel */
  origin: z.tuple([z.number(), z.number()]),
  images: z.array(ImageHeader),
});

export const VERB_RESULTS = {
  hello: HelloResult,
  load_scene: LoadSceneResult,
  reset: Observation,
  step: StepResult,
  plan_path: PlanPathResult,
  scene_info: SceneInfoResult,
  metrics: MetricsResult,
  topdown: TopdownResult,
} as const satisfies Record<Verb, z.ZodType>;

export const ERROR_CODES = [
  "bad_json",
  "bad_request",
  "unknown_verb",
  "invalid_params",
  "out_of_order",
  "too_large",
  "not_found",
  "unplaceable",
  "internal",
] as const;
export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorBody = z.strictObject({
  code: ErrorCode,
  message: z.string(),
  /** the offending field, e.g. "params.start.position" */
  path: z.string().optional(),
});
export const Reply = z.union([
  z.strictObject({ id: z.union([z.string(), z.number()]).nullable(), ok: z.literal(true), result: z.unknown() }),
  z.strictObject({ id: z.union([z.string(), z.number()]).nullable(), ok: z.literal(false), error: ErrorBody }),
]);
export type Reply = z.infer<typeof Reply>;
