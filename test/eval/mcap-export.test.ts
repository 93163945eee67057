/**
 * `polar export`: a real evaluation's kept episode written as MCAP and read back with
 * @mcap/core's indexed reader: its channels and schemas, a message per pose and per kept view,
 * log times that never go back, and an image message carrying the stored JPEG byte for byte.
 * As a scene: every foxglove message valid under @foxglove/schemas' own JSON schemas, the
 * simulated clock, the camera frames, the map grid placed and oriented as map.json says, the
 * path line, the analysis layer only on request, and the layout beside the file.
 * Bad arguments end with exit 2 and a line naming what is wrong.
 */
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, test } from "node:test";
import * as foxglove from "@foxglove/schemas/jsonschema.js";
import { McapIndexedReader } from "@mcap/core";
import sharp from "sharp";
import { z } from "zod";
import { REPO_ROOT } from "../../src/config/load.ts";
import { STEP_SECONDS, TOPICS } from "../../src/eval/mcap-export.ts";
import { sharedKeptEvaluation } from "../dashboard/fixture.ts";

let project: string;
let episodeDir: string;
const EPISODE = "acq-u1-0001";

const polar = (args: string[], timeout = 120_000) => {
  const r = spawnSync(process.execPath, [join(REPO_ROOT, "bin", "polar.js"), ...args], {
    cwd: project,
    encoding: "utf8",
    env: { ...process.env, POLAR_EMBEDDER__TYPE: "lexical" },
    timeout,
  });
  return { code: r.status, signal: r.signal, out: String(r.stdout), err: String(r.stderr) };
};

/** A copy of the kept episode, to damage. */
function copyOfEpisode(name: string): string {
  const dir = join(project, "copies", name, EPISODE);
  cpSync(episodeDir, dir, { recursive: true });
  rmSync(join(dir, `${EPISODE}.mcap`), { force: true });
  return dir;
}

before(async () => {
  project = mkdtempSync(join(tmpdir(), "polar-export-"));
  symlinkSync(join(REPO_ROOT, "datasets"), join(project, "datasets"));
  // the replay and map tests' evaluation (two kept episodes), made once for the three files
  const r = await sharedKeptEvaluation(join(project, "ev"), { limit: 2, report: false });
  assert.equal(r.code, 0, r.err);
  episodeDir = join(project, "ev", "episodes", "heuristic", "acquisition", EPISODE);
});

async function open(file: string) {
  const bytes = readFileSync(file);
  return McapIndexedReader.Initialize({
    readable: {
      size: async () => BigInt(bytes.length),
      read: async (offset, size) => bytes.subarray(Number(offset), Number(offset + size)),
    },
  });
}

