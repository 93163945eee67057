/**
 * `polar eval` without --out writes into a fresh results/<run-id>/ (never straight into
 * results/, where a second run would mix with or resume the last one) and says where.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { freshOutDir } from "../../src/cli/commands/eval.ts";
import { REPO_ROOT } from "../../src/config/load.ts";
import { cliEnv } from "./helpers.ts";

test("without --out, each run gets a folder of its own under results/", () => {
  const at = new Date("2026-12-02T01:02:03.456Z");
  assert.equal(freshOutDir("results", false, at), "results/eval-2026-12-02T01-02-03-456");
  assert.equal(freshOutDir("results", true, at), "results", "--out results is taken as given");
  assert.equal(freshOutDir("elsewhere", false, at), "elsewhere", "a configured eval.out is kept");
});

test("polar eval without --out writes into results/eval-<time>/ and names it", () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-eval-out-"));
  const r = spawnSync(
    process.execPath,
    [
      join(REPO_ROOT, "bin", "polar.js"),
      "eval",
      "--dataset",
      join(REPO_ROOT, "datasets", "polar-mini"),
      "--memory",
      "none",
      "--limit-acquisition",
      "1",
      "--no-report",
    ],
    { cwd: dir, encoding: "utf8", env: cliEnv(dir, { POLAR_EMBEDDER__TYPE: "lexical" }), timeout: 120_000 },
  );
  assert.equal(r.status, 0, r.stderr);
  const runs = readdirSync(join(dir, "results"));
  assert.equal(runs.length, 1);
  assert.match(runs[0], /^eval-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}$/);
  assert.ok(existsSync(join(dir, "results", runs[0], "results.jsonl")));
  assert.ok(!existsSync(join(dir, "results", "results.jsonl")), "nothing straight into results/");
  assert.match(r.stderr, new RegExp(`no --out given: this run writes into results/${runs[0]}/`));
  assert.match(r.stdout, new RegExp(`stopped early: rerun with --out results/${runs[0]} to resume`));
});
