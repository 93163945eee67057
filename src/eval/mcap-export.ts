/**
 * One kept episode (an events.jsonl and its views/, as `polar eval --trajectories` and `polar
 * run` write them) as an MCAP file that Foxglove opens as a 3-D scene (frames and shapes in
 * ./mcap-scene.ts): the views as foxglove.CompressedImage (the stored bytes, untouched) with a
 * pinhole calibration each, the pose as foxglove.PoseInFrame and a map→base_link
 * foxglove.FrameTransform, the three cameras as base_link→camera_<view> transforms, the house
 * (map.png and map.json, when the trajectory kept them) as a foxglove.Grid and the picture, the
 * walk as a line, the harness's targets and distractors on request, the decisions as
 * foxglove.Log lines, and every event whole on a JSON-schema channel. Messages are JSON-encoded
 * (bytes as base64), as Foxglove reads them. A Foxglove layout is written beside the file.
 *
 * The clock is simulated: an event's time is its step at STEP_SECONDS a step (the pace of the
 * controller the episode stands for), from the request's clock; the compute time an episode took
 * says nothing about the robot, and played back at it a 165-step walk lasts two seconds.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { EpisodeEvent } from "../agent/index.ts";
import { SimulatorConfig } from "../sim/index.ts";
import { asSegment, readDataFile } from "../util/index.ts";
import { MAP_IMAGE, MAP_INFO, type MapInfo } from "./episode-map.ts";
import {
  checkLayoutTarget,
  checkTarget,
  ExportInputError,
  gridPixels,
  layoutPathOf,
  ownFile,
  readEvents,
  readMapInfo,
  resolveEpisodeDir,
  storedViews,
  writeNew,
} from "./mcap-files.ts";
import { McapRecorder } from "./mcap-recorder.ts";
import {
  analysisUpdate,
  BASE_FRAME,
  baseTransform,
  calibration,
  cameraFrame,
  cameraTransforms,
  foxgloveLayout,
  MAP_FRAME,
  mapGrid,
  pathUpdate,
  type Vec3,
  VIEWS,
  type View,
} from "./mcap-scene.ts";

export const VIEW_TOPICS = VIEWS.map((v) => `/views/${v}`);
export const TOPICS = {
  pose: "/pose",
  /** map → base_link, a message per pose */
  tf: "/tf",
  /** base_link → camera_front, camera_left, camera_right, a message per pose */
  cameras: "/tf/cameras",
  log: "/log",
  events: "/polar/events",
  /** the house as a foxglove.Grid (map.png's colours, map.json's resolution and origin), once */
  map: "/map",
  /** map.png as it is, once */
  mapImage: "/map/image",
  /** the walk so far as one line, a message per move */
  path: "/path",
  /** the harness's targets, distractors and shortest route (only with --analysis) */
  analysis: "/analysis",
} as const;

/**
 * Simulated seconds a step takes: the pace of the controller an episode stands for (one
 * MOVE_FORWARD of the default 1 m body, or one 30° turn, at 2 steps a second). The simulator has
 * no clock of its own; --step-seconds sets another pace.
 */
export const STEP_SECONDS = 0.5;
/** the camera's height over the floor: the default body's (src/sim/config.ts); events do not record it */
const EYE_HEIGHT = SimulatorConfig.parse({}).agent.height;

const LOG = { info: 2, warning: 3, error: 4 } as const;

export const ExportArgs = z.strictObject({
  /** an episode folder (holds events.jsonl), or an evaluation folder with `episode` */
  dir: z.string().min(1, "is empty"),
  episode: z.string().min(1, "is empty").optional(),
  out: z.string().min(1, "is empty").optional(),
  /** replace an existing MCAP file (without it, one is never overwritten); the layout is always rewritten */
  force: z.boolean().optional(),
  /** simulated seconds a step (default STEP_SECONDS) */
  stepSeconds: z.number().positive().max(3600).optional(),
  /** add the harness's targets, distractors and shortest route from map.json on /analysis */
  analysis: z.boolean().optional(),
});
export type ExportArgs = z.infer<typeof ExportArgs>;

export interface ExportSummary {
  file: string;
  episodeDir: string;
  episodeId: string;
  messages: Record<string, number>;
  /** views a `views` event names whose file was not kept (the view budget, or the agent took none) */
  missingViews: number;
  /** lines of events.jsonl that are not an event this version knows, left out */
  skippedLines: number;
  bytes: number;
  /** the Foxglove layout written beside the file */
  layout: string;
  stepSeconds: number;
  /** the episode's steps (its end event's, else the last step seen) and their simulated length */
  steps: number;
  seconds: number;
  /** why the map grid or the analysis was left out (no map.json, a damaged one), if it was */
  notes: string[];
}

/** What the messages of one export read: the folder, the map, the clock, the walk so far. */
interface ExportRun {
  args: ExportArgs;
  dir: string;
  rec: McapRecorder;
  mapPng: Buffer | null;
  mapInfo: MapInfo | null;
  grid: Buffer | null;
  stored: ReturnType<typeof storedViews>;
  calibrated: Set<string>;
  path: Vec3[];
  missingViews: number;
}

