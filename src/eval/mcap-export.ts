/**
 * One kept episode (an events.jsonl and its views/, as `polar eval --trajectories` and `polar
 * run` write them) as an MCAP file that Foxglove opens: the views as foxglove.CompressedImage
 * (the stored JPEG bytes, untouched), the pose as foxglove.PoseInFrame and a world→base_link
 * foxglove.FrameTransform, the decisions as foxglove.Log lines, the house from above (map.png,
 * when the trajectory kept one) as one foxglove.CompressedImage, and every event whole on a
 * JSON-schema channel. Messages are JSON-encoded (bytes as base64), as Foxglove reads them.
 *
 * Frames: the simulator's world is y-up with heading 0 facing -z; Foxglove's is z-up, so
 * (x, y, z) → (x, -z, y) and a heading h is a yaw of h + π/2 about z.
 */
import {
  type Dirent,
  existsSync,
  linkSync,
  readdirSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import { McapWriter } from "@mcap/core";
import { z } from "zod";
import { EpisodeEvent } from "../agent/index.ts";
import { asSegment, DataFileError, readDataFile, readDataText } from "../util/index.ts";
import { MAP_IMAGE } from "./episode-map.ts";

export const VIEW_TOPICS = ["front", "left", "right"].map((v) => `/views/${v}`);
export const TOPICS = {
  pose: "/pose",
  tf: "/tf",
  log: "/log",
  events: "/polar/events",
  /** the house from above (map.png), once at the start, when the trajectory kept its map */
  map: "/map",
} as const;

const TIME = {
  type: "object",
  properties: { sec: { type: "integer", minimum: 0 }, nsec: { type: "integer", minimum: 0 } },
};
const VEC3 = { type: "object", properties: { x: { type: "number" }, y: { type: "number" }, z: { type: "number" } } };
const QUAT = {
  type: "object",
  properties: { x: { type: "number" }, y: { type: "number" }, z: { type: "number" }, w: { type: "number" } },
};

/** the foxglove schemas this file uses, trimmed to the fields it writes */
const SCHEMAS = {
  "foxglove.CompressedImage": {
    type: "object",
    properties: {
      timestamp: TIME,
      frame_id: { type: "string" },
      data: { type: "string", contentEncoding: "base64" },
      format: { type: "string" },
    },
  },
  "foxglove.PoseInFrame": {
    type: "object",
    properties: {
      timestamp: TIME,
      frame_id: { type: "string" },
      pose: { type: "object", properties: { position: VEC3, orientation: QUAT } },
    },
  },
  "foxglove.FrameTransform": {
    type: "object",
    properties: {
      timestamp: TIME,
      parent_frame_id: { type: "string" },
      child_frame_id: { type: "string" },
      translation: VEC3,
      rotation: QUAT,
    },
  },
  "foxglove.Log": {
    type: "object",
    properties: {
      timestamp: TIME,
      level: { type: "integer", description: "1 debug, 2 info, 3 warning, 4 error, 5 fatal" },
      message: { type: "string" },
      name: { type: "string" },
      file: { type: "string" },
      line: { type: "integer" },
    },
  },
  "polar.EpisodeEvent": {
    type: "object",
    description: "one event of Polar's episode stream, as events.jsonl holds it (src/agent/events.ts)",
    properties: { type: { type: "string" }, seq: { type: "integer" }, t: { type: "number" } },
    required: ["type", "seq", "t"],
  },
} as const;
type SchemaName = keyof typeof SCHEMAS;

const LOG = { info: 2, warning: 3, error: 4 } as const;

export const ExportArgs = z.strictObject({
  /** an episode folder (holds events.jsonl), or an evaluation folder with `episode` */
  dir: z.string().min(1, "is empty"),
  episode: z.string().min(1, "is empty").optional(),
  out: z.string().min(1, "is empty").optional(),
  /** replace an existing MCAP file (without it, one is never overwritten) */
  force: z.boolean().optional(),
});
export type ExportArgs = z.infer<typeof ExportArgs>;

/** A path or episode that does not lead to one kept episode: the message says which and why. */
export class ExportInputError extends Error {
  readonly userFacing = true;
}

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
}

