/**
 * What other parts may use of src/sim: the Simulator interface, the wire protocol, simulator
 * config and settings. Imports across parts come here (.dependency-cruiser.cjs, part-interfaces).
 */
export { SimulatorConfig } from "./config.ts";
export { runConformance } from "./conformance.ts";
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
export { connectBridge, createSimulator, registerSimulator } from "./simulator-registry.ts";
export { WebSocketSimulator } from "./ws-client.ts";
