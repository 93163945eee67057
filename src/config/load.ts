import { dirname, resolve } from "node:path";
import type { z } from "zod";
import { resolvePlugins } from "./plugins.ts";
import { PolarConfig } from "./schema.ts";
import { ConfigError, DEFAULT_CONFIG, isTree, parseYaml, readYaml, type Tree } from "./yaml-file.ts";

export { ConfigError, DEFAULT_CONFIG, REPO_ROOT } from "./yaml-file.ts";

const ENV_PREFIX = "POLAR_";

/** Deep merge; records which source set each leaf so errors can name it. */
function overlay(base: Tree, top: Tree, source: string, sources: Map<string, string>, prefix = ""): Tree {
  const out: Tree = { ...base };
  for (const [k, v] of Object.entries(top)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (isTree(v) && isTree(out[k])) out[k] = overlay(out[k] as Tree, v, source, sources, path);
    else {
      out[k] = v;
      markSources(v, path, source, sources);
    }
  }
  return out;
}

function markSources(v: unknown, path: string, source: string, sources: Map<string, string>): void {
  sources.set(path, source);
  if (isTree(v)) for (const [k, x] of Object.entries(v)) markSources(x, `${path}.${k}`, source, sources);
}

/** Unwraps default/prefault/optional wrappers down to the object schema, if any. */
function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  let s = schema as unknown as { _zod?: { def: { type: string; innerType?: unknown; shape?: unknown } } };
  for (let i = 0; i < 8 && s?._zod; i++) {
    const def = s._zod.def;
    if (def.type === "object") return def.shape as Record<string, z.ZodType>;
    if (!def.innerType) return undefined;
    s = def.innerType as typeof s;
  }
  return undefined;
}

/** The object shape at `path` inside `root` (the whole config unless another schema is named). */
function shapeAt(path: readonly PropertyKey[], root: z.ZodType = PolarConfig): Record<string, z.ZodType> | undefined {
  let shape = objectShape(root);
  for (const key of path) {
    if (!shape) return undefined;
    shape = objectShape(shape[String(key)]);
  }
  return shape;
}

/** POLAR_SIMULATOR__CAMERA__WIDTH=640 → simulator.camera.width = 640 (keys matched case-insensitively). */
function envOverrides(env: NodeJS.ProcessEnv): { tree: Tree; names: Map<string, string>; problems: string[] } {
  const tree: Tree = {};
  const names = new Map<string, string>();
  const problems: string[] = [];
  for (const [name, raw] of Object.entries(env)) {
    if (!name.startsWith(ENV_PREFIX) || raw === undefined || !name.includes("__")) continue;
    const parts = name.slice(ENV_PREFIX.length).split("__");
    const path: string[] = [];
    let ok = true;
    for (const part of parts) {
      const shape = shapeAt(path);
      const key = shape && Object.keys(shape).find((k) => k.toLowerCase() === part.toLowerCase().replaceAll("_", ""));
      if (!key) {
        const expected = shape ? Object.keys(shape).join(", ") : "no further keys";
        problems.push(
          `env ${name}: unknown key "${[...path, part.toLowerCase()].join(".")}" (expected one of: ${expected})`,
        );
        ok = false;
        break;
      }
      path.push(key);
    }
    if (!ok) continue;
    let value: unknown;
    try {
      value = parseYaml(raw);
    } catch {
      value = raw;
    }
    let node = tree;
    for (const k of path.slice(0, -1)) {
      if (!isTree(node[k])) node[k] = {};
      node = node[k] as Tree;
    }
    node[path[path.length - 1]] = value;
    names.set(path.join("."), `env ${name}`);
  }
  return { tree, names, problems };
}

function describeIssue(
  issue: z.core.$ZodIssue,
  sources: Map<string, string>,
  fallback: string,
  root: z.ZodType = PolarConfig,
): string[] {
  const path = issue.path.map(String);
  const where = (p: string[]) => {
    for (let i = p.length; i >= 0; i--) {
      const s = sources.get(p.slice(0, i).join("."));
      if (s) return s;
    }
    return fallback;
  };
  if (issue.code === "unrecognized_keys") {
    const allowed = Object.keys(shapeAt(path, root) ?? {}).join(", ");
    return issue.keys.map((k) => {
      const full = [...path, k];
      return `${where(full)}: unknown key "${full.join(".")}" (expected one of: ${allowed})`;
    });
  }
  return [`${where(path)}: key "${path.join(".") || "(top)"}": ${issue.message}`];
}

export interface LoadOptions {
  /** A config file layered over configs/default.yaml; omitted means the default alone. */
  file?: string;
  env?: NodeJS.ProcessEnv;
  /** Values from command-line flags, applied last. */
  overrides?: Tree;
}

/** Loads default.yaml, layers the chosen file, the environment and flags over it, and validates. */
export function loadConfig(opts: LoadOptions = {}): PolarConfig {
  const sources = new Map<string, string>();
  let tree = overlay({}, readYaml(DEFAULT_CONFIG), DEFAULT_CONFIG, sources);
  const file = opts.file ? resolve(opts.file) : undefined;
  if (file && file !== DEFAULT_CONFIG) tree = overlay(tree, readYaml(file), opts.file as string, sources);
  const env = envOverrides(opts.env ?? process.env);
  if (env.problems.length) throw new ConfigError(env.problems);
  tree = overlay(tree, env.tree, "env", sources);
  for (const [path, name] of env.names) sources.set(path, name);
  if (opts.overrides) tree = overlay(tree, opts.overrides, "command line", sources);
  const parsed = PolarConfig.safeParse(tree);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.flatMap((i) => describeIssue(i, sources, opts.file ?? DEFAULT_CONFIG)));
  }
  // a plugin's path is the config file's to say: made absolute now, so that a worker thread or
  // a queue worker started elsewhere loads the same module
  const listedIn = sources.get("plugins");
  const base =
    listedIn !== undefined && (listedIn === DEFAULT_CONFIG || listedIn === opts.file)
      ? dirname(resolve(listedIn))
      : process.cwd();
  return { ...parsed.data, plugins: resolvePlugins(parsed.data.plugins, base) };
}

/** Reads a YAML file and validates it against any schema, naming the file in errors. */
export function loadYamlAs<T extends z.ZodType>(file: string, schema: T): z.infer<T> {
  const sources = new Map<string, string>();
  const parsed = schema.safeParse(readYaml(file));
  // unknown keys are listed against this schema's own keys, not the whole config's sections
  if (!parsed.success)
    throw new ConfigError(parsed.error.issues.flatMap((i) => describeIssue(i, sources, file, schema)));
  return parsed.data;
}
