import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { acquireDirLock, claimDir, LOCK_FILE, LockHeldError } from "../../src/util/dir-lock.ts";
import { DirError, ensureDir } from "../../src/util/ensure-dir.ts";

const tmp = mkdtempSync(join(tmpdir(), "polar-lock-"));
after(() => rmSync(tmp, { recursive: true, force: true }));
let n = 0;
const fresh = () => {
  const d = join(tmp, `d${n++}`);
  mkdirSync(d);
  return d;
};
/** a pid that has just exited on this host */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid as number;
const opts = { label: "--out", command: "polar eval --out x" };

describe("acquireDirLock", () => {
  it("creates a lock file naming pid, host, start time and command, and removes it on release", () => {
    const d = fresh();
    const lock = acquireDirLock(d, opts);
    const held = JSON.parse(readFileSync(join(d, LOCK_FILE), "utf8"));
    assert.equal(held.pid, process.pid);
    assert.equal(held.host, hostname());
    assert.equal(held.command, "polar eval --out x");
    assert.match(held.since, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    lock.release();
    assert.equal(existsSync(join(d, LOCK_FILE)), false);
    lock.release(); // twice is harmless
  });

  it("refuses a folder whose holder is alive, naming its pid, command and since when", () => {
    const d = fresh();
    const holder = {
      pid: process.pid,
      host: hostname(),
      procStart: null,
      command: "polar eval --out A",
      since: "2025-01-02T03:04:05Z",
      token: "t",
    };
    writeFileSync(join(d, LOCK_FILE), JSON.stringify(holder));
    assert.throws(
      () => acquireDirLock(d, opts),
      (e: unknown) => {
        assert.ok(e instanceof LockHeldError);
        assert.match(e.message, new RegExp(`in use by polar process ${process.pid} on ${hostname()}`));
        assert.match(e.message, /"polar eval --out A", since 2025-01-02T03:04:05Z/);
        return true;
      },
    );
    assert.equal(JSON.parse(readFileSync(join(d, LOCK_FILE), "utf8")).command, "polar eval --out A", "left alone");
  });

  it("takes over a lock whose process is dead on this host, with a notice", () => {
    const d = fresh();
    const pid = deadPid();
    writeFileSync(
      join(d, LOCK_FILE),
      JSON.stringify({ pid, host: hostname(), command: "polar eval (killed)", since: "x", token: "t" }),
    );
    const notices: string[] = [];
    const lock = acquireDirLock(d, { ...opts, onNotice: (m) => notices.push(m) });
    assert.equal(JSON.parse(readFileSync(join(d, LOCK_FILE), "utf8")).pid, process.pid);
    assert.equal(notices.length, 1);
    assert.match(notices[0], new RegExp(`taking over the lock of process ${pid} .*no longer running`));
    lock.release();
  });

  it("takes over a lock whose pid now belongs to a newer process (pid reuse)", {
    skip: !existsSync("/proc/self/stat"),
  }, () => {
    const d = fresh();
    writeFileSync(
      join(d, LOCK_FILE),
      JSON.stringify({ pid: process.pid, host: hostname(), procStart: "1", command: "old", since: "x", token: "t" }),
    );
    const lock = acquireDirLock(d, opts);
    // the old holder's record is gone: the lock now names this process as it started
    const held = JSON.parse(readFileSync(join(d, LOCK_FILE), "utf8"));
    assert.equal(held.pid, process.pid);
    assert.notEqual(held.procStart, "1");
    assert.notEqual(held.token, "t");
    assert.notEqual(held.command, "old");
    lock.release();
    assert.equal(existsSync(join(d, LOCK_FILE)), false);
  });

  it("the lock appears with its holder already written, and leaves nothing else in the folder", () => {
    const d = fresh();
    const lock = acquireDirLock(d, opts);
    assert.deepEqual(readdirSync(d), [LOCK_FILE]);
    assert.equal(JSON.parse(readFileSync(join(d, LOCK_FILE), "utf8")).pid, process.pid);
    lock.release();
  });

  it("refuses a lock from another host, naming the file to delete if that run is gone", () => {
    const d = fresh();
    writeFileSync(
      join(d, LOCK_FILE),
      JSON.stringify({ pid: 1, host: "elsewhere", command: "polar run", since: "x", token: "t" }),
    );
    assert.throws(() => acquireDirLock(d, opts), /process 1 on elsewhere .*delete .*\.polar-lock/);
  });

  it("an unreadable lock file: refused while fresh (being written), replaced once old", () => {
    const d = fresh();
    const f = join(d, LOCK_FILE);
    writeFileSync(f, "");
    assert.throws(() => acquireDirLock(d, opts), LockHeldError);
    const old = new Date(Date.now() - 60_000);
    utimesSync(f, old, old);
    acquireDirLock(d, opts).release();
  });

  it("of two claims in one folder, the second is refused until the first is released", () => {
    const d = fresh();
    const a = claimDir(d, opts);
    assert.throws(() => claimDir(d, opts), LockHeldError);
    a.release();
    claimDir(d, opts).release();
  });
});

describe("ensureDir", () => {
  it("creates missing parents and names a file in the way", () => {
    const d = join(tmp, "a", "b", "c");
    assert.deepEqual(ensureDir(d, "--out").created, [join(tmp, "a"), join(tmp, "a", "b"), d]);
    writeFileSync(join(tmp, "f"), "");
    assert.throws(() => ensureDir(join(tmp, "f"), "--out"), /--out .*\/f is a file, not a folder/);
    assert.throws(() => ensureDir(join(tmp, "f", "sub"), "--out"), /--out .*\/f\/sub: .*\/f is a file, not a folder/);
  });

  it("fails fast where mkdir -p would spin (/proc)", { skip: !existsSync("/proc/self") }, () => {
    const t0 = Date.now();
    assert.throws(
      () => ensureDir("/proc/polar-x/y", "--out"),
      (e: unknown) => e instanceof DirError && /cannot create \/proc\/polar-x/.test(e.message),
    );
    assert.ok(Date.now() - t0 < 1000);
  });
});
