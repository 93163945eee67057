import { openEmbedded } from "../../sim-bridge/embedded/in-process.ts";
import { SimulatorConfig } from "../../src/sim/config.ts";
import { defineConformanceSuite } from "./conformance.ts";

const config = SimulatorConfig.parse({});

defineConformanceSuite("in-process simulator conformance", async () => openEmbedded(config));
