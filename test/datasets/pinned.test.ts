import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { DatasetError } from "../../src/datasets/dataset-errors.ts";
import { headingFromQuaternion, loadObjectDescriptions, loadPinned } from "../../src/datasets/pinned.ts";
import { datasetStats } from "../../src/datasets/stats.ts";
import { CONFIG, episode, fixture } from "./pinned-fixture.ts";

function tmp() {
  return mkdtempSync(join(tmpdir(), "polar-pinned-"));
}

test("loads .json and .json.gz episode files into Polar evaluation episodes", async () => {
  const dir = tmp();
  mkdirSync(join(dir, "content"));
  writeFileSync(join(dir, "content", "TEEsavR23oF.json"), fixture([episode(0), episode(1)]));
  writeFileSync(
    join(dir, "content", "other.json.gz"),
    gzipSync(fixture([episode(0, { scene_id: "hm3d/val/x/Other.basis.glb" })])),
  );
  writeFileSync(
    join(dir, "objects_descriptions.json"),
    JSON.stringify({ mug_0: ["a white mug with a blue stripe", "b", "c"] }),
  );
  const data = await loadPinned(dir);
  assert.equal(data.files.length, 2);
  assert.equal(data.episodes.length, 3);
  assert.deepEqual(data.scenes.map((s) => s.id).sort(), ["Other", "TEEsavR23oF"]);
  const first = data.episodes.find((e) => e.episode.id === "pinned:TEEsavR23oF:0")?.episode;
  assert.ok(first);
  assert.equal(first.stage, "evaluation");
  assert.equal(first.scenario, "pinned");
  assert.equal(first.targetObjectId, "mug_0");
  assert.equal(first.instruction, "Find this mug: a white mug with a blue stripe");
  assert.deepEqual(first.distractorIds, ["mug_d0"]);
  assert.equal(first.placements.find((p) => p.id === "bear_0")?.category, "teddy bear");
  assert.ok(Math.abs(first.start.heading - Math.PI / 4) < 1e-9);
  assert.equal(data.scenes.find((s) => s.id === "TEEsavR23oF")?.sceneDatasetConfig, CONFIG);
  const stats = await datasetStats(dir);
  assert.equal(stats.kind, "pinned");
  assert.deepEqual(stats.kind === "pinned" && stats.perScene, { Other: 1, TEEsavR23oF: 2 });
});

test("heading follows Habitat's quaternion convention", () => {
  const yaw = (h: number) => headingFromQuaternion([0, Math.sin(h / 2), 0, Math.cos(h / 2)]);
  for (const h of [0, 0.5, -1.2, Math.PI / 2]) assert.ok(Math.abs(yaw(h) - h) < 1e-9, `yaw ${h}`);
});

test("objects_descriptions.json: a mapping and a list of one-key mappings give the same map", async () => {
  const dir = tmp();
  const a = join(dir, "a.json");
  const b = join(dir, "b.json");
  writeFileSync(a, JSON.stringify({ x: ["one", "two"], y: ["three"] }));
  writeFileSync(b, JSON.stringify([{ x: ["one", "two"] }, { y: ["three"] }]));
  const ma = await loadObjectDescriptions(a);
  const mb = await loadObjectDescriptions(b);
  assert.deepEqual([...ma], [...mb]);
  assert.deepEqual(ma.get("x"), ["one", "two"]);
  const bad = join(dir, "bad.json");
  writeFileSync(bad, JSON.stringify({ x: "not a list" }));
  await assert.rejects(
    loadObjectDescriptions(bad),
    (e: Error) => e instanceof DatasetError && e.message.includes("bad.json"),
  );
});

async function rejects(content: string | Buffer, name: string, ...fragments: string[]) {
  const dir = tmp();
  const file = join(dir, name);
  writeFileSync(file, content);
  await assert.rejects(loadPinned(file), (e: Error) => {
    assert.ok(e instanceof DatasetError, String(e));
    assert.ok(e.message.includes(file), e.message);
    for (const f of fragments) assert.ok(e.message.includes(f), `"${e.message}" lacks "${f}"`);
    return true;
  });
}

test("a bad episode is rejected with the file, the episode index and the field", async () => {
  const broken = episode(1) as Record<string, unknown>;
  delete broken.start_position;
  await rejects(fixture([episode(0), broken]), "e.json", "episodes[1].start_position");
  const badGoal = episode(0, { goals: [{ object_category: "mug", object_id: "m", position: [1, 2] }] });
  await rejects(fixture([badGoal]), "g.json", "episodes[0].goals[0].position");
  const unknown = episode(0, { goals: [{ object_category: "toaster", object_id: "t", position: [1, 2, 3] }] });
  await rejects(fixture([unknown]), "c.json", "episodes[0].goals[0].object_category", "toaster");
  const noGeo = episode(2, { info: {} });
  await rejects(gzipSync(fixture([episode(0), episode(1), noGeo])), "z.json.gz", "episodes[2].info.geodesic_distance");
  await rejects("{not json", "j.json", "not valid JSON");
  await rejects(Buffer.from("not gzip"), "n.json.gz", "cannot decompress");
  await rejects(fixture([episode(0), episode(0)]), "d.json", "episodes[1].episode_id", "duplicated");
});

test("`polar dataset stats` exits non-zero naming the file, episode and field", () => {
  const dir = tmp();
  const file = join(dir, "bad.json");
  const broken = episode(0) as Record<string, unknown>;
  delete broken.scene_id;
  writeFileSync(file, fixture([broken]));
  const r = spawnSync(process.execPath, ["bin/polar.js", "dataset", "stats", file], {
    encoding: "utf8",
    timeout: 60_000,
  });
  assert.equal(r.signal, null, `hung (killed after 60 s): ${r.stderr}`);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /bad\.json: episodes\[0\]\.scene_id/);
});