test("an evaluation's episode exports to MCAP with its views, poses and events, in time order", async () => {
  const out = join(project, "ep.mcap");
  const r = polar(["export", join(project, "ev"), "--episode", EPISODE, "--out", out]);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /mcap: .*ep\.mcap/);

  const reader = await open(out);
  const topics = new Map([...reader.channelsById.values()].map((c) => [c.topic, c]));
  for (const t of ["/views/front", "/views/left", "/views/right", TOPICS.pose, TOPICS.tf, TOPICS.log, TOPICS.events])
    assert.ok(topics.has(t), `channel ${t}`);
  const schemaOf = (t: string) => reader.schemasById.get(topics.get(t)?.schemaId ?? -1)?.name;
  assert.equal(schemaOf("/views/front"), "foxglove.CompressedImage");
  assert.equal(schemaOf(TOPICS.pose), "foxglove.PoseInFrame");
  assert.equal(schemaOf(TOPICS.tf), "foxglove.FrameTransform");
  assert.equal(schemaOf(TOPICS.log), "foxglove.Log");

  const lines = readFileSync(join(episodeDir, "events.jsonl"), "utf8").trim().split("\n");
  const events = lines.map((l) => JSON.parse(l) as { type: string; step?: number });
  const kept = readdirSync(join(episodeDir, "views")).filter((n) => /^s\d{4}-front\.jpeg$/.test(n));
  assert.ok(kept.length > 0, "the evaluation kept front views");

  const counts = new Map<string, number>();
  let last = -1n;
  let front: Buffer | null = null;
  const logs: string[] = [];
  let mapBytes: Buffer | null = null;
  const topicOf = new Map([...reader.channelsById.values()].map((c) => [c.id, c.topic]));
  for await (const m of reader.readMessages()) {
    const topic = topicOf.get(m.channelId) ?? "?";
    counts.set(topic, (counts.get(topic) ?? 0) + 1);
    assert.ok(m.logTime >= last, `log time goes back at ${topic} #${m.sequence}`);
    last = m.logTime;
    const msg = JSON.parse(new TextDecoder().decode(m.data));
    if (topic === "/views/front" && !front) {
      assert.equal(msg.format, "jpeg");
      front = Buffer.from(msg.data, "base64");
    }
    if (topic === TOPICS.log) logs.push(msg.message);
    if (topic === TOPICS.mapImage) mapBytes = Buffer.from(msg.data, "base64");
  }
  assert.equal(counts.get(TOPICS.events), lines.length, "every event on /polar/events");
  assert.equal(counts.get(TOPICS.pose), events.filter((e) => e.type === "pose").length);
  assert.equal(counts.get(TOPICS.tf), counts.get(TOPICS.pose));
  assert.equal(counts.get("/views/front"), kept.length, "one image message per kept front view");
  assert.equal(counts.get(TOPICS.map), 1, "the kept map as a grid, once");
  assert.equal(counts.get(TOPICS.mapImage), 1, "the kept map as a picture, once");
  assert.deepEqual(mapBytes, readFileSync(join(episodeDir, "map.png")));
  assert.ok(last > 0n, "the times are the episode's, not all zero");
  // the first front image is step 0's stored file, byte for byte
  assert.ok(front);
  assert.deepEqual(front, readFileSync(join(episodeDir, "views", kept.sort()[0])));
  assert.ok(
    logs.some((l) => l.startsWith("grounding:")),
    "the grounding is logged",
  );
  assert.ok(
    logs.some((l) => l.startsWith("end: ")),
    "the stop is logged",
  );
});

test("export of a folder that holds no kept episode is exit 2 with the reason", () => {
  const missing = polar(["export", join(project, "nope")]);
  assert.equal(missing.code, 2);
  assert.match(missing.err, /nope: no such folder/);
  const noEpisode = polar(["export", join(project, "ev")]);
  assert.equal(noEpisode.code, 2);
  assert.match(noEpisode.err, /name the episode with --episode ID; kept: [\w-]+/, "names ids to choose from");
  const unknown = polar(["export", join(project, "ev"), "--episode", "no-such-episode"]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.err, /episode no-such-episode is not kept/);
  const empty = polar(["export", join(project, "ev"), "--episode", ""]);
  assert.equal(empty.code, 2);
  assert.match(empty.err, /episode: is empty/);
});

test("export writes DIR/<episode>.mcap by default", async () => {
  const r = polar(["export", episodeDir]);
  assert.equal(r.code, 0, r.err);
  const reader = await open(join(episodeDir, `${EPISODE}.mcap`));
  assert.ok(reader.statistics && reader.statistics.messageCount > 0n);
});

test("an events.jsonl or map.png that is a FIFO, or an events.jsonl that is a folder: exit 2 naming it, at once", () => {
  const cases: [string, string, (p: string) => void, RegExp][] = [
    ["fifo-events", "events.jsonl", (p) => execFileSync("mkfifo", [p]), /events\.jsonl: is a FIFO/],
    ["fifo-map", "map.png", (p) => execFileSync("mkfifo", [p]), /map\.png: is a FIFO/],
    ["folder-events", "events.jsonl", (p) => mkdirSync(p), /events\.jsonl: is a folder/],
  ];
  for (const [name, file, make, words] of cases) {
    const dir = copyOfEpisode(name);
    rmSync(join(dir, file), { force: true });
    make(join(dir, file));
    const r = polar(["export", dir], 20_000);
    assert.equal(r.signal, null, `${name}: still running after 20 s`);
    assert.equal(r.code, 2, `${name}: ${r.err}`);
    assert.match(r.err, words, name);
    assert.ok(r.err.includes(join(dir, file)), `${name} names the path: ${r.err}`);
    assert.doesNotMatch(r.err, /\n\s+at /, "no stack trace");
  }
});

