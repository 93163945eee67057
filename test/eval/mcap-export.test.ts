/**
 * `polar export`: a real evaluation's kept episode written as MCAP and read back with
 * @mcap/core's indexed reader: its channels and schemas, a message per pose and per kept view,
 * log times that never go back, and an image message carrying the stored JPEG byte for byte.
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
import { McapIndexedReader } from "@mcap/core";
import { REPO_ROOT } from "../../src/config/load.ts";
import { TOPICS } from "../../src/eval/mcap-export.ts";

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

before(() => {
  project = mkdtempSync(join(tmpdir(), "polar-export-"));
  symlinkSync(join(REPO_ROOT, "datasets"), join(project, "datasets"));
  const r = polar([
    "eval",
    "--dataset",
    join(project, "datasets", "polar-mini"),
    "--memory",
    "none",
    "--limit-acquisition",
    "1",
    "--no-report",
    "--trajectories",
    "--out",
    join(project, "ev"),
  ]);
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
    if (topic === TOPICS.map) mapBytes = Buffer.from(msg.data, "base64");
  }
  assert.equal(counts.get(TOPICS.events), lines.length, "every event on /polar/events");
  assert.equal(counts.get(TOPICS.pose), events.filter((e) => e.type === "pose").length);
  assert.equal(counts.get(TOPICS.tf), counts.get(TOPICS.pose));
  assert.equal(counts.get("/views/front"), kept.length, "one image message per kept front view");
  assert.equal(counts.get(TOPICS.map), 1, "the kept map, once");
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
  assert.ok(![...reader.channelsById.values()].some((c) => c.topic === TOPICS.map), "no /map channel");
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
