/** The sim part's public face: what other parts import. */
export { type CheckResult, type ConformanceOptions, runConformance } from "./conformance.ts";
export { type CreateOptions, createSimulator, settingsFromConfig } from "./create.ts";
export { InProcessSimulator } from "./in-process.ts";
export * from "./protocol.ts";
export { type Image, SimError, type Simulator, type ViewsRequest, type WithImages } from "./simulator.ts";
export { WebSocketSimulator } from "./ws-client.ts";
