/**
 * An episode the simulator cannot set up as recorded is the harness's failure, not the agent's:
 * `dataset check` names the object (exit 2); a run records the acquisition as an infrastructure
 * failure (failures.jsonl, no result line) and the report names it and the evaluation episodes
 * that ran without that gold prior.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, test } from "node:test";
import { evaluate } from "../../src/compose/evaluate.ts";
import { loadConfig } from "../../src/config/load.ts";
import type { ScenarioSetFile } from "../../src/datasets/scenario-schema.ts";
import { readResults } from "../../src/eval/results.ts";
import { cliEnv, polarSync } from "../cli/helpers.ts";
import { tinySet } from "./slice.ts";

const root = mkdtempSync(join(tmpdir(), "polar-unplaceable-"));
let dataset = "";
let priorId = "";
let objectId = "";
let evaluationIds: string[] = [];

before(async () => {
  dataset = await tinySet(root, { evaluation: 2, extraAcquisition: 0 });
  const file = join(dataset, "scenario-set.json");
  const set = JSON.parse(readFileSync(file, "utf8")) as ScenarioSetFile;
  priorId = set.evaluation[0].goldPriorEpisodeIds[0];
  evaluationIds = set.evaluation.filter((e) => e.goldPriorEpisodeIds.includes(priorId)).map((e) => e.id);
  const prior = set.acquisition.find((a) => a.id === priorId);
  assert.ok(prior);
  const spec = prior.placements.find((p) => p.id === prior.targetObjectId);
  assert.ok(spec?.position && spec.receptacleId);
  objectId = spec.id;
  // a recorded spot half a metre off its receptacle's top
  spec.position = [spec.position[0] + 0.5, spec.position[1], spec.position[2]];
  writeFileSync(file, JSON.stringify(set));
});

test("dataset check names an object that cannot stand at its recorded spot, exit 2", () => {
  const r = polarSync(["dataset", "check", dataset], cliEnv(root));
  assert.equal(r.code, 2, r.err);
  assert.ok(r.err.includes(priorId), r.err);
  assert.ok(r.err.includes(`"${objectId}"`), r.err);
});

test("a run records the unplaceable acquisition as an infrastructure failure and the report names what it cost", async () => {
  const out = join(root, "run");
  const config = loadConfig({
    env: {},
    overrides: {
      simulator: { maxSteps: 40 },
      embedder: { type: "lexical" },
      eval: { dataset, out, concurrency: 1, bootstrapSamples: 50, memoryModes: ["polar"] },
    },
  });
  const s = await evaluate(config, { onNotice: () => {}, report: true });
  assert.equal(s.infrastructureFailures, 1);
  const lines = readResults(join(out, "results.jsonl")).lines;
  assert.ok(!lines.some((l) => l.episodeId === priorId), "no result line for the episode that could not be set up");
  const failures = readFileSync(join(out, "failures.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  assert.equal(failures.length, 1);
  assert.equal(failures[0].episodeId, priorId);
  assert.match(failures[0].error, /could not be set up/);
  assert.ok(failures[0].error.includes(`"${objectId}"`), failures[0].error);
  const md = readFileSync(join(out, "report", "report.md"), "utf8");
  const section = md.slice(md.indexOf("## What the harness could not do"));
  assert.ok(md.includes("## What the harness could not do"));
  assert.ok(section.includes(priorId));
  for (const id of evaluationIds) assert.ok(section.includes(`| ${id} |`), `report names ${id}`);
  assert.match(md, /Grounded right \(%\)/);
});
