#!/usr/bin/env node
// Finds every *.test.ts under test/ (Node 20's runner does not glob TypeScript) and runs them
// with node's own test runner, so CI reads its closing summary.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { distIsFresh } from "../bin/dist-fresh.js";

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
// Tests spawn the real CLI hundreds of times (bin/polar.js): from a stale dist/ each start, and
// each episode thread, compiles TypeScript through tsx, about twice the CPU of a built one. A
// build takes about a second; one that fails leaves the CLI on tsx, as bin/polar.js does.
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
if (process.env.POLAR_FROM_SOURCE !== "1" && !distIsFresh(root))
  spawnSync(process.execPath, [join(root, "scripts", "build.mjs")], { stdio: "inherit" });
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
