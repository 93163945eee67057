/**
 * The 3-D scene of an exported episode (src/eval/mcap-export.ts) in Foxglove's frames and message
 * shapes: the robot and its three cameras as frames, the house as a foxglove.Grid, the walk as a
 * line, the harness's targets and distractors as marks, and a layout that shows them.
 *
 * Frames: the simulator's world is y-up with heading 0 facing -z; Foxglove's is z-up, so a world
 * (x, y, z) is map (x, -z, y) and a heading h is a yaw of h + π/2 about z. base_link has x forward,
 * z up; a camera frame is optical (z forward, x right, y down), as Foxglove projects images.
 */
import type { MapInfo } from "./episode-map.ts";

export const MAP_FRAME = "map";
export const BASE_FRAME = "base_link";
export const VIEWS = ["front", "left", "right"] as const;
export type View = (typeof VIEWS)[number];
/** the views' turn from the heading, as the simulator renders them (sim-bridge/embedded/session.ts) */
export const VIEW_YAW: Record<View, number> = { front: 0, left: Math.PI / 2, right: -Math.PI / 2 };
export const cameraFrame = (view: View) => `camera_${view}`;

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}
export interface Quat extends Vec3 {
  w: number;
}
export interface Stamp {
  sec: number;
  nsec: number;
}

const IDENTITY: Quat = { x: 0, y: 0, z: 0, w: 1 };

/** A world [x, y, z] as a point of the map frame. */
export const toMap = (p: readonly number[]): Vec3 => ({ x: p[0] ?? 0, y: -(p[2] ?? 0), z: p[1] ?? 0 });

export const yawQuat = (yaw: number): Quat => ({ x: 0, y: 0, z: Math.sin(yaw / 2), w: Math.cos(yaw / 2) });

/** a ⊗ b: b's rotation first, then a's */
export function mulQuat(a: Quat, b: Quat): Quat {
  return {
    w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
    x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
    y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
    z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
  };
}

/** body (x forward, z up) to optical (z forward, x right, y down) */
const OPTICAL: Quat = { x: -0.5, y: 0.5, z: -0.5, w: 0.5 };

/** The robot on the map: map → base_link for a world pose. */
export function baseTransform(stamp: Stamp, position: readonly number[], heading: number) {
  return {
    timestamp: stamp,
    parent_frame_id: MAP_FRAME,
    child_frame_id: BASE_FRAME,
    translation: toMap(position),
    rotation: yawQuat(heading + Math.PI / 2),
  };
}

/** base_link → camera_<view> for the three views, the cameras at eye height. */
export function cameraTransforms(stamp: Stamp, eyeHeight: number) {
  return {
    transforms: VIEWS.map((v) => ({
      timestamp: stamp,
      parent_frame_id: BASE_FRAME,
      child_frame_id: cameraFrame(v),
      translation: { x: 0, y: 0, z: eyeHeight },
      rotation: mulQuat(yawQuat(VIEW_YAW[v]), OPTICAL),
    })),
  };
}

/** A pinhole camera of the given size and horizontal field of view, for Foxglove to project a view. */
export function calibration(stamp: Stamp, view: View, width: number, height: number, hfovDeg: number) {
  const f = width / 2 / Math.tan((hfovDeg * Math.PI) / 360);
  const cx = width / 2;
  const cy = height / 2;
  return {
    timestamp: stamp,
    frame_id: cameraFrame(view),
    width,
    height,
    distortion_model: "plumb_bob",
    D: [0, 0, 0, 0, 0],
    K: [f, 0, cx, 0, f, cy, 0, 0, 1],
    R: [1, 0, 0, 0, 1, 0, 0, 0, 1],
    P: [f, 0, cx, 0, 0, f, cy, 0, 0, 0, 1, 0],
  };
}

/** cell fields of the map grid: the picture's own colours, a byte each */
export const GRID_FIELDS = ["red", "green", "blue", "alpha"] as const;
const UINT8 = 1;

/**
 * map.png as a foxglove.Grid in the map frame. `rgba` is the picture's pixels, 4 bytes each, rows
 * from the top (world z = origin z). The map frame's y is world -z, so the grid's rows run from
 * the picture's bottom row and its corner is the picture's bottom-left.
 */
export function mapGrid(stamp: Stamp, info: MapInfo, rgba: Buffer) {
  const { width, height, metersPerPixel: mpp, origin } = info;
  const row = width * 4;
  const data = Buffer.alloc(row * height);
  for (let r = 0; r < height; r++) rgba.copy(data, r * row, (height - 1 - r) * row, (height - r) * row);
  return {
    timestamp: stamp,
    frame_id: MAP_FRAME,
    pose: { position: { x: origin[0], y: -(origin[1] + height * mpp), z: 0 }, orientation: IDENTITY },
    column_count: width,
    cell_size: { x: mpp, y: mpp },
    row_stride: row,
    cell_stride: 4,
    fields: GRID_FIELDS.map((name, offset) => ({ name, offset, type: UINT8 })),
    data: data.toString("base64"),
  };
}

