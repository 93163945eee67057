/**
 * The page and its modules. Nothing is built: the UI's own ES modules (src/dashboard/ui) and
 * the three libraries it imports, each one file straight from node_modules, named in the page's
 * import map. Only these names are served; a file from the data folders (a report figure) only
 * through the roots check.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { dirname, extname, join, sep } from "node:path";
import { readDataFile } from "../util/index.ts";
import type { DataRoots } from "./paths.ts";

const UI_DIR = join(import.meta.dirname, "ui");
const require = createRequire(import.meta.url);
/** A package's folder from its resolved entry (some packages do not export package.json). */
const pkgDir = (name: string) => {
  const entry = require.resolve(name);
  const at = entry.lastIndexOf(`${sep}node_modules${sep}${name}${sep}`);
  return at >= 0 ? entry.slice(0, at + `${sep}node_modules${sep}${name}`.length) : dirname(entry);
};

// Maps, not object literals: a name from the request ("__proto__", "toString") must not find
// what every object inherits.
const VENDOR = new Map<string, () => string>([
  ["preact.mjs", () => join(pkgDir("preact"), "dist", "preact.module.js")],
  ["preact-hooks.mjs", () => join(pkgDir("preact"), "hooks", "dist", "hooks.module.js")],
  ["htm.mjs", () => join(pkgDir("htm"), "dist", "htm.module.js")],
  ["cytoscape.mjs", () => join(pkgDir("cytoscape"), "dist", "cytoscape.esm.min.mjs")],
]);

const TYPES = new Map<string, string>([
  [".html", "text/html; charset=utf-8"],
  [".js", "text/javascript; charset=utf-8"],
  [".mjs", "text/javascript; charset=utf-8"],
  [".css", "text/css; charset=utf-8"],
  [".svg", "image/svg+xml"],
  [".png", "image/png"],
  [".jpeg", "image/jpeg"],
  [".jpg", "image/jpeg"],
  [".csv", "text/csv; charset=utf-8"],
  [".md", "text/markdown; charset=utf-8"],
]);

/** The page's one inline script is its import map: allowed by its hash, nothing else inline. */
function importMapHash(): string {
  const page = readFileSync(join(UI_DIR, "index.html"), "utf8");
  const map = /<script type="importmap">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? "";
  return `'sha256-${createHash("sha256").update(map).digest("base64")}'`;
}
const SCRIPT_SRC = `script-src 'self' ${importMapHash()}`;

function send(res: ServerResponse, status: number, body: string | Buffer, type = "text/plain; charset=utf-8"): void {
  res.writeHead(status, {
    "content-type": type,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    // the page loads only its own modules and talks only to its own server
    "content-security-policy": `default-src 'self'; ${SCRIPT_SRC}; img-src 'self' blob: data:; style-src 'self' 'unsafe-inline'; connect-src 'self' ws: wss:`,
  });
  res.end(body);
}

/** Answers GET `pathname`; false when the name is not one of the dashboard's files. */
export function serveStatic(pathname: string, query: URLSearchParams, roots: DataRoots, res: ServerResponse): boolean {
  if (pathname === "/" || pathname === "/index.html") {
    send(res, 200, readFileSync(join(UI_DIR, "index.html")), TYPES.get(".html"));
    return true;
  }
  // browsers ask for it whatever the page links: answered, never a 404 in the console
  if (pathname === "/favicon.ico" || pathname === "/favicon.svg") {
    send(res, 200, readFileSync(join(UI_DIR, "favicon.svg")), "image/svg+xml");
    return true;
  }
  const app = /^\/app\/([\w-]+\.(?:js|css))$/.exec(pathname);
  if (app) {
    const file = join(UI_DIR, app[1]);
    try {
      send(res, 200, readFileSync(file), TYPES.get(extname(file)));
    } catch {
      send(res, 404, "not found");
    }
    return true;
  }
  const vendor = /^\/vendor\/([\w.-]+)$/.exec(pathname);
  if (vendor) {
    const file = VENDOR.get(vendor[1]);
    if (!file) send(res, 404, "not found");
    else send(res, 200, readFileSync(file()), TYPES.get(".mjs"));
    return true;
  }
  if (pathname === "/files") {
    const given = query.get("path") ?? "";
    try {
      const real = roots.resolve(given);
      const type = TYPES.get(extname(real).toLowerCase());
      if (!type || type.startsWith("text/html")) throw new Error("not served");
      send(res, 200, readDataFile(real, { maxBytes: 64 << 20 }), type);
    } catch {
      send(res, 404, `not found: ${given.slice(0, 200)}`);
    }
    return true;
  }
  return false;
}

export { send };
