#!/usr/bin/env node
// Finds every *.test.ts under test/ (Node 20's runner does not glob TypeScript) and runs them
// with node's own test runner, so CI reads its closing summary.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function find(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "fixtures") continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...find(p));
    else if (name.endsWith(".test.ts")) out.push(p);
  }
  return out;
}

const filters = process.argv.slice(2);
let files = find("test").sort();
if (filters.length) files = files.filter((f) => filters.some((x) => f.includes(x)));
if (files.length === 0) {
  console.error("no test files matched");
  process.exit(1);
}
const res = spawnSync(
  process.execPath,
  [
    "--import",
    "tsx",
    "--test",
    "--test-concurrency=2",
    // no test may hang the run: one past this fails, and its file's after() hooks kill what it started
    `--test-timeout=${Number(process.env.POLAR_TEST_TIMEOUT_MS) || 300_000}`,
    "--test-reporter=spec",
    ...files,
  ],
  { stdio: "inherit" },
);
process.exit(res.status ?? 1);
