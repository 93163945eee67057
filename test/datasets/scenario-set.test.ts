import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { checkScenarioSet } from "../../src/datasets/generate/checks.ts";
import { loadScenarioSet, parseScenarioSet } from "../../src/datasets/load-set.ts";
import type { ScenarioSetFile } from "../../src/datasets/scenario-schema.ts";
import { scenarioSetStats } from "../../src/datasets/stats.ts";

const MINI = "datasets/polar-mini";
const FILE = `${MINI}/scenario-set.json`;
const text = readFileSync(FILE, "utf8");
const fresh = () => JSON.parse(text) as ScenarioSetFile;

test("polar-mini loads, cross-checks and passes the generator's checks", async () => {
  const set = await loadScenarioSet(MINI);
  const s = scenarioSetStats(set);
  assert.ok(s.evaluation >= 60 && s.evaluation <= 90, `evaluation episodes: ${s.evaluation}`);
  for (const k of [
    "compositional_single",
    "compositional_joint",
    "distractor",
    "temporal/context_change",
    "temporal/referent_change",
  ])
    assert.ok((s.perScenario[k] ?? 0) > 0, `no ${k} episodes`);
  assert.ok(s.goldPriors["2"] > 0 && s.goldPriors["3"] > 0, "joint episodes need 2 and 3 gold priors");
  assert.deepEqual(checkScenarioSet(set), []);
  for (const o of set.objects) assert.ok(readFileSync(`${MINI}/${o.image}`).subarray(1, 4).toString() === "PNG");
});

test("acquisition and evaluation stages place the target elsewhere and start elsewhere", async () => {
  const set = await loadScenarioSet(MINI);
  const acq = new Map(set.acquisition.map((a) => [a.id, a]));
  for (const e of set.evaluation) {
    const where = e.placements.find((p) => p.id === e.targetObjectId)?.receptacleId;
    for (const g of e.goldPriorEpisodeIds) {
      const prior = acq.get(g);
      assert.ok(prior);
      assert.notEqual(prior.placements.find((p) => p.id === e.targetObjectId)?.receptacleId, where, e.id);
      assert.notDeepEqual(prior.start.position, e.start.position, e.id);
    }
  }
});

function rejects(mutate: (s: ScenarioSetFile) => void, ...fragments: string[]) {
  const set = fresh();
  mutate(set);
  assert.throws(
    () => parseScenarioSet(JSON.stringify(set), FILE),
    (e: Error) => {
      assert.ok(e.message.startsWith(FILE), e.message);
      for (const f of fragments) assert.ok(e.message.includes(f), `"${e.message}" lacks "${f}"`);
      return true;
    },
  );
}

test("bad scenario sets are rejected naming the file and the item", () => {
  rejects((s) => {
    s.evaluation[3].sceneId = "nowhere";
  }, `evaluation[3] (${fresh().evaluation[3].id}): unknown scene "nowhere"`);
  rejects(
    (s) => {
      s.acquisition[2].placements[0].id = "ghost-object";
    },
    `acquisition[2].placements[0]`,
    `unknown object "ghost-object"`,
  );
  rejects((s) => {
    s.evaluation[1].targetObjectId = "ghost";
  }, `unknown target object "ghost"`);
  rejects((s) => {
    s.objects.push({ ...s.objects[0] });
  }, `duplicated object id "${fresh().objects[0].id}"`);
  rejects((s) => {
    s.evaluation[0].id = s.acquisition[0].id;
  }, `duplicated episode id "${fresh().acquisition[0].id}"`);
  rejects(
    (s) => {
      s.evaluation[5].goldPriorEpisodeIds = ["acq-missing-0001"];
    },
    `evaluation[5]`,
    `gold prior episode "acq-missing-0001" does not exist`,
  );
  rejects((s) => {
    s.users.push({ ...s.users[0] });
  }, `duplicated user id "u1"`);
  rejects((s) => {
    (s.evaluation[0] as { scenario: string }).scenario = "compositional_triple";
  }, "evaluation[0].scenario");
  rejects((s) => {
    const e = s.evaluation.find((x) => x.scenario === "compositional_joint");
    if (e) e.goldPriorEpisodeIds = e.goldPriorEpisodeIds.slice(0, 1);
  }, "compositional_joint has 2–3 gold priors");
});

test("an id that would name a folder above (.., .) is refused: ids become folder names", () => {
  for (const id of ["..", "."]) {
    rejects(
      (s) => {
        s.evaluation[2].id = id;
      },
      "evaluation[2].id",
      "would name a folder",
    );
    rejects(
      (s) => {
        s.users[0].id = id;
      },
      "users[0].id",
      "would name a folder",
    );
  }
});

test("a reference image that is damaged past its header is refused before any episode, naming it", async () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-broken-ref-"));
  try {
    cpSync(MINI, join(dir, "set"), { recursive: true });
    const name = fresh().acquisition[0].referenceImage;
    const path = join(dir, "set", name);
    const bytes = readFileSync(path);
    // the header (signature, size) stays: only decoding the pixels finds the damage
    writeFileSync(path, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await assert.rejects(
      () => loadScenarioSet(join(dir, "set")),
      (e: Error) => e.message.includes(`cannot be decoded (${name}: `),
    );
    const r = spawnSync(
      process.execPath,
      [
        "bin/polar.js",
        "eval",
        "--dataset",
        join(dir, "set"),
        "--memory",
        "none",
        "--limit",
        "1",
        "--no-report",
        "--out",
        join(dir, "out"),
      ],
      { encoding: "utf8", timeout: 60_000, env: { ...process.env, POLAR_EMBEDDER__TYPE: "lexical" } },
    );
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, new RegExp(`cannot be decoded \\(${name.replace(/[.]/g, "\\.")}`));
    assert.ok(!existsSync(join(dir, "out", "results.jsonl")), "no episode ran");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
