import { z } from "zod";
import { AgentConfig } from "../agent/index.ts";
import { EmbedderConfig, MemoryConfig } from "../memory/index.ts";
import { BackboneConfig } from "../mllm/index.ts";
import { RulesConfig } from "../rules/index.ts";
import { SimulatorConfig } from "../sim/index.ts";
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
  /** modules every process loads before it resolves a name (config/plugins.ts) */
  plugins: z.array(z.string().min(1)).default([]),
});
export type PolarConfig = z.infer<typeof PolarConfig>;
