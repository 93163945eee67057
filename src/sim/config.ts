import { z } from "zod";

/** Agent body and action sizes. Defaults are Polar's (paper §3.3); configs/pin.yaml has PIN's. */
export const AgentBodyConfig = z.strictObject({
  stepLength: z.number().positive().default(1.0).describe("MOVE_FORWARD distance in metres"),
  turnAngle: z.number().positive().max(180).default(30).describe("TURN_LEFT/RIGHT in degrees"),
  radius: z.number().positive().default(0.18).describe("agent radius in metres"),
  height: z.number().positive().default(1.5).describe("camera height in metres"),
});

export const CameraConfig = z.strictObject({
  width: z.number().int().min(16).max(4096).default(320),
  height: z.number().int().min(16).max(4096).default(240),
  hfov: z.number().positive().max(170).default(90).describe("horizontal field of view, degrees"),
  format: z.enum(["jpeg", "png"]).default("jpeg"),
  quality: z.number().int().min(1).max(100).default(80),
});

export const SimulatorConfig = z.strictObject({
  type: z
    .string()
    .min(1)
    .default("embedded")
    .describe("a registered simulator: embedded (in process, or `polar sim serve` at url) or websocket (any bridge)"),
  url: z.string().url().optional().describe("bridge URL when type is websocket"),
  urls: z.array(z.string().url()).optional().describe("several bridge URLs for concurrent episodes"),
  timeoutMs: z.number().int().positive().default(30_000),
  agent: AgentBodyConfig.prefault({}),
  camera: CameraConfig.prefault({}),
  successDistance: z.number().positive().default(2.0),
  maxSteps: z.number().int().positive().default(700),
  gridResolution: z.number().positive().max(0.1).default(0.05).describe("nav grid cell, metres"),
});
export type SimulatorConfig = z.infer<typeof SimulatorConfig>;
