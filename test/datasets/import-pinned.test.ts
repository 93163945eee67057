/**
 * `polar dataset import-pinned`: PInNED episodes become a scenario set whose scenes
 * run on the Habitat bridge; `polar eval` on it without --sim-url refuses before any episode.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { evalOverrides } from "../../src/cli/commands/eval.ts";
import { buildPlan, PlanError } from "../../src/compose/setup.ts";
import { loadConfig } from "../../src/config/load.ts";
import { DatasetError } from "../../src/datasets/dataset-errors.ts";
import { importPinned } from "../../src/datasets/import-pinned.ts";
import { loadScenarioSet, parseScenarioSet } from "../../src/datasets/load-set.ts";
import { datasetStats } from "../../src/datasets/stats.ts";
import { cliEnv, polarSync, STACK } from "../cli/helpers.ts";
import { CONFIG, episode, fixture, SCENE } from "./pinned-fixture.ts";

const root = mkdtempSync(join(tmpdir(), "polar-import-pinned-"));
after(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const tmp = () => {
  const d = join(root, String(n++));
  mkdirSync(d);
  return d;
};

/** Two scenes, three episodes; descriptions for mug_0 only. */
function pinnedFolder(): string {
  const dir = tmp();
  mkdirSync(join(dir, "content"));
  writeFileSync(join(dir, "content", "TEEsavR23oF.json"), fixture([episode(0), episode(1)]));
  writeFileSync(join(dir, "content", "other.json"), fixture([episode(0, { scene_id: "hm3d/val/x/Other.basis.glb" })]));
  writeFileSync(
    join(dir, "objects_descriptions.json"),
    JSON.stringify({ mug_0: ["a white mug with a blue stripe", "a mug with a chipped rim", "a tall white mug"] }),
  );
  return dir;
}

test("imports PInNED episodes into a scenario set that loads, with a Habitat scene per PInNED scene", async () => {
  const src = pinnedFolder();
  const out = join(tmp(), "set");
  const { file, described } = await importPinned(src, out, { name: "pinned-fixture" });
  assert.equal(file, join(out, "scenario-set.json"));
  assert.deepEqual(readdirSync(out), ["scenario-set.json"], "no images, no temporary file");
  assert.equal(described, 1);
  const set = await loadScenarioSet(out);
  assert.equal(set.name, "pinned-fixture");
  assert.deepEqual(
    set.users.map((u) => u.id),
    ["pinned"],
  );
  assert.deepEqual(set.scenes.map((s) => [s.id, s.simulator, s.sceneDatasetConfig]).sort(), [
    ["Other", "habitat", CONFIG],
    ["TEEsavR23oF", "habitat", CONFIG],
  ]);
  assert.equal(set.scenes.find((s) => s.id === "TEEsavR23oF")?.scene, SCENE);
  assert.equal(set.acquisition.length, 0);
  assert.deepEqual(set.evaluation.map((e) => e.id).sort(), [
    "pinned:Other:0",
    "pinned:TEEsavR23oF:0",
    "pinned:TEEsavR23oF:1",
  ]);
  const first = set.evaluation.find((e) => e.id === "pinned:TEEsavR23oF:0");
  assert.equal(first?.scenario, "pinned");
  assert.equal(first?.instruction, "Find this mug: a white mug with a blue stripe");
  assert.deepEqual(first?.distractorIds, ["mug_d0"]);
  // one catalog object per instance placed (mug_0 and its company appear in both scenes' episode 0)
  assert.deepEqual(set.objects.map((o) => o.id).sort(), [
    "bag_0",
    "bag_1",
    "bear_0",
    "bear_1",
    "mug_0",
    "mug_1",
    "mug_d0",
    "mug_d1",
  ]);
  const mug0 = set.objects.find((o) => o.id === "mug_0");
  assert.deepEqual(mug0?.descriptions, [
    "a white mug with a blue stripe",
    "a mug with a chipped rim",
    "a tall white mug",
  ]);
  assert.equal(mug0?.image, undefined, "no placeholder image");
  const bear = set.objects.find((o) => o.id === "bear_1");
  assert.equal(bear?.category, "teddy bear");
  assert.equal(bear?.descriptions[0], "a teddy bear");
  assert.match(bear?.descriptions[2] ?? "", /no description of this instance/);
  assert.deepEqual(bear?.attributes, { color: "unknown", size: "medium" });
  const stats = await datasetStats(out);
  assert.equal(stats.kind, "scenario-set");
  assert.deepEqual(stats.kind === "scenario-set" && stats.perScenario, { pinned: 3 });
  assert.deepEqual(stats.kind === "scenario-set" && stats.perScene, { Other: 1, TEEsavR23oF: 2 });
});

test("an acquisition episode still needs its target's image in the catalog; older sets still load", async () => {
  const mini = JSON.parse(readFileSync("datasets/polar-mini/scenario-set.json", "utf8"));
  parseScenarioSet(JSON.stringify(mini), "polar-mini"); // every catalog object has its image
  const target = mini.acquisition[0].targetObjectId;
  const noImage = {
    ...mini,
    objects: mini.objects.map((o: { id: string; image?: string }) =>
      o.id === target ? { ...o, image: undefined } : o,
    ),
  };
  assert.throws(
    () => parseScenarioSet(JSON.stringify(noImage), "x.json"),
    (e: Error) =>
      e instanceof DatasetError &&
      e.message.includes(`acquisition[0] (${mini.acquisition[0].id}): target "${target}" has no image in the catalog`),
  );
});

