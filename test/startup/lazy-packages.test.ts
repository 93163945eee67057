/**
 * Start-up stays lazy with every part's interface in its entry file: importing all of
 * src/<part>/index.ts loads none of the packages a command may never need (native code, network
 * clients, the model SDKs). Each is loaded on first use (src/util/lazy-package.ts, lazy-sharp.ts,
 * the providers' clients), so any module may import any part's entry file. A static import of
 * one of these packages anywhere an entry file reaches fails here, naming the importer.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";

const ROOT = resolve(import.meta.dirname, "..", "..");
const DEFERRED = [
  "sharp",
  "openai",
  "@google/genai",
  "bullmq",
  "ioredis",
  "onnxruntime-node",
  "@huggingface/transformers",
  "neo4j-driver",
  "better-sqlite3",
  "ws",
  "playwright-core",
  "cli-progress",
  "@mcap/core",
];
const dir = mkdtempSync(join(tmpdir(), "polar-startup-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The packages a process that runs `code` loads: [specifier, importer]. */
function resolvedBy(code: string): string[][] {
  const log = join(dir, `resolved-${Math.random().toString(36).slice(2)}.tsv`);
  const recorder = join(ROOT, "test", "startup", "record-packages.mjs");
  const res = spawnSync(
    process.execPath,
    ["--import", recorder, "--import", "tsx", "--input-type=module", "-e", code],
    {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 120_000,
      env: { ...process.env, POLAR_PACKAGE_LOG: log },
    },
  );
  assert.equal(res.status, 0, `the import failed: ${res.stderr}`);
  let text = "";
  try {
    text = readFileSync(log, "utf8");
  } catch {
    // nothing resolved from node_modules at all
  }
  return text
    .split("\n")
    .filter(Boolean)
    .map((l) => l.split("\t"));
}

const packageOf = (specifier: string) => {
  const parts = specifier.split("/");
  return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
};

const entries = readdirSync(join(ROOT, "src"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => join(ROOT, "src", d.name, "index.ts"))
  .filter((f) => {
    try {
      return readFileSync(f, "utf8").length > 0;
    } catch {
      return false;
    }
  });

test("importing every part's entry file loads none of the deferred packages", () => {
  assert.ok(entries.length >= 10, `found only ${entries.length} entry files`);
  const code = entries.map((f) => `await import(${JSON.stringify(pathToFileURL(f).href)});`).join("\n");
  const loaded = resolvedBy(code).filter(([url]) => DEFERRED.includes(packageOf(url)));
  assert.deepEqual(
    loaded.map(([url, by]) => `${packageOf(url)} (imported by ${by.replace(pathToFileURL(ROOT).href, "")})`),
    [],
  );
});

test("the check sees a package imported or required, and the lazy loaders load on first use", () => {
  // what the test above relies on: both ways a package is loaded are seen
  const loaded = resolvedBy(
    `await import("better-sqlite3"); const { wsPackage } = await import(${JSON.stringify(pathToFileURL(join(ROOT, "src/util/index.ts")).href)}); wsPackage();`,
  ).map(([s]) => packageOf(s));
  assert.ok(loaded.includes("better-sqlite3") && loaded.includes("ws"), `saw ${loaded.join(", ")}`);
});
