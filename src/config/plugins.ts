/**
 * `plugins:` in config: modules every Polar process loads before it resolves a name, so a
 * third-party store, backbone, measure or simulator works in the CLI, in `--concurrency` threads
 * and in queue workers alike, with no code change anywhere (compose/plugins.ts loads them).
 *
 * An entry that starts with `.` or `/` is a file, relative to the config file that lists it; any
 * other entry is a package name, resolved as Polar's own imports are.
 */
import { dirname, isAbsolute, resolve } from "node:path";
import { DEFAULT_CONFIG, isTree, readYaml } from "./yaml-file.ts";

/** Paths made absolute against `baseDir`; package names as given. */
export function resolvePlugins(specs: readonly string[], baseDir: string): string[] {
  return specs.map((s) => (s.startsWith(".") || isAbsolute(s) ? resolve(baseDir, s) : s));
}

/**
 * The plugins a config file (layered over default.yaml, as loadConfig layers it) lists, read
 * without validating the rest: what the CLI loads before a command resolves any name. A file
 * that cannot be read or holds no list yields none here; the command's own config check says why.
 */
export function pluginsListed(file: string | undefined): string[] {
  let listed: string[] = [];
  for (const f of [DEFAULT_CONFIG, ...(file ? [resolve(file)] : [])]) {
    let tree: Record<string, unknown>;
    try {
      tree = readYaml(f);
    } catch {
      continue;
    }
    const p = isTree(tree) ? tree.plugins : undefined;
    if (Array.isArray(p) && p.every((x) => typeof x === "string" && x !== ""))
      listed = resolvePlugins(p as string[], dirname(f));
  }
  return listed;
}
