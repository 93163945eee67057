/**
 * The later half of the committed hand-written files (the first half: authored.test.ts), split
 * so that each file's building and checking has its own time limit on a busy machine.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { embeddedScenes } from "../../sim-bridge/embedded/dataset-scenes.ts";
import { buildAuthoredSet, readAuthoredSet } from "../../src/datasets/generate/authored.ts";
import { checkScenarioSet } from "../../src/datasets/generate/checks.ts";

for (const file of [
  "datasets/voices-15/authored.json",
  "datasets/voices-16/authored.json",
  "datasets/voices-17/authored.json",
  "datasets/voices-18/authored.json",
  "datasets/voices-19/authored.json",
  "datasets/voices-20/authored.json",
  "datasets/voices-21/authored.json",
  "datasets/voices-22/authored.json",
  "datasets/voices-23/authored.json",
  "datasets/voices-24/authored.json",
  "datasets/voices-25/authored.json",
  "datasets/voices-26/authored.json",
  "datasets/voices-27/authored.json",
  "datasets/voices-28/authored.json",
  "datasets/voices-29/authored.json",
])
  test(`the committed hand-written file ${file} builds both halves and every case passes the checks`, () => {
    const authored = readAuthoredSet(file);
    const dev = buildAuthoredSet(authored, embeddedScenes, "dev");
    const held = buildAuthoredSet(authored, embeddedScenes, "test");
    assert.deepEqual(checkScenarioSet(dev), []);
    assert.deepEqual(checkScenarioSet(held), []);
    assert.ok(dev.evaluation.length + held.evaluation.length >= 40);
    for (const s of [dev, held])
      assert.deepEqual(
        new Set(s.evaluation.map((e) => e.scenario)),
        new Set(["compositional_single", "compositional_joint", "distractor", "temporal"]),
      );
  });
