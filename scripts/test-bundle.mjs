// The test files as JavaScript for scripts/run-tests.mjs (and anyone timing them one by one).
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { esbuildPath, sourceLocation } from "./source-location.mjs";

/**
 * The test files compiled to JavaScript in one esbuild run (about a second), each an ES module
 * under `out` (run-tests.mjs: .polar/test-build/<pid>/) with its path under test/ kept (.js: the
 * checkout's package.json says "module"): each test file is a process of its own, and under tsx
 * each paid about 0.2 s of CPU to start tsx's loader thread, then a round trip through it for
 * every module it loads.
 * Packages stay in node_modules; a module keeps its source location for files found next to it
 * (scripts/source-location.mjs). The episode thread is built beside them, and the thread pool
 * (src/compose/thread-pool.ts, which starts it from its own folder) is told it lives there, so a
 * test's --concurrency threads start built too, not each through tsx. Stack traces name the
 * TypeScript lines (inline source maps). A build that fails runs the sources through tsx, as
 * before; POLAR_TEST_TSX=1 does so always.
 */
export async function bundleTests(root, files, out) {
  const thread = "src/compose/episode-thread";
  const pool = new Map([
    [join(root, "src/compose/thread-pool.ts"), pathToFileURL(join(out, "src/compose/thread-pool.js")).href],
  ]);
  try {
    const { build } = await import(pathToFileURL(esbuildPath(createRequire, root)).href);
    await build({
      absWorkingDir: root,
      entryPoints: [...files.map((f) => ({ in: f, out: f.replace(/\.ts$/, "") })), { in: `${thread}.ts`, out: thread }],
      outdir: out,
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "node",
      target: "node20",
      packages: "external",
      sourcemap: "inline",
      logLevel: "warning",
      plugins: [sourceLocation(new Set(), pool)],
    });
    return {
      files: files.map((f) => join(out, f.replace(/\.ts$/, ".js"))),
      remove: () => rmSync(out, { recursive: true, force: true }),
    };
  } catch (e) {
    rmSync(out, { recursive: true, force: true });
    console.error(`scripts/test-bundle.mjs: the tests were not bundled (${e.message}); they run through tsx`);
    return null;
  }
}
