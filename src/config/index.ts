/**
 * What other parts may use of src/config: loading config (configs/default.yaml and layers over
 * it), the backbone files, the composed schema. Imports across parts come here
 * (.dependency-cruiser.cjs, part-interfaces).
 */
export { listBackbones, resolveBackbone } from "./backbones.ts";
export { EvalConfig } from "./eval-schema.ts";
export { ConfigError, loadConfig, REPO_ROOT } from "./load.ts";
export { pluginsListed } from "./plugins.ts";
export type { PolarConfig } from "./schema.ts";
