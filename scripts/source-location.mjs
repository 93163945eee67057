// An esbuild plug-in for builds that run TypeScript from somewhere else than its sources
// (dist/, the tests' bundles): a module that finds files next to itself (import.meta.url /
// .dirname: configs/, the dashboard's ui/, scenes/) keeps its source location. Modules in
// `keepOwnUrl` keep their own (the bundle's) instead; those in `urlOf` get the URL given there.
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";

export function sourceLocation(keepOwnUrl = new Set(), urlOf = new Map()) {
  return {
    name: "source-location",
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        let code = readFileSync(args.path, "utf8");
        if (!keepOwnUrl.has(args.path) && code.includes("import.meta."))
          code = code
            .replaceAll("import.meta.dirname", JSON.stringify(dirname(args.path)))
            .replaceAll("import.meta.url", JSON.stringify(urlOf.get(args.path) ?? pathToFileURL(args.path).href));
        return { contents: code, loader: "ts" };
      });
    },
  };
}

/** esbuild, which comes with tsx (a dependency), whichever folder npm put it in */
export function esbuildPath(createRequire, root) {
  return createRequire(createRequire(`${root}/package.json`).resolve("tsx")).resolve("esbuild");
}
