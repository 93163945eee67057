/**
 * The composition root's simulators: src/sim registers the bridge client (`websocket`); the
 * embedded simulator lives in sim-bridge, so it is registered here, where the layers meet.
 * Import createSimulator from this module to get every built-in simulator.
 */
import { openEmbedded } from "../../sim-bridge/embedded/in-process.ts";
import { connectBridge, createSimulator, registerSimulator } from "../sim/index.ts";

// `embedded` with a URL is a `polar sim serve` process; without one, the simulator in process.
registerSimulator("embedded", async (config, opts) => (opts.url ? connectBridge(config, opts) : openEmbedded(config)));

export { createSimulator };
