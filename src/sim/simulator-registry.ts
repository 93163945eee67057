/**
 * Simulators by name: `simulator.type` in config picks a registered factory. src/sim registers
 * the bridge client (`websocket`); a simulator that runs in process (the embedded one) is
 * registered by the composition root (src/compose/simulators.ts), so src/sim imports none.
 */
import { Registry, UnknownEntryError } from "../util/index.ts";
import type { SimulatorConfig } from "./config.ts";
import type { Simulator } from "./simulator.ts";
import { SimError } from "./simulator.ts";

export interface CreateOptions {
  /** bridge URL; overrides config.url / config.urls (e.g. one of several for concurrent episodes) */
  url?: string;
}

export type SimulatorFactory = (config: SimulatorConfig, opts: CreateOptions) => Promise<Simulator>;

const SIMULATORS = new Registry<SimulatorFactory>("simulator");

export function registerSimulator(type: string, factory: SimulatorFactory): void {
  SIMULATORS.register(type, factory);
}

export async function createSimulator(config: SimulatorConfig, opts: CreateOptions = {}): Promise<Simulator> {
  let factory: SimulatorFactory;
  try {
    factory = SIMULATORS.get(config.type);
  } catch (e) {
    if (e instanceof UnknownEntryError) throw new SimError("bad_config", `simulator.type: ${e.message}`, "type");
    throw e;
  }
  return factory(config, opts);
}

/** A bridge over WebSocket at opts.url, else config.url or the first of config.urls. */
export async function connectBridge(config: SimulatorConfig, opts: CreateOptions = {}): Promise<Simulator> {
  const url = opts.url ?? config.url ?? config.urls?.[0];
  if (!url) {
    throw new SimError(
      "bad_config",
      `simulator.type is ${config.type} but neither simulator.url nor simulator.urls is set`,
    );
  }
  // ws loads only when a bridge is used: the embedded simulator runs without it
  const { WebSocketSimulator } = await import("./ws-client.ts");
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

registerSimulator("websocket", connectBridge);
