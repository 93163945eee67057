/**
 * Reading a config file's tree, without the composed schema: light enough for the CLI's entry to
 * read `plugins:` before any part is loaded. Validation is load.ts's job.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// yaml is loaded on first use, not with this module: loading yaml's modules took ~85 ms of every
// start, `polar --help` included
const requireHere = createRequire(import.meta.url);
let yamlParse: ((text: string) => unknown) | undefined;
export function parseYaml(text: string): unknown {
  yamlParse ??= (requireHere("yaml") as typeof import("yaml")).parse;
  return yamlParse(text);
}

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const DEFAULT_CONFIG = join(REPO_ROOT, "configs", "default.yaml");
/** default.yaml as the build parsed it (scripts/build.mjs): its text and its tree, as JSON */
const DEFAULT_PARSED_AT_BUILD = join(REPO_ROOT, "dist", "default-config.json");

/**
 * The tree of default.yaml when the build parsed this very text, so that a start on the defaults
 * does not load yaml (~40 ms); undefined for any other file or text (then yaml parses it).
 */
function parsedAtBuild(file: string, text: string): { tree: unknown } | undefined {
  if (file !== DEFAULT_CONFIG) return undefined;
  try {
    const built = JSON.parse(readFileSync(DEFAULT_PARSED_AT_BUILD, "utf8")) as { text?: unknown; tree?: unknown };
    return built.text === text ? { tree: built.tree } : undefined;
  } catch {
    return undefined;
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    // one problem, one line (what `polar` prints for a bad value); several, one line each
    super(
      problems.length === 1
        ? `invalid configuration: ${problems[0]}`
        : `invalid configuration:\n  ${problems.join("\n  ")}`,
    );
    this.name = "ConfigError";
  }
}

export type Tree = Record<string, unknown>;
export const isTree = (v: unknown): v is Tree => typeof v === "object" && v !== null && !Array.isArray(v);

export function readYaml(file: string): Tree {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new ConfigError([`${file}: cannot read (${(e as Error).message})`]);
  }
  let doc: unknown;
  try {
    doc = (parsedAtBuild(file, text) ?? { tree: parseYaml(text) }).tree;
  } catch (e) {
    throw new ConfigError([`${file}: not valid YAML (${(e as Error).message})`]);
  }
  if (doc == null) return {};
  if (!isTree(doc)) throw new ConfigError([`${file}: expected a mapping at the top level`]);
  return doc;
}
