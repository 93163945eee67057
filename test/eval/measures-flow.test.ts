/**
 * A measure is one file and a registration: registered here, named in eval.measures, it reaches
 * results.jsonl, report.md (and measures.csv) and the dashboard's results table with no other
 * edit, on a real evaluation of a tiny generated slice.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, test } from "node:test";
import { evaluate } from "../../src/compose/evaluate.ts";
import { loadConfig } from "../../src/config/load.ts";
import { DataRoots } from "../../src/dashboard/paths.ts";
import { readResultsView } from "../../src/dashboard/results-view.ts";
import { DEFAULT_MEASURE_IDS, type Measure, measureKey, registerMeasure } from "../../src/eval/measures/built-in.ts";
import { readResults } from "../../src/eval/results.ts";
import { tinySet } from "./slice.ts";

/** Forward moves the agent asked for, whether or not they moved it. */
const FORWARD = measureKey<number>("test_forward_moves");
function forwardMoves(): Measure<number> {
  let n = 0;
  return {
    key: FORWARD,
    dependsOn: [],
    reset() {
      n = 0;
    },
    update(e) {
      if (e.kind === "reset") n = 0;
      else if (e.kind === "step" && e.action === "MOVE_FORWARD") n++;
    },
    value: () => n,
  };
}

const root = mkdtempSync(join(tmpdir(), "polar-measures-flow-"));
const out = join(root, "results", "flow");
let dataset = "";
before(async () => {
  dataset = await tinySet(root, { evaluation: 2, extraAcquisition: 1 });
  registerMeasure(FORWARD, forwardMoves);
  mkdirSync(join(root, "results"), { recursive: true });
  const config = loadConfig({
    env: {},
    overrides: {
      simulator: { maxSteps: 60 },
      embedder: { type: "lexical" },
      eval: {
        dataset,
        out,
        memoryModes: ["none", "polar"],
        concurrency: 2,
        bootstrapSamples: 100,
        measures: [...DEFAULT_MEASURE_IDS, FORWARD.id],
      },
    },
  });
  await evaluate(config, { onNotice: () => {} });
});

test("a registered measure's value is on every result line, beside the built-ins", () => {
  const r = readResults(join(out, "results.jsonl"));
  assert.deepEqual(r.problems, []);
  assert.ok(r.lines.length >= 4);
  for (const l of r.lines) {
    const m = l.measures;
    assert.ok(m, `${l.key} has a measures map`);
    assert.deepEqual(Object.keys(m), [...DEFAULT_MEASURE_IDS, FORWARD.id], "every listed measure, in order");
    const forward = m[FORWARD.id];
    assert.equal(typeof forward, "number");
    assert.ok((forward as number) <= l.steps, "forward moves are some of the steps");
    // the named fields are the same measures
    assert.equal(m.success, l.success);
    assert.equal(m.spl, l.spl);
    assert.equal(m.category_match, l.cm);
    assert.equal(m.steps, l.steps);
    assert.equal(m.path_length, l.pathLength);
    assert.equal(typeof m.collisions, "number");
  }
  assert.ok(
    r.lines.some((l) => (l.measures?.[FORWARD.id] as number) > 0),
    "some episode moved forward",
  );
});

test("report.md has the measure's column with its mean, and measures.csv its rows", () => {
  const lines = readResults(join(out, "results.jsonl")).lines;
  const md = readFileSync(join(out, "report", "report.md"), "utf8");
  const section = md.slice(md.indexOf("## Measures"));
  const head = section.split("\n").find((l) => l.startsWith("| Backbone |"));
  assert.ok(head?.includes("test_forward_moves (mean)"), `header: ${head}`);
  assert.ok(head?.includes("collisions (mean)") && head.includes("stopped (%)"));
  const cols = (head ?? "").split(" | ");
  const at = cols.findIndex((c) => c.startsWith("test_forward_moves"));
  const polar = lines.filter((l) => l.stage === "evaluation" && l.memory === "polar");
  const mean = polar.reduce((s, l) => s + (l.measures?.[FORWARD.id] as number), 0) / polar.length;
  const row = section.split("\n").find((l) => l.startsWith("| heuristic | Polar |"));
  assert.ok(row, "a Polar row");
  const cell = row.split(" | ")[at];
  const shown = Number(cell.split(" [")[0]);
  assert.ok(Math.abs(shown - mean) < 0.01 * Math.max(1, mean), `cell ${cell} against the mean ${mean}`);
  const csv = readFileSync(join(out, "report", "measures.csv"), "utf8");
  assert.match(csv, /heuristic,polar,all,test_forward_moves,mean,/);
});

test("the dashboard's results view lists the measure as a column with each line's value", () => {
  const view = readResultsView(new DataRoots(root, ["results"]), join("results", "flow"));
  assert.ok(view.measureColumns.includes(FORWARD.id), `columns: ${view.measureColumns.join(", ")}`);
  assert.ok(!view.measureColumns.includes("success"), "outcome has its own column");
  const lines = new Map(readResults(join(out, "results.jsonl")).lines.map((l) => [l.key, l]));
  for (const row of view.rows) assert.equal(row.measures[FORWARD.id], lines.get(row.key)?.measures?.[FORWARD.id]);
});
