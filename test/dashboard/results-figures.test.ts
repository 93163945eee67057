/** The results view lists a report's figures in the order a reader counts them. */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { DataRoots } from "../../src/dashboard/paths.ts";
import { readResultsView } from "../../src/dashboard/results-view.ts";

test("Figure 5 comes before Figure 10", () => {
  const root = mkdtempSync(join(tmpdir(), "polar-figures-"));
  const run = join(root, "run");
  mkdirSync(join(run, "report"), { recursive: true });
  writeFileSync(join(run, "results.jsonl"), "");
  for (const f of ["fig10_latency.svg", "fig5_gap.svg", "fig9_cost.svg", "fig6_cm.svg"])
    writeFileSync(join(run, "report", f), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  const view = readResultsView(new DataRoots(root, ["."]), "run");
  assert.deepEqual(
    view.figures.map((f) => f.split("/").pop()),
    ["fig5_gap.svg", "fig6_cm.svg", "fig9_cost.svg", "fig10_latency.svg"],
  );
});
