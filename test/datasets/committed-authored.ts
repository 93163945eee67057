/**
 * The check every committed hand-written file gets, shared by authored.test.ts and
 * authored-later.test.ts and authored-latest.test.ts (split so that each has its own time limit on a busy machine): both
 * halves build, every case passes the checks, and each half holds all four scenarios.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { embeddedScenes } from "../../sim-bridge/embedded/dataset-scenes.ts";
import { buildAuthoredSet, readAuthoredSet } from "../../src/datasets/generate/authored.ts";
import { checkScenarioSet } from "../../src/datasets/generate/checks.ts";

export function committedFileBuilds(file: string): void {
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
}
