/**
 * docs/benchmarks.md's figures come from the bench results, not from a hand: the newest result of
 * each bench becomes its block, with the date, commit and load it was measured at; a bench without
 * a result keeps its block; nothing outside the section changes; a damaged result is named.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import {
  BenchResultError,
  figureRows,
  newestResults,
  rewriteDoc,
  SECTION_END,
  SECTION_START,
  writeBenchDocs,
} from "../../bench/docs.ts";

const machine = (date: string, load: number) => ({
  cpus: 2,
  cpuModel: "Test CPU",
  memoryGiB: 8,
  node: "v20.0.0",
  date,
  commit: "abc1234",
  dirty: false,
  loadAverage1m: load,
});

function resultsDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "polar-bench-docs-"));
  const write = (name: string, body: unknown) => writeFileSync(join(dir, name), JSON.stringify(body));
  write("startup.json", {
    bench: "startup",
    machine: machine("2026-12-03T10:00:00.000Z", 0.7),
    polarHelp: { wallS: { median: 0.142, min: 0.13 } },
    evalFirstEpisode: { secondsToFirstEpisodeStart: { median: 0.396, all: [0.4, 0.39, 0.43] } },
  });
  // an older copy of the same bench, kept under another name: not the one shown
  write("startup-old.json", {
    bench: "startup",
    machine: machine("2026-11-01T10:00:00.000Z", 6.5),
    polarHelp: { wallS: { median: 2.2, min: 2.0 } },
  });
  write("memory.json", {
    bench: "memory",
    machine: { ...machine("2026-12-02T08:30:00.000Z", 0.3), commit: "def5678", dirty: true },
    sizes: [
      { statements: 1000, p50Ms: 0.4 },
      { statements: 100000, p50Ms: 8.4 },
    ],
    note: "top-5 | exact",
  });
  return dir;
}

const DOC = `# Benchmarks

Prose that stays.

${SECTION_START}
<!-- bench:queue -->
### queue

hand-kept block of a bench with no result here
<!-- /bench:queue -->

<!-- bench:startup -->
### startup

stale figures
<!-- /bench:startup -->
${SECTION_END}

After the section.
`;

test("each bench's newest result becomes its block, headed by date, commit, load and machine", () => {
  const results = newestResults(resultsDir());
  assert.deepEqual(
    results.map((r) => [r.bench, r.machine.date]),
    [
      ["memory", "2026-12-02T08:30:00.000Z"],
      ["startup", "2026-12-03T10:00:00.000Z"],
    ],
  );
  const doc = rewriteDoc(DOC, results);
  const startup = doc.slice(doc.indexOf("<!-- bench:startup -->"), doc.indexOf("<!-- /bench:startup -->"));
  assert.match(startup, /2026-12-03 10:00 UTC · commit abc1234 · load 0\.7 \(1 min, at start\) · 2 × Test CPU, 8 GiB/);
  assert.match(startup, /\| polarHelp\.wallS\.median \| 0\.142 \|/);
  assert.match(startup, /\| evalFirstEpisode\.secondsToFirstEpisodeStart\.all \| 0\.4, 0\.39, 0\.43 \|/);
  assert.doesNotMatch(startup, /2\.2|stale figures/, "the older result and the stale block are gone");
  const memory = doc.slice(doc.indexOf("<!-- bench:memory -->"), doc.indexOf("<!-- /bench:memory -->"));
  assert.match(memory, /commit def5678 \(with uncommitted changes\)/);
  assert.match(memory, /\| sizes\[1\]\.p50Ms \| 8\.4 \|/);
  assert.match(memory, /\| note \| top-5 \\\| exact \|/, "a pipe in a value does not break the table");
  assert.match(doc, /hand-kept block of a bench with no result here/, "a bench without a result keeps its block");
  // blocks in name order, and nothing outside the markers touched
  const order = ["memory", "queue", "startup"].map((b) => doc.indexOf(`<!-- bench:${b} -->`));
  assert.deepEqual(
    [...order].sort((a, b) => a - b),
    order,
  );
  assert.ok(doc.startsWith("# Benchmarks\n\nProse that stays.\n\n"));
  assert.ok(doc.endsWith(`${SECTION_END}\n\nAfter the section.\n`));
  assert.equal(rewriteDoc(doc, results), doc, "rewriting again changes nothing");
});

test("writeBenchDocs rewrites the file; a damaged result or a doc without the section is an error naming it", () => {
  const dir = resultsDir();
  const docFile = join(dir, "benchmarks.md");
  writeFileSync(docFile, DOC);
  assert.deepEqual(writeBenchDocs(dir, docFile), ["memory", "startup"]);
  assert.match(readFileSync(docFile, "utf8"), /\| polarHelp\.wallS\.median \| 0\.142 \|/);

  writeFileSync(join(dir, "scale.json"), JSON.stringify({ bench: "scale", machine: { date: "yesterday" } }));
  assert.throws(
    () => writeBenchDocs(dir, docFile),
    (e: Error) => e instanceof BenchResultError && /scale\.json: machine\.date: /.test(e.message),
  );
  writeFileSync(join(dir, "scale.json"), "{ not json");
  assert.throws(() => writeBenchDocs(dir, docFile), /scale\.json: not JSON/);

  assert.throws(() => rewriteDoc("# no markers\n", [], "docs/x.md"), /docs\/x\.md has no figures section/);
});

test("figures flatten to dotted keys; long lists and texts are cut, saying how long they were", () => {
  const rows = figureRows({
    bench: "x",
    machine: {},
    a: { b: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
    text: "y".repeat(200),
  });
  assert.deepEqual(rows[0], ["a.b", "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, … (12)"]);
  assert.equal(rows[1][0], "text");
  assert.equal(rows[1][1].length, 80);
  assert.ok(rows[1][1].endsWith("…"));
});

test("docs/benchmarks.md holds the section the figures are written into", () => {
  const doc = readFileSync(join(import.meta.dirname, "../../docs/benchmarks.md"), "utf8");
  assert.equal(rewriteDoc(doc, [], "docs/benchmarks.md"), doc);
});
