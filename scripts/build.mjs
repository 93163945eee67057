#!/usr/bin/env node
// `npm install` / `npm ci` (the prepare script): compiles the CLI into dist/ with esbuild, so
// `polar` starts without compiling TypeScript on every run. bin/polar.js runs dist/ only while
// it is fresh (built from this checkout, no source newer than the build) and tsx otherwise, so
// an edit to src/ takes effect at once and a failed build costs speed, never correctness.
//
// One ES-module bundle per entry, split into chunks so each command's modules still load only
// when that command runs (src/cli/commands/index.ts); packages stay in node_modules but for
// the few every start loads (BUNDLED). A module
// that finds files next to itself (import.meta.url / .dirname: configs/, the dashboard's ui/,
// scenes/) keeps its source location, since the bundle lives elsewhere; the worker-thread
// launcher alone keeps its own, to find dist/episode-thread.js.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { esbuildPath, sourceLocation } from "./source-location.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const { build } = await import(pathToFileURL(esbuildPath(createRequire, root)).href);

// the worker-thread launcher finds dist/episode-thread.js beside its own chunk
const KEEP_OWN_URL = new Set([join(root, "src/compose/thread-pool.ts")]);

// zod, which every start loads (--help included), goes into the bundle: node resolves and loads
// its ~100 ES module files one by one (~0.1 s here), a chunk at once. Every other package stays
// in node_modules: native code, loaded only by the command that needs it, or CommonJS that
// requires Node's built-ins, which an ES-module bundle cannot do.
const BUNDLED = new Set(["zod"]);
const packagesExternal = {
  name: "packages-external",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:")) return { external: true };
      const name = args.path.startsWith("@") ? args.path.split("/").slice(0, 2).join("/") : args.path.split("/")[0];
      return BUNDLED.has(name) ? undefined : { external: true };
    });
  },
};

/**
 * configs/default.yaml parsed once here, beside its text: src/config/load.ts uses the tree while
 * the file holds that very text, so a start on the defaults never loads yaml. Only a tree that
 * JSON carries unchanged is written (no .inf, no dates).
 */
function writeDefaultConfig() {
  const text = readFileSync(join(root, "configs", "default.yaml"), "utf8");
  const yaml = createRequire(join(root, "package.json"))("yaml");
  const tree = yaml.parse(text);
  const json = JSON.stringify({ text, tree });
  if (!isDeepStrictEqual(JSON.parse(json).tree, tree)) return;
  writeFileSync(join(dist, "default-config.json"), `${json}\n`);
}

const started = Date.now();
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
try {
  await build({
    absWorkingDir: root,
    entryPoints: { cli: "src/cli/main.ts", "episode-thread": "src/compose/episode-thread.ts" },
    outdir: dist,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: "linked",
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: "warning",
    plugins: [packagesExternal, sourceLocation(KEEP_OWN_URL)],
  });
  writeDefaultConfig();
  writeFileSync(join(dist, "build.json"), `${JSON.stringify({ root, builtAt: started }, null, 2)}\n`);
  console.log(`polar: built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (e) {
  // the CLI still runs, from the sources through tsx
  rmSync(dist, { recursive: true, force: true });
  console.error(`polar: dist/ not built (${e.message}); polar runs from src/ through tsx`);
}
