/**
 * One run per folder: two `polar eval` into one --out, or two `polar run` on one
 * --memory-dir, ran side by side and corrupted each other while both exited 0. Spawns the real
 * CLI: the second run must refuse naming the holder; a killed run's lock is taken over; Ctrl-C
 * releases it.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { cliEnv, miniSlice, polarAsync, polarSync, STACK, waitFor } from "./helpers.ts";

const tmp = mkdtempSync(join(tmpdir(), "polar-cli-locks-"));
after(() => rmSync(tmp, { recursive: true, force: true }));
// episodes of at most 60 steps: what is tested is who holds the folder, not how an episode ends
const env = cliEnv(tmp, { POLAR_SIMULATOR__MAXSTEPS: "60" });
const LOCK = ".polar-lock";
const evalArgs = (out: string, limit: number) => [
  "eval",
  "--dataset",
  "datasets/polar-mini",
  "--memory",
  "none,raw",
  "--out",
  out,
  "--limit-acquisition",
  String(limit),
  "--no-report",
];
// polar-mini (54 prior episodes before eval-u1-0005) where a run must still be going when it is
// signalled; a cut of it (4) where the run must finish
const runArgs = (out: string, memoryDir: string, dataset = "datasets/polar-mini") => [
  "run",
  "--dataset",
  dataset,
  "--episode",
  "eval-u1-0005",
  "--memory",
  "raw",
  "--out",
  out,
  "--memory-dir",
  memoryDir,
];

describe("polar eval: one run per --out", () => {
  it("a second run into a folder in use refuses, naming the holder's pid, command and since when", async () => {
    const out = join(tmp, "eval-race");
    // two episodes: the first run is stopped while the second starts, so its length is not what is tested
    const a = polarAsync(evalArgs(out, 2), env);
    await waitFor(() => existsSync(join(out, LOCK)), 30_000, a);
    // held (stopped) while the second run starts, however fast the first would finish
    a.child.kill("SIGSTOP");
    const b = polarSync(evalArgs(out, 1), env);
    a.child.kill("SIGCONT");
    const ra = await a.done;
    assert.equal(b.code, 3, b.err);
    assert.match(b.err, new RegExp(`^polar: --out .*eval-race is in use by polar process ${a.child.pid} on `));
    assert.match(
      b.err,
      /\("polar eval --dataset datasets\/polar-mini .*--limit-acquisition 2 --no-report", since \d{4}-\d\d-\d\dT/,
    );
    assert.doesNotMatch(b.err, STACK);
    assert.equal(ra.code, 0, ra.err);
    assert.equal(existsSync(join(out, LOCK)), false, "released at the end");
    const keys = readFileSync(join(out, "results.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l).key);
    assert.equal(keys.length, 2);
    assert.equal(new Set(keys).size, 2, "no duplicated keys");
  });

  it("a lock left by a killed run is taken over with a notice", () => {
    const out = join(tmp, "eval-stale");
    mkdirSync(out);
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    writeFileSync(
      join(out, LOCK),
      JSON.stringify({ pid: dead, host: hostname(), command: "polar eval (killed)", since: "2025-01-01T00:00:00Z" }),
    );
    const r = polarSync(evalArgs(out, 1), env);
    assert.equal(r.code, 0, r.err);
    assert.match(
      r.err,
      new RegExp(`taking over the lock of process ${dead} on .*polar eval \\(killed\\).*no longer running`),
    );
    assert.equal(existsSync(join(out, LOCK)), false);
  });

  it("Ctrl-C releases the lock (exit 130), and so does a second Ctrl-C", async () => {
    for (const presses of [1, 2]) {
      const out = join(tmp, `eval-sigint-${presses}`);
      const a = polarAsync(evalArgs(out, 60), env);
      // the first episode's line: a scene graph and an episode first, which a loaded machine takes a while for
      await waitFor(
        () => existsSync(join(out, "results.jsonl")) && readFileSync(join(out, "results.jsonl")).length > 0,
        120_000,
        a,
      );
      assert.ok(existsSync(join(out, LOCK)), "held while the run runs");
      for (let i = 0; i < presses; i++) a.child.kill("SIGINT");
      const r = await a.done;
      assert.equal(r.code, 130, r.err);
      assert.equal(existsSync(join(out, LOCK)), false, `released after ${presses} Ctrl-C`);
    }
  });
});

describe("polar run: one run per --memory-dir", () => {
  it("a second run on a memory folder in use refuses instead of memorizing the same episodes twice", async () => {
    const mem = join(tmp, "run-mem");
    const slice = miniSlice(join(tmp, "mini-slice"), "eval-u1-0005");
    const a = polarAsync(runArgs(join(tmp, "run-a"), mem, slice), env);
    await waitFor(() => existsSync(join(mem, LOCK)), 30_000, a);
    // held (stopped) while the second run starts, however fast the first would finish
    a.child.kill("SIGSTOP");
    const b = polarSync(runArgs(join(tmp, "run-b"), mem, slice), env);
    a.child.kill("SIGCONT");
    const ra = await a.done;
    assert.equal(b.code, 3, b.err);
    assert.match(
      b.err,
      new RegExp(`^polar: --memory-dir .*run-mem is in use by polar process ${a.child.pid} on .*"polar run `),
    );
    assert.doesNotMatch(b.err, STACK);
    assert.equal(existsSync(join(tmp, "run-b")), false, "the refused run leaves no folder behind");
    assert.equal(ra.code, 0, ra.err);
    assert.doesNotMatch(ra.out, /UNIQUE constraint/);
    assert.match(ra.out, /memory for u1: 0 of 4 prior episodes already in .*; running 4 acquisition episode\(s\)/);
    assert.equal(existsSync(join(mem, LOCK)), false);
  });

  it("Ctrl-C releases the memory folder's lock", async () => {
    const mem = join(tmp, "run-sigint");
    const a = polarAsync(runArgs(join(tmp, "run-c"), mem), env);
    // start-up on a loaded machine takes a while; the signal then comes as soon as the lock is
    // there, where a handler installed after the lock used to leave a window (exit by SIGINT)
    await waitFor(() => existsSync(join(mem, LOCK)), 120_000, a);
    a.child.kill("SIGINT");
    const r = await a.done;
    assert.equal(r.code, 130, r.err);
    assert.equal(existsSync(join(mem, LOCK)), false);
  });
});
