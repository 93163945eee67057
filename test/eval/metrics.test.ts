import assert from "node:assert/strict";
import { test } from "node:test";
import {
  acquisitionGap,
  cmPerScenario,
  controlledRetrieval,
  rates,
  representationAblation,
  retrievalRecall,
  table1,
} from "../../src/eval/metrics.ts";
import { line } from "./lines.ts";

test("SR, SPL and CM from hand-built lines", () => {
  const lines = [
    line({ episodeId: "a", success: true, spl: 0.5 }),
    line({ episodeId: "b", success: true, spl: 1 }),
    line({ episodeId: "c", success: false, spl: 0, cm: true }),
    line({ episodeId: "d", success: false, spl: 0, error: "backbone failed" }),
  ];
  const r = rates(lines, "x");
  assert.equal(r.n, 4);
  assert.equal(r.sr.mean, 0.5);
  assert.equal(r.spl.mean, 0.375);
  assert.equal(r.cm.mean, 0.25);
  assert.equal(r.errors, 1);
});

test("table1 groups by backbone × memory × scenario, with an 'all' column, skipping acquisition and ablation lines", () => {
  const lines = [
    line({ episodeId: "acq", stage: "acquisition", scenario: "acquisition", memory: "none", success: true, spl: 1 }),
    line({ episodeId: "e1", memory: "none", scenario: "distractor", success: false }),
    line({ episodeId: "e2", memory: "none", scenario: "temporal", success: true, spl: 0.8 }),
    line({ episodeId: "e1", memory: "polar", scenario: "distractor", success: true, spl: 0.6 }),
    line({ episodeId: "e2", memory: "polar", scenario: "temporal", success: true, spl: 0.4 }),
    line({ episodeId: "e2", memory: "polar", representation: "summary", scenario: "temporal", success: false }),
    line({ episodeId: "e1", backbone: "gpt", memory: "polar", scenario: "distractor", success: false, cm: true }),
  ];
  const t = table1(lines, { samples: 200 });
  assert.deepEqual(
    t.map((r) => `${r.backbone}/${r.memory}`),
    ["heuristic/none", "heuristic/polar", "gpt/polar"],
  );
  const polar = t[1];
  assert.deepEqual(Object.keys(polar.cells), ["distractor", "temporal", "all"], "scenarios in paper order, then all");
  assert.equal(polar.cells.all.n, 2, "the summary-representation line is not part of Table 1");
  assert.equal(polar.cells.all.sr.mean, 1);
  assert.equal(polar.cells.all.spl.mean, 0.5);
  assert.equal(t[0].cells.all.sr.mean, 0.5);
  assert.equal(t[2].cells.distractor.cm.mean, 1);
  assert.equal(t[2].cells.temporal, undefined, "no cell where no episode ran");
});

test("acquisition gap: acquisition SR minus evaluation SR per memory mode", () => {
  const lines = [
    ...[true, true, true, false].map((s, i) =>
      line({ episodeId: `a${i}`, stage: "acquisition", scenario: "acquisition", memory: "none", success: s }),
    ),
    ...[true, false, false, false].map((s, i) => line({ episodeId: `e${i}`, memory: "none", success: s })),
    ...[true, true, false, false].map((s, i) => line({ episodeId: `e${i}`, memory: "polar", success: s })),
  ];
  const gap = acquisitionGap(lines, { samples: 300 });
  assert.deepEqual(
    gap.map((g) => [g.memory, g.acquisition.mean, g.evaluation.mean, g.gap.mean]),
    [
      ["none", 0.75, 0.25, 0.5],
      ["polar", 0.75, 0.5, 0.25],
    ],
  );
  for (const g of gap) assert.ok(g.gap.lo <= g.gap.mean && g.gap.mean <= g.gap.hi);
});

test("controlled retrieval keeps only polar lines that retrieved the target and raw lines whose sample held gold", () => {
  const lines = [
    line({ episodeId: "p1", memory: "polar", success: true, retrieval: { ids: ["obj-1"], targetRetrieved: true } }),
    line({ episodeId: "p2", memory: "polar", success: false, retrieval: { ids: ["x"], targetRetrieved: false } }),
    line({ episodeId: "r1", memory: "raw", success: false, raw: { sampleIds: ["g"], includesGold: true } }),
    line({ episodeId: "r2", memory: "raw", success: true, raw: { sampleIds: [], includesGold: false } }),
  ];
  const c = controlledRetrieval(lines, { samples: 100 });
  const get = (s: string) => c.find((x) => x.series === s)?.values.all;
  assert.equal(get("polar")?.n, 1);
  assert.equal(get("polar")?.mean, 1);
  assert.equal(get("raw")?.n, 1);
  assert.equal(get("raw")?.mean, 0);
});

test("CM per scenario, recall per retriever, and the ablation only when several representations ran", () => {
  const lines = [
    line({
      episodeId: "a",
      memory: "polar",
      scenario: "distractor",
      cm: true,
      recall: { k: 5, polar: 1, bm25: 0, dense: 0.5 },
    }),
    line({
      episodeId: "b",
      memory: "polar",
      scenario: "distractor",
      cm: false,
      recall: { k: 5, polar: 0.5, bm25: 1, dense: null },
    }),
  ];
  assert.equal(cmPerScenario(lines)[0].values.distractor.mean, 0.5);
  const rec = retrievalRecall(lines, { samples: 100 });
  assert.equal(rec.k, 5);
  assert.equal(rec.series.find((s) => s.series === "polar")?.values.all.mean, 0.75);
  assert.equal(rec.series.find((s) => s.series === "dense")?.values.all.n, 1, "null recall is left out, not zero");
  assert.deepEqual(representationAblation(lines), []);
  const abl = representationAblation([
    ...lines,
    line({ episodeId: "a", memory: "polar", representation: "instruction", success: true }),
  ]);
  assert.deepEqual(
    abl.map((r) => [r.representation, r.rates.sr.mean]),
    [
      ["instruction", 1],
      ["episodic", 0],
    ],
  );
});
