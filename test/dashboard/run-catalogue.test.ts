/**
 * The runs the dashboard offers: every run of a large evaluation (one with --trajectories keeps a
 * run per episode and memory mode, hundreds of them), not the newest few hundred, with each run's
 * summary read again when its events.jsonl changes.
 */
import assert from "node:assert/strict";
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Hub } from "../../src/dashboard/hub.ts";
import { testProject } from "./fixture.ts";

function writeRun(dir: string, episodeId: string, memory: string): void {
  mkdirSync(dir, { recursive: true });
  const start = { type: "episode_start", episodeId, memory, backbone: "heuristic", scenario: "temporal", seq: 0, t: 0 };
  writeFileSync(join(dir, "events.jsonl"), `${JSON.stringify(start)}\n`);
}

test("a 330-run evaluation is listed whole, and a run rewritten since is summarised anew", async () => {
  const project = testProject();
  const out = join(project.dir, "results", "big");
  const paths: string[] = [];
  for (const memory of ["none", "raw", "polar"])
    for (let i = 0; i < 110; i++) {
      const path = join(out, "episodes", "heuristic", memory, `eval-u1-${String(i).padStart(4, "0")}`);
      writeRun(path, `eval-u1-${i}`, memory);
      paths.push(path);
    }
  const hub = new Hub({ config: project.config, projectDir: project.dir, progressEveryMs: 60_000 });
  try {
    const first = hub.catalogue();
    assert.equal(first.runs.length, 330);
    assert.equal(first.runsFound, 330);
    assert.ok(first.runInfo.every((r) => r.folder === "results/big" && r.backbone === "heuristic"));

    // the same run written again (a rerun into the folder): its new start is what the picker shows
    const again = paths[0];
    writeRun(again, "eval-u1-0", "raw");
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(again, "events.jsonl"), later, later);
    const second = hub.catalogue();
    const shown = second.runInfo.find((r) => r.path === "results/big/episodes/heuristic/none/eval-u1-0000");
    assert.equal(shown?.memory, "raw");
    assert.equal(second.runInfo[0].path, shown?.path, "newest first");
  } finally {
    await hub.close();
  }
});
