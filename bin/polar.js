#!/usr/bin/env node
// Runs the CLI compiled at install (dist/, scripts/build.mjs) while it is fresh: built from this
// checkout and no source newer than the build. Otherwise the TypeScript sources through tsx, so
// there is no build step between a clone, or an edit, and a working CLI.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { distIsFresh } from "./dist-fresh.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

if (process.env.POLAR_FROM_SOURCE !== "1" && distIsFresh(root)) await import("../dist/cli.js");
else {
  const { register } = await import("tsx/esm/api");
  register();
  await import("../src/cli/main.ts");
}
