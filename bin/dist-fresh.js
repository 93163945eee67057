// Whether dist/ (scripts/build.mjs) may stand in for the TypeScript sources: built from this
// checkout, and no source, nor package.json, newer than the build. bin/polar.js runs dist/ only
// then; scripts/run-tests.mjs rebuilds it when it is not, so the CLIs the tests spawn start fast.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

function newestSource(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (e.name.endsWith(".ts")) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

/** `root`: the checkout's folder (where package.json is). */
export function distIsFresh(root) {
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
