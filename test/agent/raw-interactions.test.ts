import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import sharp from "sharp";
import { groundInput, recall, targetPhoto } from "../../src/agent/grounding.ts";
import { InteractionLog } from "../../src/agent/raw-interactions.ts";
import type { Task } from "../../src/agent/task.ts";
import { sampleRawInteractions } from "../../src/eval/raw-sample.ts";
import type { RawInteraction } from "../../src/mllm/candidate.ts";
import { HeuristicPolicy } from "../../src/policies/heuristic/backbone.ts";
import { groundRaw } from "../../src/policies/heuristic/ground.ts";

const pool: RawInteraction[] = Array.from({ length: 40 }, (_, i) => ({
  episodeId: `acq-${String(i).padStart(2, "0")}`,
  timestamp: 1_000 + i,
  instruction: `bring item ${i}`,
  trajectory: `walked to room ${i % 5}`,
}));

test("the raw sample has 15 interactions, in time order, and always holds the gold ones", () => {
  for (let seed = 0; seed < 50; seed++) {
    const s = sampleRawInteractions(pool, { n: 15, goldIds: ["acq-03", "acq-37"], seed });
    assert.equal(s.interactions.length, 15);
    const ids = s.interactions.map((x) => x.episodeId);
    assert.ok(ids.includes("acq-03") && ids.includes("acq-37"), `seed ${seed}: ${ids}`);
    assert.equal(new Set(ids).size, 15, "no duplicates");
    assert.deepEqual(ids, [...ids].sort(), "time order");
    assert.equal(s.goldIncluded, true);
  }
});

test("the raw sample is seeded: same seed same draw, other seeds differ", () => {
  const a = sampleRawInteractions(pool, { n: 15, goldIds: ["acq-10"], seed: 7 }).interactions.map((x) => x.episodeId);
  const b = sampleRawInteractions(pool, { n: 15, goldIds: ["acq-10"], seed: 7 }).interactions.map((x) => x.episodeId);
  const c = sampleRawInteractions(pool, { n: 15, goldIds: ["acq-10"], seed: 8 }).interactions.map((x) => x.episodeId);
  assert.deepEqual(a, b);
  assert.notDeepEqual(a, c);
});

test("a pool smaller than the quota is given whole; missing gold is reported, not invented", () => {
  const s = sampleRawInteractions(pool.slice(0, 5), { n: 15, goldIds: ["acq-02", "acq-99"], seed: 1 });
  assert.equal(s.interactions.length, 5);
  assert.equal(s.goldIncluded, false);
  assert.deepEqual(s.missingGold, ["acq-99"]);
  assert.equal(sampleRawInteractions(pool, { n: 15, goldIds: [], seed: 1 }).goldIncluded, null);
});

test("the interaction log is scoped by user, filters by time, and survives a reload from JSONL", () => {
  const path = join(mkdtempSync(join(tmpdir(), "polar-raw-")), "raw.jsonl");
  const log = new InteractionLog(path);
  log.append("alice", pool[0]);
  log.append("alice", pool[5]);
  log.append("bob", pool[1]);
  assert.deepEqual(
    log.list("alice").map((x) => x.episodeId),
    ["acq-00", "acq-05"],
  );
  assert.deepEqual(
    log.list("bob").map((x) => x.episodeId),
    ["acq-01"],
  );
  assert.deepEqual(
    log.list("alice", { before: 1_005 }).map((x) => x.episodeId),
    ["acq-00"],
  );
  assert.throws(() => log.list(""), /user id is required/);
  const again = new InteractionLog(path);
  assert.deepEqual(again.list("alice"), log.list("alice"));
  assert.equal(again.has("bob", "acq-01"), true);
  assert.equal(again.has("alice", "acq-01"), false);
});

test("re-memorizing an episode replaces it instead of doubling it", () => {
  const log = new InteractionLog();
  log.append("u", pool[3]);
  log.append("u", { ...pool[3], trajectory: "second run" });
  assert.equal(log.list("u").length, 1);
  assert.equal(log.list("u")[0].trajectory, "second run");
});

test("a corrupt log line is reported with file and line", () => {
  const path = join(mkdtempSync(join(tmpdir(), "polar-raw-")), "raw.jsonl");
  writeFileSync(path, `${JSON.stringify({ userId: "u", ...pool[0] })}\n{"userId":"u","episodeId":3}\n`);
  assert.throws(
    () => new InteractionLog(path),
    (e: Error) => e.message.startsWith(`${path}:2:`),
  );
  assert.ok(readFileSync(path, "utf8").length > 0);
});

