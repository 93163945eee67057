/**
 * Memorization that cannot go on. A full disk: the real SQLite store,
 * capped with max_page_count (what SQLite answers on a full disk: SQLITE_FULL, "database or
 * disk is full"), fails one acquisition episode's memorization; that episode is an
 * infrastructure failure (failures.jsonl, no result line), the run says so the way `polar eval`
 * exits 4, and a rerun with room again builds the memory an uninterrupted run builds, with the
 * same outcomes. And `polar run --memory-dir` into the memory folder of a running evaluation is
 * refused (exit 3), naming the evaluation.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type Database from "better-sqlite3";
import { evaluate } from "../../src/compose/evaluate.ts";
import { loadConfig, REPO_ROOT } from "../../src/config/load.ts";
import { readResults } from "../../src/eval/results.ts";
import { registerStore, storeKind } from "../../src/memory/create.ts";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { LOCK_FILE } from "../../src/util/dir-lock.ts";
import { cliEnv, STACK } from "../cli/helpers.ts";
import { runPolar } from "../cli/polar-process.ts";
import { tinySet } from "../eval/slice.ts";

const tmp = mkdtempSync(join(tmpdir(), "polar-robust-memory-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * The disk, as the store meets it: while `full` says so for a write, the real store's database
 * may not grow by a page, so SQLite itself refuses the write with SQLITE_FULL.
 */
let writes = 0;
let full: (write: number) => boolean = () => false;
registerStore("disk-capped-sqlite", {
  async open(config, opts) {
    const store = new SqliteMemoryStore(config.path, opts);
    const db = (store as unknown as { db: Database.Database }).db;
    const writeEpisode = store.writeEpisode.bind(store);
    store.writeEpisode = async (user, write) => {
      const pages = db.pragma("page_count", { simple: true }) as number;
      db.pragma(`max_page_count = ${full(++writes) ? pages : 1_073_741_823}`);
      return writeEpisode(user, write);
    };
    return store;
  },
  describe: () => "sqlite (embedded, on a disk the test fills)",
  local: true,
  placeIn: (config, dir) => storeKind("sqlite").placeIn(config, dir),
});

let dataset = "";
before(async () => {
  dataset = await tinySet(tmp, { evaluation: 1, extraAcquisition: 1 });
});

const config = (out: string) =>
  loadConfig({
    env: {},
    overrides: {
      memory: { store: "disk-capped-sqlite" },
      simulator: { maxSteps: 80 },
      embedder: { type: "lexical" },
      eval: { dataset, out, memoryModes: ["polar"], concurrency: 1, bootstrapSamples: 50 },
    },
  });
const quiet = { onNotice: () => undefined, report: false };

/** What a memory holds, without ids and clocks: per user, its episodes and statements. */
async function memoryOf(out: string): Promise<unknown> {
  const store = new SqliteMemoryStore(join(out, "memory", "heuristic", "memory.db"));
  try {
    const users = ["u1", "u2", "u3"];
    const view: Record<string, unknown> = {};
    for (const u of users) {
      const episodes = (await store.listEpisodes(u)).map((e) => e.id).sort();
      const statements = (await store.objectMemories(u))
        .flatMap((m) =>
          m.statements.map((s) => `${m.object.category}: ${s.text}${s.invalidAt === null ? "" : " (superseded)"}`),
        )
        .sort();
      if (episodes.length) view[u] = { episodes, statements };
    }
    const raw = readFileSync(join(out, "memory", "heuristic", "raw-interactions.jsonl"), "utf8")
      .trim()
      .split("\n");
    return { ...view, rawInteractions: raw.map((l) => (JSON.parse(l) as { episodeId: string }).episodeId).sort() };
  } finally {
    await store.close();
  }
}

function outcomes(out: string): Map<string, unknown> {
  return new Map(
    readResults(join(out, "results.jsonl")).lines.map((l) => [
      l.key,
      { success: l.success, spl: l.spl, steps: l.steps, grounded: l.grounded, memorized: l.memorized, error: l.error },
    ]),
  );
}

