import { z } from "zod";
import { AgentConfig } from "../agent/config.ts";
import { EmbedderConfig, MemoryConfig } from "../memory/config.ts";
import { BackboneConfig } from "../mllm/config.ts";
import { RulesConfig } from "../rules/config.ts";
import { SimulatorConfig } from "../sim/config.ts";
import { EvalConfig } from "./eval-schema.ts";

/** The whole run configuration: each part owns its section's schema. */
export const PolarConfig = z.strictObject({
  simulator: SimulatorConfig.prefault({}),
  memory: MemoryConfig.prefault({}),
  embedder: EmbedderConfig.prefault({}),
  backbone: BackboneConfig.prefault({}),
  agent: AgentConfig.prefault({}),
  eval: EvalConfig.prefault({}),
  rules: RulesConfig.prefault({}),
});
export type PolarConfig = z.infer<typeof PolarConfig>;
