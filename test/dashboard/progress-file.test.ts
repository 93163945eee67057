/** The evaluation's progress file: what the dashboard follows a running `polar eval` by. */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { DataRoots } from "../../src/dashboard/paths.ts";
import { isAlive, readProgress } from "../../src/dashboard/results-view.ts";
import { fileProgress, PROGRESS_FILE, ProgressFile } from "../../src/eval/progress-file.ts";

test("progress.json follows the run and says when it finished", () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-progress-"));
  const roots = new DataRoots(tmpdir(), ["."]);
  const p = fileProgress(dir);
  p.start(10, 2);
  p.episode(true, "heuristic/none e1");
  p.episode(false, "heuristic/none e2");
  p.failure("heuristic/none e3", "connection refused");
  const mid = ProgressFile.parse(JSON.parse(readFileSync(join(dir, PROGRESS_FILE), "utf8")));
  assert.deepEqual(
    { total: mid.total, done: mid.done, ran: mid.ran, succeeded: mid.succeeded, failures: mid.failures, pid: mid.pid },
    { total: 10, done: 4, ran: 2, succeeded: 1, failures: 1, pid: process.pid },
  );
  assert.equal(mid.finished, false);
  const read = readProgress(roots, dir);
  assert.ok(read && isAlive(read), "this process is alive");
  p.stop();
  const end = readProgress(roots, dir);
  assert.ok(end?.finished);
  assert.equal(isAlive(end), false);
  assert.equal(readProgress(roots, mkdtempSync(join(tmpdir(), "polar-progress-none-"))), null);
});