type Stamp = { sec: number; nsec: number };

/** Writes the MCAP file and its layout; returns what went in. */
export async function exportEpisode(raw: ExportArgs): Promise<ExportSummary> {
  const args = ExportArgs.parse(raw);
  const dir = resolveEpisodeDir(args);
  const { events, skipped } = readEvents(join(dir, "events.jsonl"));
  const start = events.find((e) => e.type === "episode_start");
  if (!start) throw new ExportInputError(`${join(dir, "events.jsonl")} has no episode_start event`);
  const episodeId = start.episodeId;
  // the id comes from a file: it names the MCAP file only when it is one plain name
  const file = args.out ?? join(dir, `${asSegment(episodeId, "the episode id in events.jsonl")}.mcap`);
  const layoutFile = layoutPathOf(file);
  checkTarget(file, args.force === true);
  checkLayoutTarget(layoutFile);
  const stepSeconds = args.stepSeconds ?? STEP_SECONDS;
  const stepNs = BigInt(Math.round(stepSeconds * 1e9));

  const notes: string[] = [];
  const mapPng = ownFile(join(dir, MAP_IMAGE));
  const mapInfo = readMapInfo(dir, notes);
  const grid = mapPng && mapInfo ? await gridPixels(mapPng, mapInfo, notes) : null;
  if (args.analysis && !mapInfo) notes.push(`--analysis: no usable ${MAP_INFO}, so no /analysis layer`);

  // the request's clock when it had one, so Foxglove shows the time rules read; else the epoch
  const baseNs = start.type === "episode_start" && start.clock ? BigInt(Date.parse(start.clock.at)) * 1_000_000n : 0n;
  const rec = new McapRecorder();
  await rec.start();
  const run: ExportRun = {
    args,
    dir,
    rec,
    mapPng,
    mapInfo,
    grid,
    stored: storedViews(dir),
    calibrated: new Set(),
    path: [],
    missingViews: 0,
  };
  // the step an event belongs to: its own, else the last one seen (a plan or a grounding is
  // made at the step the robot stands on); never back, so a reader's time order is the stream's
  let step = 0;
  for (const e of events) {
    if ("step" in e && typeof e.step === "number" && e.step > step) step = e.step;
    if (e.type === "episode_end" && e.steps > step) step = e.steps;
    const ns = baseNs + BigInt(step) * stepNs;
    await addEvent(run, e, ns, { sec: Number(ns / 1_000_000_000n), nsec: Number(ns % 1_000_000_000n) });
  }
  const analysis = args.analysis === true && mapInfo !== null;
  const { bytes, size } = await rec.end({
    episode: episodeId,
    clock: "simulated: an event's time is its step × step_seconds, from the request's clock (else the epoch)",
    step_seconds: String(stepSeconds),
    steps: String(step),
    fixed_frame: MAP_FRAME,
    frames: `${MAP_FRAME} → ${BASE_FRAME} → ${VIEWS.map(cameraFrame).join(", ")}`,
    eye_height_m: String(EYE_HEIGHT),
    analysis: analysis ? "harness ground truth on /analysis" : "none",
  });
  const layout = foxgloveLayout({
    map: grid ? TOPICS.map : null,
    path: TOPICS.path,
    analysis: analysis ? TOPICS.analysis : null,
    tf: [TOPICS.tf, TOPICS.cameras],
    views: VIEW_TOPICS,
  });
  writeNew(file, bytes, args.force === true);
  // replaced, not written through: a link in its place is replaced, not followed
  writeNew(layoutFile, Buffer.from(`${JSON.stringify(layout, null, 2)}\n`), true);
  return {
    file,
    episodeDir: dir,
    episodeId,
    messages: rec.counts,
    missingViews: run.missingViews,
    skippedLines: skipped,
    bytes: size,
    layout: layoutFile,
    stepSeconds,
    steps: step,
    seconds: step * stepSeconds,
    notes,
  };
}

/** One event's messages: itself, its scene (map, pose, path, views) and its log line. */
async function addEvent(run: ExportRun, e: EpisodeEvent, ns: bigint, stamp: Stamp): Promise<void> {
  await run.rec.add(TOPICS.events, "polar.EpisodeEvent", ns, e);
  if (e.type === "episode_start") await addHouse(run, ns, stamp);
  if (e.type === "pose") await addPose(run, e.pose, ns, stamp);
  else if (e.type === "views") await addViews(run, e, ns, stamp);
  const line = logLine(e);
  if (line)
    await run.rec.add(TOPICS.log, "foxglove.Log", ns, {
      timestamp: stamp,
      level: line.level,
      message: line.message,
      name: e.type,
      file: "events.jsonl",
      line: e.seq + 1,
    });
}

