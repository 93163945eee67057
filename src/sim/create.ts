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
  try {
    return await WebSocketSimulator.connect(url, { timeoutMs: config.timeoutMs });
  } catch (e) {
    if (!(e instanceof SimError) || !e.infrastructure) throw e;
    // one line that says what to do: which simulator to start, or which setting to fix
    const key = url !== config.url && config.urls?.includes(url) ? "simulator.urls" : "simulator.url";
    throw new SimError(e.code, `${e.message}; ${startHint(url)} or fix ${key}`, e.path, { infrastructure: true, url });
  }
}

function startHint(url: string): string {
  let port = "";
  try {
    port = new URL(url).port;
  } catch {}
  const p = port ? ` --port ${port}` : "";
  return `start it with polar sim serve${p} (or the Habitat bridge: python -m polar_habitat.server${p})`;
}

/** The run's settings for load_scene, so a bridge uses the config's values, not its own defaults. */
export { settingsFromConfig } from "../../sim-bridge/embedded/session.ts";