test("a raw interaction keeps the photo the user showed: the log reloads it, grounding gets it, the heuristic judges by it", async () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-raw-photo-"));
  const photoPath = join(dir, "mug.png");
  writeFileSync(
    photoPath,
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c03030" } })
      .png()
      .toBuffer(),
  );
  const path = join(dir, "raw.jsonl");
  const log = new InteractionLog(path);
  log.append("u1", {
    episodeId: "acq-1",
    timestamp: 10,
    instruction: "Bring me the red mug my sister gave me",
    objectId: "mug-red",
    category: "mug",
    trajectory: "found in the kitchen",
    imagePath: photoPath,
  });
  const again = new InteractionLog(path).list("u1");
  assert.equal(again[0].imagePath, photoPath);
  const task: Task = {
    id: "e",
    userId: "u1",
    sceneId: "s",
    instruction: "the mug from my sister",
    timestamp: 20,
    start: { position: [0, 0, 0], heading: 0 },
  };
  const r = await recall(task, { mode: "raw", topK: 5, rawSample: again });
  assert.ok(r.images.get("mug-red"), "the interaction's photo is loaded");
  const input = groundInput(task, "raw", r);
  assert.deepEqual(
    input.interactionImages?.map((x) => x.episodeId),
    ["acq-1"],
  );
  const g = (await new HeuristicPolicy().ground(input)).value;
  assert.equal(g.objectId, "mug-red");
  assert.ok(targetPhoto(task, g, r), "the heuristic recognises the object by that photo");
});

test("forgetting a user is a line in the shared log: another writer's lines survive it, and every later reader sees it", () => {
  const path = join(mkdtempSync(join(tmpdir(), "polar-raw-")), "raw.jsonl");
  const a = new InteractionLog(path); // one worker, acquiring u2
  const b = new InteractionLog(path); // another, retrying u3's acquisition from scratch
  const one = (id: string, t: number): RawInteraction => ({
    episodeId: id,
    timestamp: t,
    instruction: id,
    trajectory: "",
  });
  b.append("u3", one("acq-u3-1", 1));
  a.append("u2", one("acq-u2-1", 2));
  b.forget("u3");
  a.append("u2", one("acq-u2-2", 3)); // written after the forget, by a process that never saw it
  b.append("u3", one("acq-u3-2", 4));
  const later = new InteractionLog(path);
  assert.deepEqual(
    later.list("u2").map((x) => x.episodeId),
    ["acq-u2-1", "acq-u2-2"],
  );
  assert.deepEqual(
    later.list("u3").map((x) => x.episodeId),
    ["acq-u3-2"],
    "only what came after the forget",
  );
  assert.deepEqual(
    b.list("u3").map((x) => x.episodeId),
    ["acq-u3-2"],
  );
});

test("a last line still being written is not read yet, and not an error; a broken line before it is", () => {
  const path = join(mkdtempSync(join(tmpdir(), "polar-raw-")), "raw.jsonl");
  const ok = JSON.stringify({ userId: "u1", episodeId: "acq-1", timestamp: 1, instruction: "x", trajectory: "" });
  writeFileSync(path, `${ok}\n{"userId":"u1","epis`);
  assert.deepEqual(
    new InteractionLog(path).list("u1").map((x) => x.episodeId),
    ["acq-1"],
  );
  writeFileSync(path, `{"userId":"u1","epis\n${ok}\n`);
  assert.throws(() => new InteractionLog(path), /raw\.jsonl:1: not JSON/);
});

test("raw mode grounds a paraphrase on the interaction that meant it, not on shared filler words", () => {
  const said: RawInteraction[] = [
    {
      episodeId: "a1",
      timestamp: 1,
      instruction: "get the scarf I wear in the winter",
      objectId: "scarf-1",
      category: "hat",
      trajectory: "",
    },
    {
      episodeId: "a2",
      timestamp: 2,
      instruction: "get the scarf I take to the beach in summer",
      objectId: "scarf-2",
      category: "hat",
      trajectory: "",
    },
    {
      episodeId: "a3",
      timestamp: 3,
      instruction: "get the hat I wear for the cold garage",
      objectId: "hat-3",
      category: "hat",
      trajectory: "",
    },
  ];
  assert.equal(groundRaw("Get me the one for the colder months", said).objectId, "scarf-1");
  assert.equal(groundRaw("Get me the one for when it's hot out", said).objectId, "scarf-2");
});

test("refresh() catches up with lines another process appended, and with none it reads nothing", () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-raw-refresh-"));
  const path = join(dir, "raw-interactions.jsonl");
  const writer = new InteractionLog(path);
  writer.append("u", pool[0]);
  const reader = new InteractionLog(path);
  assert.deepEqual(
    reader.list("u").map((x) => x.episodeId),
    ["acq-00"],
  );
  writer.append("u", pool[1]);
  writer.append("w", pool[2]);
  assert.equal(reader.list("u").length, 1, "a held log does not see appends until refreshed");
  reader.refresh();
  assert.deepEqual(
    reader.list("u").map((x) => x.episodeId),
    ["acq-00", "acq-01"],
  );
  assert.equal(reader.list("w").length, 1);
  // a forget line another process wrote drops the user here too
  writer.forget("u");
  reader.refresh();
  assert.deepEqual(reader.list("u"), []);
  // a line still being written (no newline yet) is not read, and is read once it is whole
  const line = JSON.stringify({ userId: "w", ...pool[3] });
  writeFileSync(path, `${readFileSync(path, "utf8")}${line.slice(0, 20)}`);
  reader.refresh();
  assert.equal(reader.list("w").length, 1);
  writeFileSync(path, `${readFileSync(path, "utf8")}${line.slice(20)}\n`);
  reader.refresh();
  assert.deepEqual(
    reader.list("w").map((x) => x.episodeId),
    ["acq-02", "acq-03"],
  );
});