test("refuses a non-empty --out unless --force; a bad input writes nothing", async () => {
  const src = pinnedFolder();
  const out = tmp();
  writeFileSync(join(out, "keep.txt"), "mine\n");
  await assert.rejects(importPinned(src, out), (e: Error) => e instanceof DatasetError && /not empty/.test(e.message));
  assert.deepEqual(readdirSync(out), ["keep.txt"]);
  await importPinned(src, out, { force: true });
  assert.deepEqual(readdirSync(out).sort(), ["keep.txt", "scenario-set.json"]);

  const bad = tmp();
  const broken = episode(1) as Record<string, unknown>;
  delete broken.start_position;
  writeFileSync(join(bad, "e.json"), fixture([episode(0), broken]));
  const badOut = join(tmp(), "set");
  await assert.rejects(importPinned(bad, badOut), /episodes\[1\]\.start_position/);
  assert.equal(existsSync(badOut), false);

  // one instance id with two categories cannot be one catalog object
  const clash = tmp();
  writeFileSync(
    join(clash, "c.json"),
    fixture([
      episode(0),
      episode(1, {
        distractors: [{ object_category: "bag", object_id: "mug_0", position: [1, 2, 3] }],
      }),
    ]),
  );
  const clashOut = join(tmp(), "set");
  await assert.rejects(importPinned(clash, clashOut), /object "mug_0" is a bag here but a mug in/);
  assert.equal(existsSync(clashOut), false);
});

test("polar dataset import-pinned, then polar eval without --sim-url: one line, exit 2, no results", () => {
  const env = cliEnv(root);
  const src = pinnedFolder();
  const out = join(tmp(), "set");
  const r = polarSync(["dataset", "import-pinned", src, "--out", out, "--name", "fixture"], env);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /3 evaluation episodes in 2 Habitat scene\(s\), 8 objects \(1 with PInNED descriptions\)/);
  const again = polarSync(["dataset", "import-pinned", src, "--out", out], env);
  assert.equal(again.code, 2);
  assert.match(again.err, /^polar: --out .*: is not empty: .*--force/m);
  assert.doesNotMatch(again.err, STACK);
  const missing = polarSync(["dataset", "import-pinned", join(src, "nope"), "--out", join(tmp(), "x")], env);
  assert.equal(missing.code, 2);
  assert.match(missing.err, /nope: no such file or folder/);

  const stats = polarSync(["dataset", "stats", out, "--json"], env);
  assert.equal(stats.code, 0, stats.err);
  assert.equal(JSON.parse(stats.out).evaluation, 3);

  const results = join(tmp(), "results");
  const ev = polarSync(["eval", "--dataset", out, "--memory", "none", "--out", results, "--no-report"], env);
  assert.equal(ev.code, 2, ev.err);
  assert.match(
    ev.err,
    /^polar: scene (Other|TEEsavR23oF) of fixture runs on the Habitat bridge, .*pass --sim-url ws:\/\/<habitat bridge>/m,
  );
  assert.equal(ev.err.trim().split("\n").length, 1, ev.err);
  assert.doesNotMatch(ev.err, STACK);
  assert.equal(existsSync(results), false, "no output folder");

  const badUrl = polarSync(["eval", "--dataset", out, "--sim-url", "http://x:1", "--out", results], env);
  assert.equal(badUrl.code, 2);
  assert.match(badUrl.err, /--sim-url expects ws:\/\/ or wss:\/\/ URLs, got "http:\/\/x:1"/);
  assert.deepEqual(evalOverrides({ simUrl: ["ws://a:1", "wss://b:2"] }).simulator, { urls: ["ws://a:1", "wss://b:2"] });
  const dry = polarSync(["eval", "--dataset", out, "--dry-run"], env);
  assert.equal(dry.code, 2);
  assert.match(dry.err, /pass --sim-url/);
});

test("buildPlan: Habitat scenes need a bridge URL; a queue coordinator, which runs no episode, does not", async () => {
  const out = join(tmp(), "set");
  await importPinned(pinnedFolder(), out, { name: "fixture" });
  const config = (simulator: Record<string, unknown> = {}) =>
    loadConfig({ overrides: { eval: { dataset: out, memoryModes: ["none"], out: join(out, "results") }, simulator } });
  await assert.rejects(
    buildPlan(config()),
    (e: Error) => e instanceof PlanError && /^scene \w+ of fixture runs on the Habitat bridge/.test(e.message),
  );
  const withBridge = await buildPlan(config({ urls: ["ws://127.0.0.1:8765", "ws://127.0.0.1:8766"] }));
  assert.equal(withBridge.plan.set.evaluation.length, 3);
  await buildPlan(config({ url: "ws://127.0.0.1:8765" }));
  await buildPlan(config(), process.env, { runsEpisodes: false });
  // a set of embedded scenes needs none
  await buildPlan(
    loadConfig({ overrides: { eval: { dataset: "datasets/polar-mini", memoryModes: ["none"], out: join(out, "r") } } }),
  );
});