test("a full disk during memorization: not a result, a failure to rerun, and the rerun's memory is an uninterrupted run's", {
  timeout: 240_000,
}, async () => {
  const clean = join(tmp, "clean");
  full = () => false;
  const c = await evaluate(config(clean), quiet);
  assert.equal(c.remaining, 0);

  // the second memorization meets a full disk; space is freed right after it
  const out = join(tmp, "full");
  writes = 0;
  full = (n) => n === 2;
  const first = await evaluate(config(out), quiet);
  assert.equal(first.infrastructureFailures, 1);
  assert.ok(first.remaining > 0, "the run is not complete: polar eval exits 4 (infrastructure failures, work left)");
  const failures = readFileSync(join(out, "failures.jsonl"), "utf8").trim().split("\n");
  assert.equal(failures.length, 1);
  assert.match(failures[0], /memorize: .*database or disk is full/);
  const failedKey = (JSON.parse(failures[0]) as { key: string }).key;
  const lines = readResults(join(out, "results.jsonl")).lines;
  assert.ok(!lines.some((l) => l.key === failedKey), "no result line for the episode whose memory was lost");
  assert.ok(!lines.some((l) => /disk is full/.test(l.error ?? "")), "no result line records the full disk");

  full = () => false;
  const rerun = await evaluate(config(out), { ...quiet, onNotice: () => undefined });
  assert.equal(rerun.remaining, 0);
  assert.equal(rerun.infrastructureFailures, 0);
  assert.deepEqual(await memoryOf(out), await memoryOf(clean), "the same memory as a run that never met a full disk");
  const got = outcomes(out);
  for (const [key, want] of outcomes(clean)) assert.deepEqual(got.get(key), want, key);
});

test("polar run --memory-dir into a running evaluation's memory folder is refused, exit 3", {
  timeout: 180_000,
}, async () => {
  const out = join(tmp, "running");
  const memoryDir = join(out, "memory", "heuristic");
  const stop = new AbortController();
  // polar-mini's 108 acquisition episodes keep the evaluation busy while polar run starts
  const running = evaluate(
    loadConfig({
      env: {},
      overrides: {
        embedder: { type: "lexical" },
        eval: { dataset: join(REPO_ROOT, "datasets", "polar-mini"), out, memoryModes: ["raw"], concurrency: 1 },
      },
    }),
    { ...quiet, signal: stop.signal, argv: ["eval", "--out", out] },
  );
  try {
    // running: its first acquisition episode is memorized and recorded
    const t0 = Date.now();
    while (readResults(join(out, "results.jsonl")).lines.length === 0) {
      if (Date.now() - t0 > 60_000) assert.fail("the evaluation never recorded an episode");
      await new Promise((r) => setTimeout(r, 100));
    }
    const r = await runPolar(
      [
        "run",
        "--dataset",
        "datasets/polar-mini",
        "--episode",
        "eval-u1-0005",
        "--memory",
        "raw",
        "--memory-dir",
        memoryDir,
        "--out",
        join(tmp, "run-out"),
      ],
      {
        env: cliEnv(tmp, { POLAR_EMBEDDER__TYPE: "lexical", POLAR_MEMORY__PATH: join(tmp, "m", "memory.db") }),
        ms: 30_000,
      },
    );
    assert.equal(r.code, 3, r.err);
    assert.match(
      r.err,
      new RegExp(
        `^polar: --memory-dir ${memoryDir} is in use by polar process ${process.pid} .*"polar eval --out`,
        "m",
      ),
    );
    assert.doesNotMatch(r.err, STACK);
    assert.ok(existsSync(join(memoryDir, LOCK_FILE)), "the evaluation holds its memory folder");
  } finally {
    stop.abort();
    await running;
  }
  assert.equal(existsSync(join(memoryDir, LOCK_FILE)), false, "the lock goes with the evaluation");
});
