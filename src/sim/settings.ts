import type { SimulatorConfig } from "./config.ts";

/** Every setting resolved: the config's values with load_scene's overrides on top. */
export interface ResolvedSettings {
  stepLength: number;
  turnAngle: number;
  agentRadius: number;
  agentHeight: number;
  successDistance: number;
  maxSteps: number;
  camera: { width: number; height: number; hfov: number; format: "jpeg" | "png"; quality: number };
}

/** The run's settings as load_scene sends them (and the embedded session's base). */
export function settingsFromConfig(config: SimulatorConfig): ResolvedSettings {
  return {
    stepLength: config.agent.stepLength,
    turnAngle: config.agent.turnAngle,
    agentRadius: config.agent.radius,
    agentHeight: config.agent.height,
    successDistance: config.successDistance,
    maxSteps: config.maxSteps,
    camera: { ...config.camera },
  };
}
