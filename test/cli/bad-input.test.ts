/**
 * Bad paths and values given to `polar eval` / `polar run`: each gets one line on
 * stderr naming what is wrong and where, a non-zero exit, no stack trace, and no hang.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { cliEnv, polarSync, STACK } from "./helpers.ts";

const tmp = mkdtempSync(join(tmpdir(), "polar-cli-bad-"));
after(() => rmSync(tmp, { recursive: true, force: true }));
const env = cliEnv(tmp);
const aFile = join(tmp, "a-file");
writeFileSync(aFile, "not a folder\n");
// /proc refuses mkdir with ENOENT (Node's mkdir -p then spins); /sys refuses it outright, even for root
const hasProc = existsSync("/proc/self");
const hasSys = existsSync("/sys/kernel");

const evalCmd = (...more: string[]) => [
  "eval",
  "--dataset",
  "datasets/polar-mini",
  "--memory",
  "none",
  "--limit-acquisition",
  "1",
  "--no-report",
  ...more,
];
const runCmd = (...more: string[]) => [
  "run",
  "--dataset",
  "datasets/polar-mini",
  "--episode",
  "eval-u1-0005",
  "--memory",
  "raw",
  ...more,
];

function refused(args: string[], line: RegExp, code = 2) {
  const r = polarSync(args, env, { timeout: 30_000 });
  assert.equal(r.signal, null, `hung (killed after 30 s): ${r.err}`);
  assert.equal(r.code, code, r.err);
  assert.match(r.err, line);
  assert.doesNotMatch(r.err, STACK);
  return r;
}

describe("polar eval: bad --out and --limit", () => {
  it("--out at an existing file", () => {
    refused(evalCmd("--out", aFile), /^polar: --out .*a-file is a file, not a folder$/m);
    refused(evalCmd("--out", join(aFile, "sub")), /^polar: --out .*a-file\/sub: .*a-file is a file, not a folder$/m);
  });

  it("--out /proc/x fails fast instead of spinning", { skip: !hasProc }, () => {
    refused(evalCmd("--out", "/proc/polar-x"), /^polar: --out \/proc\/polar-x: cannot create \/proc\/polar-x: /m);
  });

  it("--out at an unwritable place", { skip: !hasSys }, () => {
    refused(
      evalCmd("--out", "/sys/polar-x/results"),
      /^polar: --out \/sys\/polar-x\/results: cannot create \/sys\/polar-x: /m,
    );
  });

  it("--limit 0 is an error, not a run of nothing that exits 0", () => {
    const out = join(tmp, "limit0");
    refused(
      ["eval", "--dataset", "datasets/polar-mini", "--out", out, "--limit", "0"],
      /--limit expects a whole number of at least 1, got "0"/,
    );
    assert.equal(existsSync(out), false);
  });

  it("a memory.db inside --out that is not SQLite", () => {
    const out = join(tmp, "eval-bad-db");
    mkdirSync(join(out, "memory", "heuristic"), { recursive: true });
    writeFileSync(
      join(out, "memory", "heuristic", "memory.db"),
      "this is not a SQLite database, only text\n".repeat(50),
    );
    refused(
      [
        "eval",
        "--dataset",
        "datasets/polar-mini",
        "--memory",
        "polar",
        "--out",
        out,
        "--limit-acquisition",
        "1",
        "--no-report",
      ],
      /^polar: the memory store .*memory\.db is not a SQLite database/m,
    );
  });
});

describe("polar run: bad --out, --memory-dir and memory.db", () => {
  it("--out at an existing file", () => {
    refused(runCmd("--out", aFile), /^polar: --out .*a-file is a file, not a folder$/m);
  });

  it("--out /proc/x fails fast", { skip: !hasProc }, () => {
    refused(runCmd("--out", "/proc/polar-x"), /^polar: --out \/proc\/polar-x: cannot create/m);
  });

  it("--out at an unwritable place", { skip: !hasSys }, () => {
    refused(runCmd("--out", "/sys/polar-x"), /^polar: --out \/sys\/polar-x: cannot create \/sys\/polar-x: /m);
  });

  it("--memory-dir at a file", () => {
    const out = join(tmp, "run-md-file");
    refused(runCmd("--out", out, "--memory-dir", aFile), /^polar: --memory-dir .*a-file is a file, not a folder$/m);
    assert.equal(existsSync(out), false, "no folder left behind");
  });

  it("a memory.db that is not SQLite", () => {
    const mem = join(tmp, "run-bad-db");
    mkdirSync(mem);
    writeFileSync(join(mem, "memory.db"), "this is not a SQLite database, only text\n".repeat(50));
    refused(
      runCmd("--out", join(tmp, "run-bad-db-out"), "--memory", "polar", "--memory-dir", mem),
      /^polar: the memory store .*run-bad-db\/memory\.db is not a SQLite database/m,
    );
  });
});

describe("polar eval: a backbone name that is not one folder name", () => {
  it("a backbone named .. is a bad value (exit 2), not a folder in use (3)", () => {
    for (const name of ["..", "a/b"]) {
      const file = join(tmp, `bad-name-${name.length}.yaml`);
      writeFileSync(file, `name: "${name}"\ntype: heuristic\n`);
      refused(evalCmd("--backbones", file, "--out", join(tmp, `bad-name-out-${name.length}`)), /key "name": /);
    }
  });
});