/** The house, once at the start: the grid, the map as drawn, and (--analysis) the harness's layer. */
async function addHouse(run: ExportRun, ns: bigint, stamp: Stamp): Promise<void> {
  const { rec, grid, mapInfo, mapPng } = run;
  if (grid && mapInfo) await rec.add(TOPICS.map, "foxglove.Grid", ns, mapGrid(stamp, mapInfo, grid));
  if (mapPng)
    await rec.add(TOPICS.mapImage, "foxglove.CompressedImage", ns, {
      timestamp: stamp,
      frame_id: MAP_FRAME,
      data: mapPng.toString("base64"),
      format: "png",
    });
  if (run.args.analysis && mapInfo)
    await rec.add(TOPICS.analysis, "foxglove.SceneUpdate", ns, analysisUpdate(stamp, mapInfo.analysis));
}

async function addPose(
  run: ExportRun,
  pose: { position: [number, number, number]; heading: number },
  ns: bigint,
  stamp: Stamp,
): Promise<void> {
  const tf = baseTransform(stamp, pose.position, pose.heading);
  await run.rec.add(TOPICS.pose, "foxglove.PoseInFrame", ns, {
    timestamp: stamp,
    frame_id: MAP_FRAME,
    pose: { position: tf.translation, orientation: tf.rotation },
  });
  await run.rec.add(TOPICS.tf, "foxglove.FrameTransform", ns, tf);
  await run.rec.add(TOPICS.cameras, "foxglove.FrameTransforms", ns, cameraTransforms(stamp, EYE_HEIGHT));
  // a turn leaves the line as it is: a new message only when the robot moved
  const last = run.path.at(-1);
  if (!last || last.x !== tf.translation.x || last.y !== tf.translation.y || last.z !== tf.translation.z) {
    run.path.push(tf.translation);
    await run.rec.add(TOPICS.path, "foxglove.SceneUpdate", ns, pathUpdate(stamp, run.path));
  }
}

/** The views kept for the step, each with its camera's pinhole the first time its size is known. */
async function addViews(
  run: ExportRun,
  e: Extract<EpisodeEvent, { type: "views" }>,
  ns: bigint,
  stamp: Stamp,
): Promise<void> {
  for (const v of run.stored.get(e.step) ?? []) {
    const topic = `/views/${v.view}`;
    const img = e.images.find((i) => i.view === v.view);
    // a pinhole per camera, once its size is known, so Foxglove can place the view in 3-D
    if (!run.calibrated.has(topic) && img && run.mapInfo) {
      run.calibrated.add(topic);
      await run.rec.add(
        `${topic}/calibration`,
        "foxglove.CameraCalibration",
        ns,
        calibration(stamp, v.view as View, img.width, img.height, run.mapInfo.hfov),
      );
    }
    await run.rec.add(topic, "foxglove.CompressedImage", ns, {
      timestamp: stamp,
      frame_id: cameraFrame(v.view as View),
      data: readDataFile(join(run.dir, "views", v.ref), { noFollow: true }).toString("base64"),
      format: v.format,
    });
  }
  run.stored.delete(e.step);
  run.missingViews += e.images.filter((img) => !existsSync(join(run.dir, "views", img.ref))).length;
}

/** The decisions, grounding, rule verdicts that changed something, and the stop, in a line each. */
function logLine(e: EpisodeEvent): { level: number; message: string } | null {
  switch (e.type) {
    case "episode_start":
      return { level: LOG.info, message: `start: "${e.instruction}" (${e.scenario}, user ${e.userId})` };
    case "grounding":
      return { level: LOG.info, message: `grounding: ${e.objectId ?? "nothing"} (${e.category ?? "?"}): ${e.reason}` };
    case "plan":
      return { level: LOG.info, message: `plan: go to ${e.label} (${e.roomId}): ${e.reason}` };
    case "low_level":
      return { level: LOG.info, message: `low level (${e.trigger}): ${e.decision}: ${e.reason}` };
    case "action":
      return e.collided ? { level: LOG.warning, message: `collided on ${e.action}` } : null;
    case "model_call":
      return e.error
        ? { level: LOG.error, message: `model call ${e.task} (${e.model}) failed: ${e.error}` }
        : { level: LOG.info, message: `model call ${e.task} (${e.model}), ${Math.round(e.latencyMs)} ms` };
    case "rule_block":
      return { level: LOG.warning, message: `rule block: ${e.subject} (${e.stage}): ${e.reason}` };
    case "rule_revision":
      return { level: LOG.warning, message: `rule revision ${e.revision} of ${e.subject} (${e.stage})` };
    case "reply":
      return { level: LOG.info, message: `reply: ${e.text}` };
    case "episode_end":
      return {
        level: e.error ? LOG.error : LOG.info,
        message: `end: ${e.success ? "success" : "failure"}, ${e.steps} steps, SPL ${e.spl.toFixed(3)}${e.stopped ? ", stopped" : ""}${e.error ? `, error: ${e.error}` : ""}`,
      };
    default:
      return null;
  }
}
