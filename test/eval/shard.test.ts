import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, test } from "node:test";
import { evaluate } from "../../src/compose/evaluate.ts";
import { loadConfig } from "../../src/config/load.ts";
import { checkMerge, writeMerge } from "../../src/eval/merge.ts";
import { type ResultLine, readResults } from "../../src/eval/results.ts";
import { readRunFile } from "../../src/eval/run-config.ts";
import { assignUsers, parseShard } from "../../src/eval/shard.ts";
import { multiUserSet } from "./shard-slice.ts";

const root = mkdtempSync(join(tmpdir(), "polar-shard-"));
let dataset = "";
before(async () => {
  // a user per shard, each with one evaluation episode and what it needs
  dataset = await multiUserSet(root, { evaluationPerUser: 1, extraAcquisitionPerUser: 1 });
});

const config = (out: string, extra: Record<string, unknown> = {}) =>
  loadConfig({
    env: {},
    overrides: {
      simulator: { maxSteps: 60 },
      embedder: { type: "lexical" },
      // one thread: what is sharded is the plan (threads.test.ts compares threads with none); two
      // threads per run tripled this file's CPU (each loads the eval through tsx)
      eval: { dataset, out, concurrency: 1, bootstrapSamples: 100, ...extra },
    },
  });
const quiet = { onNotice: () => {} };

/** a line without what differs between any two runs of the same episode: run id and timing */
export const outcomeOf = (l: ResultLine) => {
  const { runId: _r, durationMs: _d, finishedAt: _f, ...rest } = l;
  return JSON.stringify(rest);
};
const byKey = (lines: ResultLine[]) => [...lines].sort((a, b) => a.key.localeCompare(b.key)).map(outcomeOf);

test("--shard i/N: parsed 0-based, bad specs named", () => {
  assert.deepEqual(parseShard("1/3"), { index: 1, count: 3 });
  for (const bad of ["3/3", "1", "a/b", "-1/2", "0/0"]) assert.throws(() => parseShard(bad), /--shard expects i\/N/);
});

test("users are spread over shards by load, the same on every call", () => {
  const job = (u: string) => ({ episode: { userId: u } });
  const jobs = [...Array(5).fill(job("a")), ...Array(3).fill(job("b")), ...Array(2).fill(job("c")), job("d")];
  const a = assignUsers(jobs, 2);
  assert.deepEqual(Object.fromEntries(a), { a: 0, b: 1, c: 1, d: 0 });
  assert.deepEqual(assignUsers([...jobs].reverse(), 2), a, "independent of the plan's order");
});

test("3 shards merged equal a single run of the same seed, line for line; every user in one shard", async () => {
  const single = join(root, "single");
  await evaluate(config(single), { ...quiet, report: false });
  const straight = readResults(join(single, "results.jsonl")).lines;
  const shards = [0, 1, 2].map((i) => join(root, `shard-${i}`));
  for (const [i, dir] of shards.entries())
    await evaluate(config(dir), { ...quiet, report: false, shard: { index: i, count: 3 } });
  const users = shards.map((d) => new Set(readResults(join(d, "results.jsonl")).lines.map((l) => l.user)));
  assert.deepEqual(
    users.map((u) => u.size),
    [1, 1, 1],
    "three users, one per shard",
  );
  const run = readRunFile(shards[0]);
  assert.ok(run && run.shard?.count === 3 && run.units.length === straight.length);
  assert.equal(run.runHash, readRunFile(single)?.runHash, "the shard is not part of the run's identity");
  assert.ok(
    straight.every((l) => l.runHash === run.runHash),
    "every line carries the run hash",
  );

  const check = checkMerge(shards);
  assert.deepEqual([check.missing, check.duplicated, check.missingShards], [[], [], []]);
  const merged = join(root, "merged");
  writeMerge(shards, merged, check);
  assert.deepEqual(byKey(readResults(join(merged, "results.jsonl")).lines), byKey(straight));
  const manifest = JSON.parse(readFileSync(join(merged, "manifest.json"), "utf8"));
  assert.equal(manifest.sessions.length, 3);
});

test("merge lists missing units and shards, and duplicates; refuses another run", async () => {
  const shards = [0, 1, 2].map((i) => join(root, `shard-${i}`));
  const partial = checkMerge(shards.slice(0, 2));
  assert.deepEqual(partial.missingShards, [2]);
  const third = readResults(join(shards[2], "results.jsonl")).lines.map((l) => l.key);
  assert.deepEqual(new Set(partial.missing), new Set(third));
  assert.throws(() => writeMerge(shards.slice(0, 2), join(root, "never"), partial), /missing/);

  const twice = checkMerge([...shards, join(root, "single")]);
  assert.equal(twice.duplicated.length, twice.units);
  assert.ok(twice.duplicated.every((d) => d.dirs.length === 2));

  // the same episodes under other settings are another run
  const other = join(root, "other");
  await evaluate(config(other, { memoryModes: ["none"] }), { ...quiet, report: false, limit: 2 });
  assert.throws(() => checkMerge([shards[0], other]), /another run.*memoryModes/);

  // a line of another run inside a shard's folder is ignored, not counted
  const mixed = join(root, "mixed");
  mkdirSync(mixed);
  for (const f of ["run.json", "manifest.json"]) copyFileSync(join(shards[0], f), join(mixed, f));
  const lines = readResults(join(shards[0], "results.jsonl")).lines;
  writeFileSync(
    join(mixed, "results.jsonl"),
    lines.map((l, i) => `${JSON.stringify(i === 0 ? { ...l, runHash: "0000" } : l)}\n`).join(""),
  );
  const c = checkMerge([mixed, shards[1], shards[2]]);
  assert.deepEqual(c.missing, [lines[0].key]);
  assert.match(c.ignored[0].why, /run hash 0000/);
});
