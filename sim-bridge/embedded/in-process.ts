/** The embedded simulator in the agent's process: one session, no socket, views as raw pixels. */
import type { SimulatorConfig } from "../../src/sim/config.ts";
import { InProcessSimulator } from "../../src/sim/in-process.ts";
import { EmbeddedSession } from "./session.ts";

export function openEmbedded(config: SimulatorConfig): InProcessSimulator {
  return new InProcessSimulator(new EmbeddedSession(config, { rawViews: true }));
}
