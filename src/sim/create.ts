/** Builds the Simulator a config names, and the per-scene settings a run sends to load_scene. */
import type { SimulatorConfig } from "./config.ts";
import { InProcessSimulator } from "./in-process.ts";
import type { Simulator } from "./simulator.ts";
import { SimError } from "./simulator.ts";
import { WebSocketSimulator } from "./ws-client.ts";

export interface CreateOptions {
  /** bridge URL; overrides config.url / config.urls (e.g. one of several for concurrent episodes) */
  url?: string;
}

export async function createSimulator(config: SimulatorConfig, opts: CreateOptions = {}): Promise<Simulator> {
  if (config.type === "embedded" && !opts.url) return new InProcessSimulator(config);
  const url = opts.url ?? config.url ?? config.urls?.[0];
  if (!url) {
    throw new SimError("bad_config", "simulator.type is websocket but neither simulator.url nor simulator.urls is set");
  }
  return WebSocketSimulator.connect(url, { timeoutMs: config.timeoutMs });
}

/** The run's settings for load_scene, so a bridge uses the config's values, not its own defaults. */
export { settingsFromConfig } from "../../sim-bridge/embedded/session.ts";
