/**
 * A disk that fills up during `polar eval`: an infrastructure failure (exit 4), one line naming
 * the file that did not fit, no stack trace, the episodes it cost recorded as failures (or named
 * on stderr when not even that fits), and every result line whole. Needs a small tmpfs, so runs
 * where this process may mount one (root in a container), and is skipped elsewhere.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { REPO_ROOT } from "../../src/config/load.ts";
import { readResults } from "../../src/eval/results.ts";
import { STACK } from "../cli/helpers.ts";

const root = mkdtempSync(join(tmpdir(), "polar-disk-full-"));
const mounted: string[] = [];
after(() => {
  for (const m of mounted) spawnSync("umount", [m]);
  rmSync(root, { recursive: true, force: true });
});

/** A tmpfs of `bytes` at a fresh folder, or null where this process may not mount one. */
function smallDisk(name: string, bytes: number): string | null {
  const dir = join(root, name);
  mkdirSync(dir);
  const r = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${bytes}`, "tmpfs", dir]);
  if (r.status !== 0) return null;
  mounted.push(dir);
  return dir;
}
const canMount = (() => {
  const d = smallDisk("probe", 64 * 1024);
  return d !== null;
})();

const EVAL_ENV = { POLAR_EMBEDDER__TYPE: "lexical", POLAR_EVAL__MAXCONSECUTIVEFAILURES: "1" };
const evalOn = (out: string, ...more: string[]) => {
  const r = spawnSync(
    process.execPath,
    [
      join(REPO_ROOT, "bin", "polar.js"),
      "eval",
      "--dataset",
      "datasets/polar-mini",
      "--memory",
      "none",
      "--no-report",
      "--out",
      out,
      ...more,
    ],
    // the run stops at its first infrastructure failure: the five a default run waits for are
    // whole episodes each, and what is tested is how the first is reported
    { cwd: REPO_ROOT, encoding: "utf8", env: { ...process.env, ...EVAL_ENV }, timeout: 120_000 },
  );
  return { code: r.status, err: String(r.stderr) };
};

test("--trajectories filling the disk: exit 4 naming the file, failures recorded, no stack trace, lines whole", {
  skip: !canMount && "cannot mount a tmpfs here",
  timeout: 150_000,
}, () => {
  // smaller than polar-mini's first episode kept whole (about 0.8 MB of views): full at once
  const disk = smallDisk("views", 768 * 1024) as string;
  const out = join(disk, "out");
  const r = evalOn(out, "--trajectories");
  assert.equal(r.code, 4, r.err);
  assert.match(r.err, new RegExp(`${out}/\\S+: no space left on device \\(ENOSPC\\)`));
  assert.doesNotMatch(r.err, STACK);
  const failures = readFileSync(join(out, "failures.jsonl"), "utf8").split("\n").filter(Boolean);
  assert.ok(failures.length > 0, "the episodes the disk cost are recorded");
  // the views usually meet the full disk first; on a busy machine the memory store's write can
  // (SQLite's own words for it): either is the disk, recorded as the episode's failure
  for (const f of failures) assert.match(JSON.parse(f).error, /could not be kept: .*ENOSPC|database or disk is full/);
  assert.deepEqual(readResults(join(out, "results.jsonl")).problems, []);
});

test("a disk too full for the memory store: exit 4 naming memory.db, not a bad value (2)", {
  skip: !canMount && "cannot mount a tmpfs here",
  timeout: 150_000,
}, () => {
  const disk = smallDisk("memory", 1024 * 1024) as string;
  writeFileSync(join(disk, "filler"), Buffer.alloc(1024 * 1024 - 80 * 1024));
  const r = evalOn(join(disk, "out"));
  assert.equal(r.code, 4, r.err);
  assert.match(r.err, /memory\.db: database or disk is full/);
  assert.doesNotMatch(r.err, STACK);
});