type Rgba = { r: number; g: number; b: number; a: number };
const PATH_COLOR: Rgba = { r: 0.1, g: 0.45, b: 0.95, a: 1 };
const TARGET_COLOR: Rgba = { r: 0.1, g: 0.75, b: 0.25, a: 0.9 };
const DISTRACTOR_COLOR: Rgba = { r: 0.95, g: 0.55, b: 0.1, a: 0.9 };
const ROUTE_COLOR: Rgba = { r: 0.4, g: 0.4, b: 0.4, a: 0.8 };
/** lines and marks sit this far above the floor, over the map grid */
const LIFT = 0.03;
const LINE_STRIP = 0;

function entity(stamp: Stamp, id: string, parts: Record<string, unknown>) {
  return {
    timestamp: stamp,
    frame_id: MAP_FRAME,
    id,
    lifetime: { sec: 0, nsec: 0 },
    frame_locked: false,
    metadata: [],
    arrows: [],
    cubes: [],
    spheres: [],
    cylinders: [],
    lines: [],
    triangles: [],
    texts: [],
    models: [],
    ...parts,
  };
}

function lineStrip(points: Vec3[], color: Rgba, thickness: number) {
  return {
    type: LINE_STRIP,
    pose: { position: { x: 0, y: 0, z: 0 }, orientation: IDENTITY },
    thickness,
    scale_invariant: false,
    points: points.map((p) => ({ ...p, z: p.z + LIFT })),
    color,
    colors: [],
    indices: [],
  };
}

/** The walk so far as one line (entity "path"), replacing the one before. */
export function pathUpdate(stamp: Stamp, points: Vec3[]) {
  return { deletions: [], entities: [entity(stamp, "path", { lines: [lineStrip(points, PATH_COLOR, 0.06)] })] };
}

/**
 * The harness's analysis from map.json: each target and same-category distractor as a sphere with
 * its id and category, and the shortest route from the start. Ground truth: written only when the
 * user asks (--analysis), as an export of the harness's record, never the agent's.
 */
export function analysisUpdate(stamp: Stamp, analysis: MapInfo["analysis"]) {
  const mark = (kind: "target" | "distractor", p: { id: string; category: string; position: [number, number] }) => {
    const at = { x: p.position[0], y: -p.position[1], z: 0 };
    const color = kind === "target" ? TARGET_COLOR : DISTRACTOR_COLOR;
    return entity(stamp, `${kind}:${p.id}`, {
      metadata: [
        { key: "kind", value: kind },
        { key: "category", value: p.category },
      ],
      spheres: [
        {
          pose: { position: { ...at, z: 0.25 }, orientation: IDENTITY },
          size: { x: 0.35, y: 0.35, z: 0.35 },
          color,
        },
      ],
      texts: [
        {
          pose: { position: { ...at, z: 0.7 }, orientation: IDENTITY },
          billboard: true,
          font_size: 14,
          scale_invariant: true,
          color,
          text: `${kind}: ${p.category} (${p.id})`,
        },
      ],
    });
  };
  const entities = [
    ...analysis.targets.map((t) => mark("target", t)),
    ...analysis.distractors.map((d) => mark("distractor", d)),
  ];
  if (analysis.shortestPath && analysis.shortestPath.length > 1)
    entities.push(
      entity(stamp, "shortest-path", {
        lines: [
          lineStrip(
            analysis.shortestPath.map(([x, z]) => ({ x, y: -z, z: 0 })),
            ROUTE_COLOR,
            0.03,
          ),
        ],
      }),
    );
  return { deletions: [], entities };
}

/**
 * A Foxglove layout (Layouts → Import from file): a 3-D panel in the map frame following the robot
 * with the map, the path, the analysis when there is one and the camera views, and an image panel
 * per camera.
 */
export function foxgloveLayout(topics: {
  map: string | null;
  path: string;
  analysis: string | null;
  tf: string[];
  views: string[];
}) {
  const scene: Record<string, unknown> = {};
  if (topics.map) scene[topics.map] = { visible: true, colorMode: "rgba-fields", frameLocked: false };
  scene[topics.path] = { visible: true };
  if (topics.analysis) scene[topics.analysis] = { visible: true };
  for (const t of topics.views) scene[t] = { visible: true, distance: 0.6 };
  const image = (topic: string) => ({
    imageMode: { imageTopic: topic, calibrationTopic: `${topic}/calibration` },
    cameraState: {},
    topics: {},
    layers: {},
    transforms: {},
    scene: {},
    publish: {},
  });
  const configById: Record<string, unknown> = {
    "3D!scene": {
      followMode: "follow-position",
      followTf: BASE_FRAME,
      scene: { transforms: { showLabel: false } },
      transforms: { [`frame:${MAP_FRAME}`]: { visible: true } },
      topics: scene,
      layers: { grid: { visible: false, layerId: "foxglove.Grid" } },
      cameraState: { distance: 12, perspective: true, phi: 50, thetaOffset: 0, targetOffset: [0, 0, 0] },
      publish: {},
      imageMode: {},
    },
  };
  const [front, left, right] = topics.views.map((t, i) => {
    const id = `Image!${VIEWS[i] ?? i}`;
    configById[id] = image(t);
    return id;
  });
  return {
    configById,
    globalVariables: {},
    userNodes: {},
    playbackConfig: { speed: 1 },
    layout: {
      direction: "row",
      first: "3D!scene",
      second: {
        direction: "column",
        first: front ?? "",
        second: { direction: "column", first: left ?? "", second: right ?? "", splitPercentage: 50 },
        splitPercentage: 34,
      },
      splitPercentage: 62,
    },
  };
}
