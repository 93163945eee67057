import { z } from "zod";

export const AgentConfig = z.strictObject({
  memory: z.enum(["none", "raw", "polar"]).default("polar"),
  rawInteractions: z.number().int().positive().default(15).describe("raw-interaction baseline sample size"),
  seed: z.number().int().default(0),
  views: z.enum(["auto", "always", "never"]).default("auto").describe("render images for the backbone"),
});
export type AgentConfig = z.infer<typeof AgentConfig>;