test("an episode id that is a path in events.jsonl is refused: nothing is written outside the folder", () => {
  const dir = copyOfEpisode("escape");
  const events = join(dir, "events.jsonl");
  const lines = readFileSync(events, "utf8").split("\n").filter(Boolean);
  const id = "../../../ESCAPED";
  writeFileSync(events, lines.map((l) => JSON.stringify({ ...JSON.parse(l), episodeId: id })).join("\n"));
  const r = polar(["export", dir], 30_000);
  assert.equal(r.code, 2, r.err);
  assert.match(r.err, /the episode id in events\.jsonl "\.\.\/\.\.\/\.\.\/ESCAPED" holds a \//);
  assert.ok(!existsSync(join(dir, `${id}.mcap`)), "no file outside the folder");
});

test("a map.png that links elsewhere is left out of the MCAP file", async () => {
  const dir = copyOfEpisode("linked-map");
  rmSync(join(dir, "map.png"), { force: true });
  symlinkSync("/etc/passwd", join(dir, "map.png"));
  const out = join(project, "linked-map.mcap");
  const r = polar(["export", dir, "--out", out], 30_000);
  assert.equal(r.code, 0, r.err);
  const reader = await open(out);
  for (const t of [TOPICS.map, TOPICS.mapImage])
    assert.ok(![...reader.channelsById.values()].some((c) => c.topic === t), `no ${t} channel`);
  const passwd = readFileSync("/etc/passwd");
  assert.equal(readFileSync(out).indexOf(passwd.subarray(0, 32).toString("base64").slice(0, 40)), -1);
});

test("--out onto the episode's own files, a folder or an existing MCAP file is refused (exit 2), --force replaces an MCAP file", () => {
  const dir = copyOfEpisode("targets");
  const events = readFileSync(join(dir, "events.jsonl"));
  const own = polar(["export", dir, "--out", join(dir, "events.jsonl")], 30_000);
  assert.equal(own.code, 2, own.err);
  assert.match(own.err, /must end in \.mcap/);
  assert.ok(readFileSync(join(dir, "events.jsonl")).equals(events), "the event stream is untouched");

  const folder = join(project, "a-folder.mcap");
  mkdirSync(folder);
  const toFolder = polar(["export", dir, "--out", folder], 30_000);
  assert.equal(toFolder.code, 2, toFolder.err);
  assert.match(toFolder.err, /a-folder\.mcap is a folder/);
  assert.deepEqual(
    readdirSync(project).filter((f) => f.endsWith(".part")),
    [],
    "no .part left",
  );

  const first = polar(["export", dir], 30_000);
  assert.equal(first.code, 0, first.err);
  const again = polar(["export", dir], 30_000);
  assert.equal(again.code, 2, again.err);
  assert.match(again.err, /exists; give --force to replace it/);
  const forced = polar(["export", dir, "--force"], 30_000);
  assert.equal(forced.code, 0, forced.err);
  assert.deepEqual(
    readdirSync(dir).filter((f) => f.endsWith(".part")),
    [],
  );
});

type Msg = { topic: string; schema: string; logTime: bigint; msg: Record<string, unknown> };

/** every message of the file, decoded, with its topic and schema name */
async function messagesOf(file: string): Promise<{ all: Msg[]; meta: Map<string, string> }> {
  const reader = await open(file);
  const all: Msg[] = [];
  for await (const m of reader.readMessages()) {
    const ch = reader.channelsById.get(m.channelId);
    const schema = reader.schemasById.get(ch?.schemaId ?? -1)?.name ?? "?";
    all.push({
      topic: ch?.topic ?? "?",
      schema,
      logTime: m.logTime,
      msg: JSON.parse(new TextDecoder().decode(m.data)),
    });
  }
  const meta = new Map<string, string>();
  for await (const r of reader.readMetadata({ name: "polar.export" })) for (const [k, v] of r.metadata) meta.set(k, v);
  return { all, meta };
}

/** @foxglove/schemas' JSON schema for a foxglove.* name, as a validator */
const validators = new Map<string, z.ZodType>();
function validatorOf(name: string): z.ZodType {
  let v = validators.get(name);
  if (!v) {
    const schema = (foxglove as Record<string, unknown>)[name.replace(/^foxglove\./, "")];
    assert.ok(schema, `@foxglove/schemas has ${name}`);
    v = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
    validators.set(name, v);
  }
  return v;
}

type V3 = { x: number; y: number; z: number };
type Q = V3 & { w: number };
/** v rotated by q */
function rotate(q: Q, v: V3): V3 {
  const { x, y, z: qz, w } = q;
  const tx = 2 * (y * v.z - qz * v.y);
  const ty = 2 * (qz * v.x - x * v.z);
  const tz = 2 * (x * v.y - y * v.x);
  return {
    x: v.x + w * tx + (y * tz - qz * ty),
    y: v.y + w * ty + (qz * tx - x * tz),
    z: v.z + w * tz + (x * ty - y * tx),
  };
}
const near = (a: number, b: number, what: string, eps = 1e-6) =>
  assert.ok(Math.abs(a - b) < eps, `${what}: ${a} is not ${b}`);

test("the export is a Foxglove scene: valid messages, the simulated clock, cameras, the map grid, the path and the layout", async () => {
  const out = join(project, "scene.mcap");
  const r = polar(["export", episodeDir, "--out", out]);
  assert.equal(r.code, 0, r.err);
  const events = readFileSync(join(episodeDir, "events.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  const end = events.find((e) => e.type === "episode_end");
  assert.ok(end && end.steps > 0, "the episode took steps");
  assert.match(r.out, new RegExp(`clock: simulated, ${STEP_SECONDS} s a step \\(${end.steps} steps = `));

  const { all, meta } = await messagesOf(out);
  // every foxglove message, old schemas and new, valid under Foxglove's own definitions
  const schemas = new Set<string>();
  for (const m of all) {
    if (!m.schema.startsWith("foxglove.")) continue;
    schemas.add(m.schema);
    const v = validatorOf(m.schema).safeParse(m.msg);
    assert.ok(v.success, `${m.topic} (${m.schema}): ${JSON.stringify(v.error?.issues[0])}`);
  }
  for (const s of ["foxglove.Grid", "foxglove.SceneUpdate", "foxglove.FrameTransforms", "foxglove.CameraCalibration"])
    assert.ok(schemas.has(s), `a ${s} message`);

  // the clock: a step at the stated pace, from the first message to the last
  assert.equal(meta.get("step_seconds"), String(STEP_SECONDS));
  const span = Number(all.at(-1)!.logTime - all[0].logTime) / 1e9;
  near(span, end.steps * STEP_SECONDS, "log time from first to last message", 1e-6);
  const poses = events.filter((e) => e.type === "pose");
  const tfTimes = all.filter((m) => m.topic === TOPICS.tf).map((m) => m.logTime);
  near(Number(tfTimes[1] - tfTimes[0]) / 1e9, (poses[1].step - poses[0].step) * STEP_SECONDS, "pose spacing");

  // the robot and its cameras: map → base_link, base_link → three optical frames looking front, left, right
  for (const m of all.filter((x) => x.topic === TOPICS.tf)) {
    assert.equal(m.msg.parent_frame_id, "map");
    assert.equal(m.msg.child_frame_id, "base_link");
  }
  // base_link's x is where the robot walks: a forward step moves it along its own x axis
  const tfs = all.filter((m) => m.topic === TOPICS.tf).map((m) => m.msg as { translation: V3; rotation: Q });
  let forward = 0;
  for (let i = 1; i < tfs.length; i++) {
    const [a, b] = [tfs[i - 1], tfs[i]];
    const d = { x: b.translation.x - a.translation.x, y: b.translation.y - a.translation.y };
    const len = Math.hypot(d.x, d.y);
    if (len < 1e-6 || JSON.stringify(a.rotation) !== JSON.stringify(b.rotation)) continue;
    const ahead = rotate(a.rotation, { x: 1, y: 0, z: 0 });
    near(d.x / len, ahead.x, `step ${i} along base_link x`, 1e-3);
    near(d.y / len, ahead.y, `step ${i} along base_link x`, 1e-3);
    forward++;
  }
  assert.ok(forward > 0, "the episode has forward steps");
  const cams = all.filter((m) => m.topic === TOPICS.cameras);
  assert.equal(cams.length, poses.length, "camera frames at every pose");
  const looking = {
    camera_front: { x: 1, y: 0, z: 0 },
    camera_left: { x: 0, y: 1, z: 0 },
    camera_right: { x: 0, y: -1, z: 0 },
  };
  for (const m of cams) {
    const tfs = m.msg.transforms as { parent_frame_id: string; child_frame_id: string; rotation: Q; translation: V3 }[];
    assert.deepEqual(tfs.map((t) => t.child_frame_id).sort(), Object.keys(looking).sort());
    for (const t of tfs) {
      assert.equal(t.parent_frame_id, "base_link");
      assert.ok(t.translation.z > 0, "the camera above the floor");
      const axis = rotate(t.rotation, { x: 0, y: 0, z: 1 });
      const want = looking[t.child_frame_id as keyof typeof looking];
      for (const k of ["x", "y", "z"] as const) near(axis[k], want[k], `${t.child_frame_id} optical axis ${k}`);
      const down = rotate(t.rotation, { x: 0, y: 1, z: 0 });
      near(down.z, -1, `${t.child_frame_id} image rows run down`);
    }
  }
  const front = all.find((m) => m.topic === "/views/front");
  assert.equal(front?.msg.frame_id, "camera_front");

  // the map: map.json's resolution and origin, its width × height cells, the picture's bottom row first
  const info = JSON.parse(readFileSync(join(episodeDir, "map.json"), "utf8"));
  const grids = all.filter((m) => m.topic === TOPICS.map);
  assert.equal(grids.length, 1);
  const g = grids[0].msg as {
    frame_id: string;
    pose: { position: V3; orientation: Q };
    column_count: number;
    cell_size: { x: number; y: number };
    row_stride: number;
    cell_stride: number;
    data: string;
  };
  assert.equal(g.frame_id, "map");
  assert.deepEqual(g.cell_size, { x: info.metersPerPixel, y: info.metersPerPixel });
  assert.equal(g.column_count, info.width);
  const cells = Buffer.from(g.data, "base64");
  assert.equal(cells.length / g.row_stride, info.height, "height rows");
  assert.equal(g.row_stride, info.width * g.cell_stride);
  near(g.pose.position.x, info.origin[0], "grid corner x");
  near(g.pose.position.y, -(info.origin[1] + info.height * info.metersPerPixel), "grid corner y (world z flipped)");
  assert.deepEqual(g.pose.orientation, { x: 0, y: 0, z: 0, w: 1 });
  const png = await sharp(readFileSync(join(episodeDir, "map.png")))
    .ensureAlpha()
    .raw()
    .toBuffer();
  const rowBytes = info.width * 4;
  const flipped = Buffer.concat(
    Array.from({ length: info.height }, (_, r) =>
      png.subarray((info.height - 1 - r) * rowBytes, (info.height - r) * rowBytes),
    ),
  );
  assert.ok(!flipped.equals(png), "the house is not the same upside down (so the next check tells)");
  assert.ok(cells.equals(flipped), "grid rows are the picture's rows from the bottom (map y is world -z)");

  // the path: its last line has a point per place the robot stood, in order
  const positions: V3[] = [];
  for (const p of poses) {
    const [x, y, zz] = p.pose.position;
    const at = { x, y: -zz, z: y };
    const last = positions.at(-1);
    if (!last || last.x !== at.x || last.y !== at.y || last.z !== at.z) positions.push(at);
  }
  const paths = all.filter((m) => m.topic === TOPICS.path);
  assert.equal(paths.length, positions.length, "a path message per move");
  const entity = (
    paths.at(-1)!.msg.entities as { id: string; frame_id: string; lines: { type: number; points: V3[] }[] }[]
  )[0];
  assert.equal(entity.frame_id, "map");
  assert.equal(entity.lines[0].type, 0, "LINE_STRIP");
  assert.equal(entity.lines[0].points.length, positions.length);
  entity.lines[0].points.forEach((p, i) => {
    near(p.x, positions[i].x, `path point ${i} x`);
    near(p.y, positions[i].y, `path point ${i} y`);
  });
  assert.ok(!all.some((m) => m.topic === TOPICS.analysis), "no analysis layer without --analysis");

  // the layout beside the file names the scene's topics
  const layout = JSON.parse(readFileSync(join(project, "scene.layout.json"), "utf8"));
  assert.match(r.out, /layout: .*scene\.layout\.json/);
  const panels = Object.entries(layout.configById) as [string, Record<string, unknown>][];
  const three = panels.find(([id]) => id.startsWith("3D!"))?.[1] as {
    followTf: string;
    topics: Record<string, unknown>;
  };
  assert.ok(three, "a 3D panel");
  for (const t of [TOPICS.map, TOPICS.path, "/views/front", "/views/left", "/views/right"])
    assert.ok(t in three.topics, `3D panel shows ${t}`);
  assert.ok(!(TOPICS.analysis in three.topics));
  const images = panels
    .filter(([id]) => id.startsWith("Image!"))
    .map(([, c]) => (c.imageMode as { imageTopic: string }).imageTopic);
  assert.deepEqual(images.sort(), ["/views/front", "/views/left", "/views/right"]);
  assert.ok(JSON.stringify(layout.layout).includes("3D!"), "the 3D panel is placed in the layout");
});

test("--analysis adds the harness's targets and distractors from map.json; --step-seconds sets the clock", async () => {
  const out = join(project, "analysis.mcap");
  const r = polar(["export", episodeDir, "--out", out, "--analysis", "--step-seconds", "2"]);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /clock: simulated, 2 s a step/);
  const { all, meta } = await messagesOf(out);
  assert.equal(meta.get("step_seconds"), "2");
  const end = readFileSync(join(episodeDir, "events.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l))
    .find((e) => e.type === "episode_end");
  near(Number(all.at(-1)!.logTime - all[0].logTime) / 1e9, end.steps * 2, "log time at 2 s a step");
  const info = JSON.parse(readFileSync(join(episodeDir, "map.json"), "utf8"));
  const layer = all.filter((m) => m.topic === TOPICS.analysis);
  assert.equal(layer.length, 1);
  const v = validatorOf("foxglove.SceneUpdate").safeParse(layer[0].msg);
  assert.ok(v.success, JSON.stringify(v.error?.issues[0]));
  const entities = layer[0].msg.entities as {
    id: string;
    texts: { text: string }[];
    spheres: { pose: { position: V3 } }[];
  }[];
  const want = [
    ...info.analysis.targets.map((t: { id: string }) => `target:${t.id}`),
    ...info.analysis.distractors.map((d: { id: string }) => `distractor:${d.id}`),
  ];
  assert.ok(want.length > 0, "map.json names a target");
  assert.deepEqual(
    entities
      .map((e) => e.id)
      .filter((id) => id !== "shortest-path")
      .sort(),
    want.sort(),
  );
  for (const t of info.analysis.targets) {
    const e = entities.find((x) => x.id === `target:${t.id}`);
    near(e!.spheres[0].pose.position.x, t.position[0], "target x");
    near(e!.spheres[0].pose.position.y, -t.position[1], "target y");
    assert.match(e!.texts[0].text, new RegExp(t.category));
  }
  const layout = JSON.parse(readFileSync(join(project, "analysis.layout.json"), "utf8"));
  const three = Object.entries(layout.configById).find(([id]) => id.startsWith("3D!"))?.[1] as { topics: object };
  assert.ok(TOPICS.analysis in three.topics, "the layout shows the analysis layer");

  const bad = polar(["export", episodeDir, "--out", join(project, "bad.mcap"), "--step-seconds", "soon"]);
  assert.equal(bad.code, 2, bad.err);
  assert.match(bad.err, /stepSeconds/);
});

test("a damaged map.json leaves the grid and the analysis out with a note, and the rest of the scene in", async () => {
  const dir = copyOfEpisode("bad-map-info");
  writeFileSync(join(dir, "map.json"), "{ not json");
  const out = join(project, "bad-map-info.mcap");
  const r = polar(["export", dir, "--out", out, "--analysis"], 30_000);
  assert.equal(r.code, 0, r.err);
  assert.match(r.err, /note: .*map\.json: not JSON; the map is left out of the scene/);
  assert.match(r.err, /--analysis: no usable map\.json/);
  const { all } = await messagesOf(out);
  const topics = new Set(all.map((m) => m.topic));
  for (const t of [TOPICS.map, TOPICS.analysis]) assert.ok(!topics.has(t), `no ${t}`);
  for (const t of [TOPICS.mapImage, TOPICS.path, TOPICS.tf, TOPICS.cameras])
    assert.ok(topics.has(t), `${t} still there`);
});
