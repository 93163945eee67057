/**
 * Backbones by name: `createPolicy` builds one from its config entry's `type`, and
 * `resolveBackbone` turns `--backbone gpt-4o-mini` (or a path to a YAML file) into a validated
 * config from configs/backbones/.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, loadYamlAs, REPO_ROOT } from "../config/load.ts";
import type { SimulatorConfig } from "../sim/config.ts";
import type { ChatModel } from "./chat-model.ts";
import { BackboneConfig } from "./config.ts";
import { GeminiChatModel, type GeminiOptions } from "./gemini.ts";
import type { StopRule } from "./heuristic/low-level.ts";
import { HeuristicPolicy } from "./heuristic.ts";
import { LlmPolicy } from "./llm-policy.ts";
import { OpenAIChatModel } from "./openai.ts";
import type { Policy } from "./policy.ts";

export const BACKBONE_DIR = join(REPO_ROOT, "configs", "backbones");

export interface CreateOptions {
  env?: NodeJS.ProcessEnv;
  /** the run's simulator settings: the heuristic measures its stop rule in this camera and these steps */
  simulator?: SimulatorConfig;
  /** Gemini only: replaces the backoff wait */
  sleep?: GeminiOptions["sleep"];
}

type ModelFactory = (config: BackboneConfig, options: CreateOptions) => ChatModel;

const MODELS: Record<"openai" | "gemini", ModelFactory> = {
  openai: (config, o) => new OpenAIChatModel(config, o.env),
  gemini: (config, o) => new GeminiChatModel(config, { env: o.env, sleep: o.sleep }),
};

/** The chat model behind an LLM backbone; checks the key first (BackboneConfigError names the variable). */
export function createChatModel(config: BackboneConfig, options: CreateOptions = {}): ChatModel {
  if (config.type === "heuristic") throw new Error(`backbone "${config.name}" is the heuristic: it has no chat model`);
  return MODELS[config.type](config, options);
}

export function createPolicy(config: BackboneConfig, options: CreateOptions = {}): Policy {
  if (config.type === "heuristic") {
    const sim = options.simulator;
    return new HeuristicPolicy({ name: config.name, ...(sim ? { stop: stopRuleFor(sim) } : {}) });
  }
  return new LlmPolicy(createChatModel(config, options), config);
}

/**
 * The heuristic's stop rule under a run's simulator: Polar's 1.7 m stop inside its 2 m success
 * radius keeps the same proportion under other radii (PIN's 1 m).
 */
export function stopRuleFor(sim: SimulatorConfig): StopRule {
  return {
    camera: { width: sim.camera.width, height: sim.camera.height, hfovDeg: sim.camera.hfov },
    stopDistance: 0.85 * sim.successDistance,
    successDistance: sim.successDistance,
    stepLength: sim.agent.stepLength,
  };
}

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
