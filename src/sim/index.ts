/**
 * What other parts may use of src/sim: the Simulator interface, the wire protocol, simulator
 * config and settings. Imports across parts come here (.dependency-cruiser.cjs, part-interfaces);
 * scripts/dev/part-imports.ts keeps the list below.
 */
export { SimulatorConfig } from "./config.ts";
export { bytesIfEncoded, encodedImage, fileFormat } from "./image-bytes.ts";
export type { InProcessSimulator } from "./in-process.ts";
export type { EpisodeMetrics, Observation, Receptacle, SceneInfo, SimSettings, ViewName } from "./protocol.ts";
export {
  Action,
  Category,
  ObjectAttributes,
  ObjectSpec,
  PINNED_CATEGORIES,
  Pose,
  Vec3,
  VisibleInstance,
} from "./protocol.ts";
export { settingsFromConfig } from "./settings.ts";
export type { AgentSimulator, Image, Simulator, ViewsRequest, WithImages } from "./simulator.ts";
export { SimError } from "./simulator.ts";

/*
 * Imported directly, not through this file: each loads a package at import that start-up must
 * not load (issue 23), so only a module that pays for it anyway reaches it (a command, when it
 * runs). .dependency-cruiser.cjs reads these lines; scripts/dev/part-imports.ts writes them.
 * heavy: ./conformance.ts (sharp, ws)
 * heavy: ./simulator-registry.ts (ws)
 * heavy: ./ws-client.ts (ws)
 */
