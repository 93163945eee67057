import { SimulatorConfig } from "../../src/sim/config.ts";
import { InProcessSimulator } from "../../src/sim/in-process.ts";
import { defineConformanceSuite } from "./conformance.ts";

const config = SimulatorConfig.parse({});

defineConformanceSuite("in-process simulator conformance", async () => new InProcessSimulator(config));
