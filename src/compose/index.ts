/**
 * What other parts may use of src/compose: a run composed from config: the plan checked before
 * the first episode, the wiring of simulators, backbones and memory, memory folders, plug-ins,
 * episode threads, and the whole evaluation from config to report (evaluate.ts), which `polar
 * eval`, `npm start`, the queue and the dashboard build on. Imports across parts come here
 * (.dependency-cruiser.cjs, part-interfaces).
 */

export { dryRun, formatDryRun } from "./dry-run.ts";
export type { EvaluateOptions } from "./evaluate.ts";
export { evaluate } from "./evaluate.ts";
export { createMemoryFactory } from "./memory-factory.ts";
export { memoryConfigFor, memoryToRead, readStoreRecord, STORE_RECORD, StoreElsewhereError } from "./memory-folder.ts";
export type { PluginHost } from "./plugins.ts";
export { loadPlugins } from "./plugins.ts";
export { buildPlan, PlanError } from "./setup.ts";
export type { MemoryFactory } from "./wiring.ts";
export { createRuntime } from "./wiring.ts";