/** The episode folder the arguments name: DIR itself, or the one folder under DIR/episodes/ named EPISODE. */
export function resolveEpisodeDir(args: ExportArgs): string {
  const { dir, episode } = args;
  if (!existsSync(dir)) throw new ExportInputError(`${dir}: no such folder`);
  if (!statSync(dir).isDirectory()) throw new ExportInputError(`${dir}: not a folder`);
  if (existsSync(join(dir, "events.jsonl"))) {
    if (episode && basename(dir) !== episode)
      throw new ExportInputError(`${dir} is the episode folder of ${basename(dir)}, not of ${episode}`);
    return dir;
  }
  const episodes = join(dir, "episodes");
  if (!existsSync(episodes))
    throw new ExportInputError(
      `${dir} holds no events.jsonl and no episodes/ folder: give an episode folder, or an evaluation run with --trajectories`,
    );
  const kept: string[] = [];
  const walk = (d: string, depth: number) => {
    if (depth > 4) return;
    for (const e of readdirSafe(d)) {
      if (!e.isDirectory() || e.name === "views") continue;
      const p = join(d, e.name);
      if (existsSync(join(p, "events.jsonl"))) kept.push(p);
      else walk(p, depth + 1);
    }
  };
  walk(episodes, 0);
  // a few of the ids kept, so the next command can be typed from the error
  const some = () => {
    const ids = [...new Set(kept.map((p) => basename(p)))].sort();
    return ids.length ? `; kept: ${ids.slice(0, 5).join(", ")}${ids.length > 5 ? `, … (${ids.length})` : ""}` : "";
  };
  if (!episode)
    throw new ExportInputError(`${dir} is an evaluation folder: name the episode with --episode ID${some()}`);
  const found = kept.filter((p) => basename(p) === episode);
  if (!found.length) throw new ExportInputError(`episode ${episode} is not kept under ${episodes}${some()}`);
  if (found.length > 1)
    throw new ExportInputError(
      `episode ${episode} is kept ${found.length} times (${found.join(", ")}): give one of those folders instead`,
    );
  return found[0];
}

