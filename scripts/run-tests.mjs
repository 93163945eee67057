#!/usr/bin/env node
// Finds every *.test.ts under test/ (Node 20's runner does not glob TypeScript) and runs them
// with node's own test runner, so CI reads its closing summary.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { distIsFresh } from "../bin/dist-fresh.js";
import { bundleTests } from "./test-bundle.mjs";

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

const args = process.argv.slice(2);
const filters = args.filter((a) => a !== "--checks");
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
// each file's time (scripts/test-times.mjs), the slowest printed at the end: CI is kept under 15 minutes
const TIMES = join(root, ".polar", "test-times.json");
mkdirSync(dirname(TIMES), { recursive: true });
if (process.env.POLAR_FROM_SOURCE !== "1" && !distIsFresh(root))
  spawnSync(process.execPath, [join(root, "scripts", "build.mjs")], { stdio: "inherit" });
// --checks (npm test): the type check, lint and layer rules run beside the suite, not before it.
// Each is one process; run first, one after another, they held the suite back a minute on an
// idle machine and several on a loaded one, where a lone process gets the smallest share of the
// cores. A failed check is printed when it ends and fails the run at the end.
const checks = args.includes("--checks") ? startChecks(["typecheck", "lint", "depcheck"]) : [];
const browser = await sharedChromium(files);
const bundles =
  process.env.POLAR_TEST_TSX === "1"
    ? null
    : await bundleTests(root, files, join(root, ".polar", "test-build", String(process.pid)));
const tests = spawn(
  process.execPath,
  [
    ...(bundles ? ["--enable-source-maps"] : ["--import", "tsx"]),
    "--test",
    // A test file spends most of its time waiting on what it started (the CLI, servers, Chromium),
    // so two files a core keep the cores busy; on a machine others load, each running file is one
    // more thread in the scheduler's share. POLAR_TEST_CONCURRENCY overrides it.
    `--test-concurrency=${Number(process.env.POLAR_TEST_CONCURRENCY) || 4}`,
    // no test may hang the run: one past this fails, and its file's after() hooks kill what it started.
    // It bounds each file as a whole too: at load 15 the queue file's two multi-worker runs and its
    // reference run took more than 300 s between them, so a file gets ten minutes
    `--test-timeout=${Number(process.env.POLAR_TEST_TIMEOUT_MS) || 600_000}`,
    "--test-reporter=spec",
    "--test-reporter-destination=stdout",
    `--test-reporter=${join(root, "scripts", "test-times.mjs")}`,
    `--test-reporter-destination=${TIMES}`,
    ...(bundles?.files ?? files),
  ],
  { stdio: "inherit", env: browser ? { ...process.env, POLAR_CHROMIUM_WS: browser.endpoint } : process.env },
);
const status = await new Promise((done) => tests.once("exit", (code) => done(code ?? 1)));
printSlowest(TIMES, 8);
browser?.stop();
bundles?.remove();
const failed = (await Promise.all(checks)).filter((c) => c.code !== 0);
if (checks.length)
  console.log(
    failed.length
      ? `checks failed: ${failed.map((c) => c.name).join(", ")}`
      : "checks passed: typecheck, lint, depcheck",
  );
process.exit(status !== 0 ? status : failed.length ? 1 : 0);

/** Each npm script as a child whose output is held and printed, whole, only if it fails. */
function startChecks(names) {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  return names.map(
    (name) =>
      new Promise((done) => {
        const child = spawn(npm, ["run", "-s", name], { stdio: ["ignore", "pipe", "pipe"] });
        let out = "";
        child.stdout.on("data", (d) => (out += d));
        child.stderr.on("data", (d) => (out += d));
        // a check that cannot start fails as one that ran and failed; 'close' may follow 'error'
        let ended = false;
        const end = (code) => {
          if (ended) return;
          ended = true;
          if (code !== 0)
            console.error(`\n--- npm run ${name} failed (exit ${code}) ---\n${out}--- end of ${name} ---\n`);
          done({ name, code });
        };
        child.once("error", (e) => {
          out += `${e}\n`;
          end(1);
        });
        child.once("close", (code) => end(code ?? 1));
      }),
  );
}

/**
 * One chromium for every browser test of the run (test/dashboard/chromium-server.ts), when any
 * runs and chromium is there: each test file is a process of its own, and a launch each cost
 * about a second of CPU. Without chromium the files skip or fail as test/dashboard/browser.ts says.
 */
async function sharedChromium(files) {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (process.env.POLAR_CHROMIUM_WS || !existsSync(chromium)) return null;
  if (!files.some((f) => readFileSync(f, "utf8").includes("launchChromium("))) return null;
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "test", "dashboard", "chromium-server.ts")], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const endpoint = await new Promise((done) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("\n")) done(out.trim());
    });
    child.once("exit", () => done(null));
  });
  if (!endpoint) {
    console.error("scripts/run-tests.mjs: the shared chromium did not start; each browser test file launches its own");
    return null;
  }
  return { endpoint, stop: () => child.stdin.end() };
}

/** The slowest test files of this run, from the times reporter's JSON; nothing when it wrote none. */
function printSlowest(path, n) {
  let times;
  try {
    times = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return;
  }
  const total = times.reduce((s, f) => s + f.ms, 0);
  console.log(
    `\nslowest test files (of ${times.length} that declare tests, ${(total / 1000).toFixed(0)} s in all; every file in ${path}):`,
  );
  for (const f of times.slice(0, n)) console.log(`  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.file}`);
}
