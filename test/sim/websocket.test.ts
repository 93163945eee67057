import { after } from "node:test";
import { startServer } from "../../sim-bridge/embedded/server.ts";
import { SimulatorConfig } from "../../src/sim/config.ts";
import { WebSocketSimulator } from "../../src/sim/ws-client.ts";
import { defineConformanceSuite } from "./conformance.ts";

const config = SimulatorConfig.parse({});
const server = await startServer({ host: "127.0.0.1", port: 0, config });
after(() => server.close());

defineConformanceSuite(
  "WebSocket simulator conformance",
  () => WebSocketSimulator.connect(server.url, { timeoutMs: 20_000 }),
  {
    url: server.url,
  },
);
