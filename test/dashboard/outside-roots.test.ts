/**
 * `polar dashboard DIR…` and `--root DIR`: runs outside the project folder are listed and
 * opened like the project's own; anything outside every root is still refused; a folder that
 * is not there is a bad value (exit 2), not a dashboard that shows nothing.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { DataRoots, PathRefused } from "../../src/dashboard/paths.ts";
import { listAllRuns } from "../../src/dashboard/replay.ts";
import { listResultFolders, readResultsView } from "../../src/dashboard/results-view.ts";

test("a run folder given on the command line is listed, opened, and its replays found; others stay refused", () => {
  const project = mkdtempSync(join(tmpdir(), "polar-project-"));
  const elsewhere = mkdtempSync(join(tmpdir(), "polar-elsewhere-"));
  const run = join(elsewhere, "ablation-a");
  mkdirSync(join(run, "episodes", "heuristic", "polar", "e1"), { recursive: true });
  writeFileSync(join(run, "results.jsonl"), "");
  writeFileSync(join(run, "episodes", "heuristic", "polar", "e1", "events.jsonl"), "");
  const stranger = mkdtempSync(join(tmpdir(), "polar-stranger-"));
  writeFileSync(join(stranger, "results.jsonl"), "");

  const plain = new DataRoots(project);
  assert.deepEqual(listResultFolders(plain), []);
  assert.throws(() => plain.resolve(run), PathRefused, "without the root, the folder is outside");

  const roots = new DataRoots(project, undefined, [elsewhere]);
  assert.deepEqual(listResultFolders(roots), [run]);
  assert.equal(readResultsView(roots, run).path, run);
  assert.deepEqual(
    listAllRuns(roots).map((r) => r.path),
    [join(run, "episodes", "heuristic", "polar", "e1")],
  );
  assert.throws(() => roots.resolve(join(stranger, "results.jsonl")), PathRefused);
});

test("polar dashboard with a folder that is not there, or a file, exits 2 naming it", () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-dash-arg-"));
  writeFileSync(join(dir, "a-file"), "x");
  for (const [arg, why] of [
    [join(dir, "missing"), /missing: no such folder/],
    [join(dir, "a-file"), /a-file: not a folder/],
  ] as const) {
    const r = spawnSync(process.execPath, ["bin/polar.js", "dashboard", "--port", "0", arg], {
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, why);
  }
  const r = spawnSync(process.execPath, ["bin/polar.js", "dashboard", "--port", "0", "--root", join(dir, "missing")], {
    encoding: "utf8",
    timeout: 60_000,
  });
  assert.equal(r.status, 2, r.stderr);
});
