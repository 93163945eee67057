/**
 * What the robot compares a candidate with besides the photo of the object sought: its own
 * photos of the user's other objects of that category, from the memory the mode reads (the
 * graph's objects known by the request's time; the raw baseline's own sampled interactions),
 * never the object sought itself nor a copy of its photo.
 */
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import sharp from "sharp";
import type { Retrieved } from "../../src/agent/grounding.ts";
import type { MemoryAccess, PolarMemory } from "../../src/agent/memory-access.ts";
import { otherPhotos } from "../../src/agent/other-photos.ts";
import { loadReferenceImage } from "../../src/agent/reference-image.ts";
import type { Task } from "../../src/agent/task.ts";
import type { GroundOutput } from "../../src/mllm/index.ts";
import type { Image } from "../../src/sim/index.ts";

let dir: string;
const paths: Record<string, string> = {};
const images: Record<string, Image> = {};

before(async () => {
  dir = await mkdtemp(join(tmpdir(), "other-photos-"));
  for (const [name, rgb] of Object.entries({ sought: [20, 30, 120], older: [40, 80, 210], third: [200, 40, 40] })) {
    const png = await sharp({
      create: { width: 24, height: 24, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } },
    })
      .png()
      .toBuffer();
    paths[name] = join(dir, `${name}.png`);
    await writeFile(paths[name], png);
    images[name] = await loadReferenceImage(paths[name]);
  }
  // the sought object's photo kept a second time, under another object
  paths.copy = join(dir, "copy.png");
  await writeFile(paths.copy, images.sought.data);
});
after(() => rm(dir, { recursive: true, force: true }));

const task: Task = {
  id: "e1",
  userId: "u1",
  sceneId: "s1",
  instruction: "my hat please",
  timestamp: 5000,
  start: { position: [0, 0, 0], heading: 0 },
};
const target: GroundOutput = {
  objectId: "hat-1",
  category: "hat",
  description: "a hat",
  reason: "",
  hints: [],
  likelyRooms: [],
};
const nothing: Retrieved = { candidates: [], raw: [], images: new Map() };

test("the graph gives its photos of the user's other objects of the category, by the request's time", async () => {
  const asked: unknown[] = [];
  const polar: PolarMemory = {
    retrieve: async () => [],
    memorize: async () => ({ calls: [] }),
    photosOf: async (...args) => {
      asked.push(args);
      return [
        { objectId: "hat-1", path: paths.sought },
        { objectId: "hat-2", path: paths.older },
        { objectId: "hat-3", path: paths.copy },
        { objectId: "hat-4", path: join(dir, "gone.png") },
      ];
    },
  };
  const memory: MemoryAccess = { mode: "polar", polar, topK: 5 };
  const got = await otherPhotos(task, memory, target, nothing, images.sought);
  assert.deepEqual(asked, [["u1", "hat", 5000]]);
  assert.deepEqual(
    got.map((i) => i.data),
    [images.older.data],
    "not the object sought, not a copy of its photo, not a photo that cannot be read",
  );
});

test("the raw baseline compares with the photos of its own sampled interactions of the category", async () => {
  const retrieved: Retrieved = {
    candidates: [],
    raw: [
      { episodeId: "a1", timestamp: 1, instruction: "", objectId: "hat-1", category: "hat", trajectory: "" },
      { episodeId: "a2", timestamp: 2, instruction: "", objectId: "hat-2", category: "hat", trajectory: "" },
      { episodeId: "a3", timestamp: 3, instruction: "", objectId: "hat-2", category: "hat", trajectory: "" },
      { episodeId: "a4", timestamp: 4, instruction: "", objectId: "mug-1", category: "mug", trajectory: "" },
    ],
    images: new Map([
      ["hat-1", images.sought],
      ["hat-2", images.older],
      ["mug-1", images.third],
    ]),
  };
  const memory: MemoryAccess = { mode: "raw", topK: 5, rawSample: [] };
  const got = await otherPhotos(task, memory, target, retrieved, images.sought);
  assert.deepEqual(got, [images.older]);
});

test("nothing to compare with without a photo of the object sought, a category, or a memory", async () => {
  const polar: PolarMemory = {
    retrieve: async () => [],
    memorize: async () => ({ calls: [] }),
    photosOf: async () => [{ objectId: "hat-2", path: paths.older }],
  };
  const memory: MemoryAccess = { mode: "polar", polar, topK: 5 };
  assert.deepEqual(await otherPhotos(task, memory, target, nothing, undefined), []);
  assert.deepEqual(await otherPhotos(task, memory, { ...target, category: null }, nothing, images.sought), []);
  assert.deepEqual(await otherPhotos(task, { mode: "none", topK: 5 }, target, nothing, images.sought), []);
});