function readdirSafe(d: string): Dirent[] {
  try {
    return readdirSync(d, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Writes the MCAP file; returns what went in. */
export async function exportEpisode(raw: ExportArgs): Promise<ExportSummary> {
  const args = ExportArgs.parse(raw);
  const dir = resolveEpisodeDir(args);
  const { events, skipped } = readEvents(join(dir, "events.jsonl"));
  const start = events.find((e) => e.type === "episode_start");
  if (!start) throw new ExportInputError(`${join(dir, "events.jsonl")} has no episode_start event`);
  const episodeId = start.episodeId;
  // the id comes from a file: it names the MCAP file only when it is one plain name
  const file = args.out ?? join(dir, `${asSegment(episodeId, "the episode id in events.jsonl")}.mcap`);
  checkTarget(file, args.force === true);

  // the request's clock when it had one, so Foxglove shows the time rules read; else the epoch
  const baseNs = start.type === "episode_start" && start.clock ? BigInt(Date.parse(start.clock.at)) * 1_000_000n : 0n;
  const chunks: Uint8Array[] = [];
  let size = 0n;
  const writer = new McapWriter({
    writable: {
      write: async (b) => {
        chunks.push(b.slice());
        size += BigInt(b.byteLength);
      },
      position: () => size,
    },
    useChunks: true,
    chunkSize: 1024 * 1024,
  });
  await writer.start({ profile: "", library: "polar export (@mcap/core)" });
  const schemaIds = new Map<SchemaName, number>();
  for (const name of Object.keys(SCHEMAS) as SchemaName[])
    schemaIds.set(
      name,
      await writer.registerSchema({
        name,
        encoding: "jsonschema",
        data: new TextEncoder().encode(JSON.stringify(SCHEMAS[name])),
      }),
    );
  const channels = new Map<string, number>();
  const channel = async (topic: string, schema: SchemaName) => {
    let id = channels.get(topic);
    if (id === undefined) {
      id = await writer.registerChannel({
        topic,
        schemaId: schemaIds.get(schema) ?? 0,
        messageEncoding: "json",
        metadata: new Map(),
      });
      channels.set(topic, id);
    }
    return id;
  };
  const counts: Record<string, number> = {};
  const seqs = new Map<number, number>();
  let lastNs = 0n;
  const add = async (topic: string, schema: SchemaName, atNs: bigint, msg: unknown) => {
    const id = await channel(topic, schema);
    const sequence = seqs.get(id) ?? 0;
    seqs.set(id, sequence + 1);
    counts[topic] = (counts[topic] ?? 0) + 1;
    await writer.addMessage({
      channelId: id,
      sequence,
      logTime: atNs,
      publishTime: atNs,
      data: new TextEncoder().encode(JSON.stringify(msg)),
    });
  };

  let missingViews = 0;
  const stored = storedViews(dir);
  const map = ownFile(join(dir, MAP_IMAGE));
  for (const e of events) {
    // `t` is the episode's own monotone clock; held non-decreasing so a reader's time order is
    // the stream's order even where two events share a millisecond
    let ns = baseNs + BigInt(Math.round(e.t * 1e6));
    if (ns < lastNs) ns = lastNs;
    lastNs = ns;
    const stamp = { sec: Number(ns / 1_000_000_000n), nsec: Number(ns % 1_000_000_000n) };
    await add(TOPICS.events, "polar.EpisodeEvent", ns, e);
    if (e.type === "episode_start" && map)
      await add(TOPICS.map, "foxglove.CompressedImage", ns, {
        timestamp: stamp,
        frame_id: "map",
        data: map.toString("base64"),
        format: "png",
      });
    if (e.type === "pose") {
      const [x, y, zz] = e.pose.position;
      const yaw = e.pose.heading + Math.PI / 2;
      const position = { x, y: -zz, z: y };
      const orientation = { x: 0, y: 0, z: Math.sin(yaw / 2), w: Math.cos(yaw / 2) };
      await add(TOPICS.pose, "foxglove.PoseInFrame", ns, {
        timestamp: stamp,
        frame_id: "world",
        pose: { position, orientation },
      });
      await add(TOPICS.tf, "foxglove.FrameTransform", ns, {
        timestamp: stamp,
        parent_frame_id: "world",
        child_frame_id: "base_link",
        translation: position,
        rotation: orientation,
      });
    } else if (e.type === "views") {
      for (const v of stored.get(e.step) ?? []) {
        await add(`/views/${v.view}`, "foxglove.CompressedImage", ns, {
          timestamp: stamp,
          frame_id: `camera_${v.view}`,
          data: readDataFile(join(dir, "views", v.ref), { noFollow: true }).toString("base64"),
          format: v.format,
        });
      }
      stored.delete(e.step);
      missingViews += e.images.filter((img) => !existsSync(join(dir, "views", img.ref))).length;
    }
    const line = logLine(e);
    if (line)
      await add(TOPICS.log, "foxglove.Log", ns, {
        timestamp: stamp,
        level: line.level,
        message: line.message,
        name: e.type,
        file: "events.jsonl",
        line: e.seq + 1,
      });
  }
  await writer.end();
  const tmp = `${file}.${process.pid}.part`;
  try {
    writeFileSync(tmp, Buffer.concat(chunks), { flag: "wx" });
    // without --force, a file that appeared meanwhile is not replaced either: link fails on it
    if (args.force) renameSync(tmp, file);
    else {
      linkSync(tmp, file);
      unlinkSync(tmp);
    }
  } catch (e) {
    rmSync(tmp, { force: true });
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EEXIST") throw new ExportInputError(`${file} exists; give --force to replace it, or another --out`);
    if (code === "EISDIR") throw new ExportInputError(`${file} is a folder; --out names the MCAP file to write`);
    throw e;
  }
  return {
    file,
    episodeDir: dir,
    episodeId,
    messages: counts,
    missingViews,
    skippedLines: skipped,
    bytes: Number(size),
  };
}

/**
 * Refuses a target that is not an MCAP file name, is a folder, exists (without `force`), or whose
 * folder does not exist: an export writes one new file and touches nothing the episode holds.
 */
function checkTarget(file: string, force: boolean): void {
  if (extname(file).toLowerCase() !== ".mcap")
    throw new ExportInputError(`--out ${file}: the MCAP file to write must end in .mcap`);
  let s: Stats;
  try {
    s = statSync(file);
  } catch {
    if (!existsSync(dirname(resolve(file))))
      throw new ExportInputError(`--out ${file}: its folder ${dirname(resolve(file))} does not exist`);
    return;
  }
  if (s.isDirectory()) throw new ExportInputError(`${file} is a folder; --out names the MCAP file to write`);
  if (!s.isFile()) throw new ExportInputError(`${file} exists and is not a regular file`);
  if (!force) throw new ExportInputError(`${file} exists; give --force to replace it, or another --out`);
}

/** how kept episodes name their views (ViewKeeper, TrajectoryWriter): s0012-front.jpeg */
const VIEW_FILE = /^s(\d{4,})-(front|left|right)\.(jpeg|png)$/;

/**
 * The views kept per step: those the agent was given and the onlooker's renders at decision
 * points alike (a `views` event names only the former), in front, left, right order.
 */
function storedViews(dir: string): Map<number, { ref: string; view: string; format: string }[]> {
  const out = new Map<number, { ref: string; view: string; format: string }[]>();
  const order = ["front", "left", "right"];
  for (const e of readdirSafe(join(dir, "views"))) {
    const m = VIEW_FILE.exec(e.name);
    if (!m || !e.isFile()) continue;
    const step = Number(m[1]);
    const list = out.get(step) ?? [];
    list.push({ ref: e.name, view: m[2], format: m[3] });
    out.set(step, list);
  }
  for (const list of out.values()) list.sort((a, b) => order.indexOf(a.view) - order.indexOf(b.view));
  return out;
}

/**
 * The folder's own regular file at `path`; null when there is none or it is a symbolic link (as
 * a linked view is left out: what a link points at is not the episode's). A FIFO, device or
 * folder in its place is an error naming it.
 */
function ownFile(path: string): Buffer | null {
  try {
    return readDataFile(path, { noFollow: true });
  } catch (e) {
    if (e instanceof DataFileError && (e.problem === "missing" || e.problem === "link")) return null;
    throw e;
  }
}

function readEvents(path: string): { events: EpisodeEvent[]; skipped: number } {
  const events: EpisodeEvent[] = [];
  let skipped = 0;
  for (const line of readDataText(path).split("\n")) {
    if (!line.trim()) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      skipped++;
      continue;
    }
    const r = EpisodeEvent.safeParse(raw);
    if (r.success) events.push(r.data);
    else skipped++;
  }
  return { events, skipped };
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
