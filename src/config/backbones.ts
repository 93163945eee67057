/**
 * Backbone files: `--backbone gpt-4o-mini` (or a path to a YAML file) becomes a validated
 * BackboneConfig from configs/backbones/. The composition root resolves them; src/mllm only
 * builds a policy from the config it is given.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { BackboneConfig } from "../mllm/index.ts";
import { ConfigError, loadYamlAs, REPO_ROOT } from "./load.ts";

export const BACKBONE_DIR = join(REPO_ROOT, "configs", "backbones");

/** Names of the backbone files in configs/backbones/. */
export function listBackbones(dir = BACKBONE_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => f.replace(/\.ya?ml$/, ""))
    .sort();
}

/** A backbone by name (configs/backbones/<name>.yaml) or by path to a YAML file, validated. */
export function resolveBackbone(nameOrPath: string, dir = BACKBONE_DIR): BackboneConfig {
  const isPath = /\.ya?ml$/.test(nameOrPath) || nameOrPath.includes("/") || nameOrPath.includes("\\");
  const file = isPath ? nameOrPath : [".yaml", ".yml"].map((ext) => join(dir, nameOrPath + ext)).find(existsSync);
  if (!file || !existsSync(file)) {
    const known = listBackbones(dir);
    throw new ConfigError([
      isPath
        ? `backbone file ${nameOrPath} does not exist`
        : `unknown backbone "${nameOrPath}" (known: ${known.join(", ") || "none"}; or give a path to a YAML file)`,
    ]);
  }
  return loadYamlAs(file, BackboneConfig);
}
