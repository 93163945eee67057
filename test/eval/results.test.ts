import assert from "node:assert/strict";
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { describeProblems, lineMeasures, ResultWriter, readResults } from "../../src/eval/results.ts";
import { line } from "./lines.ts";

const tmp = () => mkdtempSync(join(tmpdir(), "polar-results-"));

test("writer appends one validated line per episode; reader reads them back", () => {
  const p = join(tmp(), "results.jsonl");
  const w = new ResultWriter(p);
  w.append(line({ episodeId: "a", success: true, spl: 1 }));
  w.append(line({ episodeId: "b" }));
  w.close();
  const r = readResults(p);
  assert.deepEqual(
    r.lines.map((l) => l.episodeId),
    ["a", "b"],
  );
  assert.deepEqual(r.problems, []);
  assert.equal(readFileSync(p, "utf8").split("\n").length, 3);
});

test("writer refuses an invalid line", () => {
  const w = new ResultWriter(join(tmp(), "results.jsonl"));
  assert.throws(() => w.append({ ...line({ episodeId: "a" }), spl: 3 }), /spl/);
  w.close();
});

test("a torn last line is reported, not thrown, and the next writer starts on a fresh line", () => {
  const p = join(tmp(), "results.jsonl");
  const good = JSON.stringify(line({ episodeId: "a" }));
  const torn = JSON.stringify(line({ episodeId: "b" })).slice(0, 40);
  writeFileSync(p, `${good}\n${torn}`);
  const r = readResults(p);
  assert.equal(r.lines.length, 1);
  assert.equal(r.problems.length, 1);
  assert.equal(r.problems[0].torn, true);
  assert.equal(r.problems[0].line, 2);
  assert.match(describeProblems(p, r)[0], /torn last line/);

  const w = new ResultWriter(p);
  w.append(line({ episodeId: "b" }));
  w.close();
  const again = readResults(p);
  assert.deepEqual(
    again.lines.map((l) => l.episodeId),
    ["a", "b"],
  );
  assert.equal(again.problems.length, 1);
  assert.equal(again.problems[0].torn, false, "the torn fragment is now a bad middle line");
});

test("bad middle lines are reported with their line numbers; a later line of the same key supersedes", () => {
  const p = join(tmp(), "results.jsonl");
  const a = JSON.stringify(line({ episodeId: "a" }));
  const a2 = JSON.stringify(line({ episodeId: "a", success: true, spl: 1 }));
  writeFileSync(p, `${a}\n{"v":1}\n${a2}\n`);
  appendFileSync(p, "\n");
  const r = readResults(p);
  assert.equal(r.lines.length, 1);
  assert.equal(r.lines[0].success, true, "the rerun's line counts");
  assert.equal(r.duplicates, 1);
  assert.equal(r.problems[0].line, 2);
  assert.equal(r.problems[0].torn, false);
});

test("a line's measures map round-trips; a line written before it (no `measures`) loads and reads its named fields as measures", () => {
  const p = join(tmp(), "results.jsonl");
  const w = new ResultWriter(p);
  const measures = { success: true, spl: 0.5, category_match: false, steps: 12, path_length: 6, collisions: 3 };
  w.append(line({ episodeId: "new", success: true, spl: 0.5, steps: 12, pathLength: 6, measures }));
  w.close();
  // an old line, as written before measures flowed: the field is simply absent
  const { measures: _none, ...old } = line({ episodeId: "old", success: false, cm: true, steps: 9, pathLength: 4 });
  appendFileSync(p, `${JSON.stringify(old)}\n`);
  const r = readResults(p);
  assert.deepEqual(r.problems, []);
  assert.deepEqual(r.lines[0].measures, measures);
  assert.equal(r.lines[1].measures, undefined);
  assert.deepEqual(lineMeasures(r.lines[1]), {
    path_length: 4,
    steps: 9,
    success: false,
    spl: 0,
    category_match: true,
  });
  assert.equal(lineMeasures(r.lines[0]).collisions, 3);
  const bad = join(tmp(), "results.jsonl");
  writeFileSync(bad, `${JSON.stringify({ ...line({ episodeId: "x" }), measures: { pose: [1, 2] } })}\n`);
  assert.match(readResults(bad).problems[0]?.message ?? "", /measures\.pose/);
});
