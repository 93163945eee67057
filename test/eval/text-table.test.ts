/**
 * Tables on a terminal: aligned plain text within the width, a wide table cut into blocks of
 * columns that each repeat the columns naming a row, and nothing dropped.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { backboneConsole, backboneTables } from "../../src/eval/report/backbone-usage.ts";
import { markdownTable, textTable } from "../../src/eval/report/text-table.ts";
import { FIELDS, type SetScore, scoreText, UNSAFE } from "../../src/eval/rule-phase/labels.ts";
import { syntheticLines } from "./lines.ts";

const wide = {
  head: ["backbone", "method", ...Array.from({ length: 12 }, (_, i) => `measure number ${i}`)],
  body: [
    ["heuristic", "none", ...Array.from({ length: 12 }, (_, i) => `${i}.0 [0.0, 32.4]`)],
    ["gpt-4o-mini", "full", ...Array.from({ length: 12 }, (_, i) => `${i}.5 [1.0, 40.0]`)],
  ],
  keys: 2,
};

test("a wide table fits 100 columns, in blocks that each name the rows", () => {
  const text = textTable(wide);
  const lines = text.split("\n");
  assert.ok(Math.max(...lines.map((l) => l.length)) <= 100, text);
  const blocks = text.split("\n\n");
  assert.ok(blocks.length > 1);
  for (const b of blocks) {
    const rows = b.split("\n");
    assert.match(rows[0], /^backbone\s+method\s/);
    assert.match(rows[2], /^heuristic\s+none\s/);
    assert.match(rows[3], /^gpt-4o-mini\s+full\s/);
  }
  for (let i = 0; i < 12; i++) {
    assert.ok(text.includes(`measure number ${i}`), `column ${i} is shown`);
    assert.ok(text.includes(`${i}.5 [1.0, 40.0]`));
  }
});

test("a narrow table is one block with aligned columns; numbers align right", () => {
  const text = textTable({
    head: ["memory", "SR"],
    body: [
      ["none", "6.3"],
      ["polar", "66.3"],
    ],
    keys: 1,
  });
  assert.equal(text, "memory    SR\n------  ----\nnone     6.3\npolar   66.3");
});

test("the Markdown rendering escapes a pipe inside a cell", () => {
  assert.equal(markdownTable({ head: ["a"], body: [["x|y"]], keys: 1 }), "| a |\n|---|\n| x\\|y |");
});

test("the terminal's backbone usage table and the learner's per-bank score fit 100 columns and keep every column", () => {
  const lines = syntheticLines(["heuristic", "gemini-2.5-flash-lite-preview"], 4);
  const usage = backboneConsole(backboneTables(lines).groups);
  assert.ok(Math.max(...usage.split("\n").map((l) => l.length)) <= 100, usage);
  for (const h of ["calls/ep", "in tok/ep", "USD/success", "p50/p95 ms", "s/ep"]) assert.ok(usage.includes(h), h);
  assert.match(usage, /^gemini-2\.5-flash-lite-preview\s+Polar\s/m);

  const score: SetScore = {
    name: "test bank, every kind of message, 3 draws each (offline learner)",
    cases: 84,
    ok: 67,
    fields: Object.fromEntries(FIELDS.map((f) => [f, { right: 77, of: 84 }])) as SetScore["fields"],
    unsafe: Object.fromEntries(UNSAFE.map((u) => [u, ["u1.2:lasting", "u3.1:lasting"]])) as SetScore["unsafe"],
    results: [],
  };
  const text = scoreText(score);
  assert.ok(Math.max(...text.split("\n").map((l) => l.length)) <= 100, text);
  assert.doesNotMatch(text, /\*\*|\| /, "no Markdown on a terminal");
  for (const f of FIELDS) assert.ok(text.includes(f), f);
  assert.match(text, /u3\.1:lasting/);
});
