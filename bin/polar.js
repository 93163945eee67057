#!/usr/bin/env node
// Runs the CLI compiled at install (dist/, scripts/build.mjs) while it is fresh: built from this
// checkout and no source newer than the build. Otherwise the TypeScript sources through tsx, so
// there is no build step between a clone, or an edit, and a working CLI.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function newestSource(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (e.name.endsWith(".ts")) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

function distIsFresh() {
  if (process.env.POLAR_FROM_SOURCE === "1") return false;
  const info = join(root, "dist", "build.json");
  if (!existsSync(info) || !existsSync(join(root, "dist", "cli.js"))) return false;
  try {
    const built = JSON.parse(readFileSync(info, "utf8"));
    if (built.root !== root) return false;
    const sources = ["src", "sim-bridge/embedded"].map((d) => newestSource(join(root, d)));
    return Math.max(...sources, statSync(join(root, "package.json")).mtimeMs) <= built.builtAt;
  } catch {
    return false;
  }
}

if (distIsFresh()) await import("../dist/cli.js");
else {
  const { register } = await import("tsx/esm/api");
  register();
  await import("../src/cli/main.ts");
}
