import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { MemoryConfig } from "../../src/memory/config.ts";
import { LexicalEmbedder } from "../../src/memory/embedders/lexical.ts";
import { memorizeEpisode } from "../../src/memory/memorize.ts";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { extractMemoriesHeuristically } from "../../src/policies/heuristic/extract.ts";
import { episode, scriptedPolicy } from "./helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "polar-cli-memory-"));
const db = join(dir, "memory.db");
after(() => rmSync(dir, { recursive: true, force: true }));

function polar(...args: string[]) {
  return polarWith({}, ...args);
}

function polarWith(extraEnv: Record<string, string>, ...args: string[]) {
  const r = spawnSync(process.execPath, ["bin/polar.js", ...args], {
    encoding: "utf8",
    timeout: 60_000,
    env: {
      ...process.env,
      POLAR_MEMORY__PATH: db,
      POLAR_MEMORY__STORE: "sqlite",
      // no model files: the run must not depend on what this machine has in models/
      POLAR_EMBEDDER__MODELDIR: join(dir, "no-models"),
      POLAR_EMBEDDER__MINILMDIR: join(dir, "no-models"),
      ...extraEnv,
    },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const STACK = /\n\s+at .*:\d+:\d+|node:internal/;

// Spawns the real CLI (4 processes): the commands end to end on a generated store.
describe("polar memory / polar models", () => {
  before(async () => {
    const e = new LexicalEmbedder();
    const store = new SqliteMemoryStore(db, { embedder: { name: e.name, dim: e.dim } });
    await memorizeEpisode(
      store,
      e,
      scriptedPolicy(extractMemoriesHeuristically),
      episode({ userId: "alice", episodeId: "ep1", instruction: "Bring me the mug my sister gave me" }),
      { at: Date.parse("2025-05-01T09:00:00Z"), config: MemoryConfig.parse({}) },
    );
    await store.close();
  });

  it("show lists each object's statements, episodic memories and when", () => {
    const r = polar("memory", "show", "--user", "alice", "--history", "3");
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /■ mug_1 \(mug\)/);
    assert.match(r.out, /the user's sister gave them this mug {3}\[2025-05-01 09:00:00Z, ep1\]/);
    assert.match(r.out, /✓ Succeeded in 42 steps/);
    assert.match(r.out, /history \(oldest first\)/);
  });

  it("search prints the embedder, top-k with scores and the objects they lead to", () => {
    const r = polar("memory", "search", "--user", "alice", "the mug from my sister", "-k", "3");
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /embedder: lexical-hash-v1/);
    assert.match(r.out, /\d\.\d{3} {2}\d\.\d{3} {2}the user's sister gave them this mug → mug_1/);
    assert.match(r.err, /lexical fallback/);
  });

  it("models check says which files are present and which embedder a run uses", () => {
    const r = polar("models", "check");
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /✗ model_quantized\.onnx/);
    assert.match(r.out, /a run will use: the lexical fallback/);
  });

  it("errors are user-facing (exit 2, no stack)", () => {
    const mismatch = spawnSync(process.execPath, ["bin/polar.js", "memory", "search", "--user", "alice", "x"], {
      encoding: "utf8",
      env: { ...process.env, POLAR_MEMORY__PATH: db, POLAR_EMBEDDER__TYPE: "bge-m3", POLAR_EMBEDDER__MODELDIR: dir },
      timeout: 60_000,
    });
    assert.equal(mismatch.status, 2, mismatch.stderr);
    assert.match(mismatch.stderr, /^polar: embedder.type is bge-m3 but BGE-M3 files missing/);
    assert.doesNotMatch(mismatch.stderr, /\bat .*\.ts:\d+/);
  });

  it('an empty query, -k 0, -k -1 are errors, not "(no statements for this user)"', () => {
    for (const [args, message] of [
      [["", "-k", "3"], /^polar: the search text is empty/],
      [["   ", "-k", "3"], /^polar: the search text is empty/],
      [["the mug", "-k", "0"], /^polar: -k expects a whole number of at least 1, got "0"/],
      [["the mug", "-k", "-1"], /^polar: -k expects a whole number of at least 1, got "-1"/],
      [["the mug", "-k", "two"], /^polar: -k expects a whole number of at least 1, got "two"/],
    ] as const) {
      const r = polar("memory", "search", "--user", "alice", ...args);
      assert.equal(r.code, 2, `${args.join(" ")}: ${r.out}${r.err}`);
      assert.match(r.err, message);
      assert.doesNotMatch(r.out, /no statements for this user/);
      assert.doesNotMatch(r.err, STACK);
    }
  });

  it("an unknown user is named as such", () => {
    for (const cmd of [["search", "the mug"], ["show"]]) {
      const r = polar("memory", cmd[0], "--user", "bob", ...cmd.slice(1));
      assert.equal(r.code, 2, r.out);
      assert.match(r.err, /^polar: unknown user "bob": the sqlite store at .*memory\.db holds no memories of them/m);
    }
  });

  it("a query that is not UTF-8 is refused, not searched mangled", { skip: process.platform === "win32" }, () => {
    // the shell hands the bytes over as they are: "caf" + 0xE9 (Latin-1 é)
    const r = spawnSync(
      "sh",
      ["-c", 'exec "$0" bin/polar.js memory search --user alice "$(printf \'caf\\351\')"', process.execPath],
      {
        encoding: "utf8",
        timeout: 60_000,
        env: {
          ...process.env,
          POLAR_MEMORY__PATH: db,
          POLAR_EMBEDDER__MODELDIR: join(dir, "no-models"),
          POLAR_EMBEDDER__MINILMDIR: join(dir, "no-models"),
        },
      },
    );
    assert.equal(r.status, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /^polar: the search text is not valid UTF-8/m);
  });

  it("reading commands never create a store: a misspelled memory.path is an error, nothing is made", () => {
    const typo = join(dir, "no-such-folder", "memroy.db");
    for (const args of [
      ["show", "--user", "alice"],
      ["search", "--user", "alice", "the mug"],
      ["forget", "--user", "alice", "--yes"],
    ]) {
      const r = polarWith({ POLAR_MEMORY__PATH: typo }, "memory", ...args);
      assert.equal(r.code, 2, r.out + r.err);
      assert.match(r.err, /^polar: no memory store at .*no-such-folder\/memroy\.db \(memory\.path\)/m);
      assert.equal(existsSync(join(dir, "no-such-folder")), false, `${args[0]} created the folder`);
    }
  });

  it("a memory.db that is not SQLite, or a folder, is one line, no stack", () => {
    const junk = join(dir, "junk.db");
    writeFileSync(junk, "this is not a SQLite database, only text\n".repeat(50));
    for (const [path, message] of [
      [junk, /^polar: the memory store .*junk\.db is not a SQLite database/],
      [dir, /^polar: memory\.path .* is a folder, not a SQLite file/],
    ] as const) {
      const r = polarWith({ POLAR_MEMORY__PATH: path }, "memory", "show", "--user", "alice");
      assert.equal(r.code, 2, r.err);
      assert.match(r.err, message);
      assert.doesNotMatch(r.err, STACK);
    }
  });
});
