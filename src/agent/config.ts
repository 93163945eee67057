import { z } from "zod";

export const AgentConfig = z.strictObject({
  memory: z.enum(["none", "raw", "polar"]).default("polar"),
  rawInteractions: z.number().int().positive().default(15).describe("raw-interaction baseline sample size"),
  views: z.enum(["auto", "always", "never"]).default("auto").describe("render images for the backbone"),
  schedule: z
    .enum(["hierarchical", "every_step"])
    .default("hierarchical")
    .describe("when the low-level planner is asked: at decision points, or before every primitive action"),
  imageDecisionEvery: z
    .number()
    .int()
    .min(0)
    .default(0)
    .describe(
      "image backbones: also ask the low-level planner every N steps along a plan (0: only at room scans and on entering a room not seen yet)",
    ),
  maxLocalSteps: z
    .number()
    .int()
    .positive()
    .default(24)
    .describe("primitive actions the low-level planner may steer in a row before the plan resumes"),
  arrivalRadius: z.number().positive().default(1.0).describe("metres from a waypoint that count as arrived"),
  maxReplans: z.number().int().min(0).default(6).describe("replans per waypoint after collisions"),
  traversalBudget: z.number().int().positive().default(3000).describe("step budget of the scene-graph traversal"),
});
export type AgentConfig = z.infer<typeof AgentConfig>;
